package inetaton

import "testing"

// TestParseLooseIPv4 pins the loose IPv4 reading of inet_aton and of the
// URL Standard's IPv4 parser (section 3.5): the address, what the reading
// met on the way, and the fault that ends it, in the standard's order.
func TestParseLooseIPv4(t *testing.T) {
	tests := []struct {
		in    string
		want  Result
		fault Fault
	}{
		{"127.0.0.1", Result{Addr: 0x7f000001, Parts: 4}, OK},
		{"0x7f.1", Result{Addr: 0x7f000001, Parts: 2, NonDecimal: 1}, OK},
		{"0177.0.0.1", Result{Addr: 0x7f000001, Parts: 4, NonDecimal: 1}, OK},
		{"2130706433", Result{Addr: 0x7f000001, Parts: 1, Over255: true}, OK}, // any part above 255 is noted
		{"0", Result{Parts: 1}, OK},                                           // a lone "0" is decimal
		{"0x", Result{Parts: 1, NonDecimal: 1}, OK},                           // "0x" without digits is 0
		{"1.2.3.4.", Result{Addr: 0x01020304, Parts: 4, FinalDot: true}, OK},
		{"1.2.3.4%2E", Result{Addr: 0x01020304, Parts: 4, FinalDot: true}, OK},
		{"%31%32%37.1", Result{Addr: 0x7f000001, Parts: 2}, OK},
		{"127%2e1", Result{Addr: 0x7f000001, Parts: 2}, OK},
		{"1.2.3.4.5", Result{Addr: 0, Parts: 4, Over255: false}, TooManyParts},
		{"1.2.3.4..", Result{Parts: 4, FinalDot: true}, TooManyParts}, // only one final "." goes
		{"a.2.3.4.5", Result{Parts: 1}, NonNumeric},                   // left to right: see Parts
		{".", Result{Parts: 1, FinalDot: true}, NonNumeric},
		{"1..2", Result{Parts: 2}, NonNumeric},
		{"0x1.09", Result{Parts: 2, NonDecimal: 1}, NonNumeric}, // 9 is no octal digit
		{"0x1.0x2.zz", Result{Parts: 3, NonDecimal: 2}, NonNumeric},
		{"0x1.0x2.zz.0x3", Result{Parts: 3, NonDecimal: 2}, NonNumeric}, // what follows is not read
		{"1%", Result{Parts: 1}, NonNumeric},                            // a "%" that encodes nothing
		{"1%zz", Result{Parts: 1}, NonNumeric},                          // likewise
		{"256.1", Result{Parts: 2, Over255: true}, OutOfRange},
		{"1.16777216", Result{Parts: 2, Over255: true}, OutOfRange},
		{"1.2.3.256", Result{Parts: 4, Over255: true}, OutOfRange},
		{"4294967296", Result{Parts: 1, Over255: true}, OutOfRange},
		{"0xffffffffffffffffffff", Result{Parts: 1, NonDecimal: 1, Over255: true}, OutOfRange},
		{"4294967295", Result{Addr: 0xffffffff, Parts: 1, Over255: true}, OK},
	}
	for _, tt := range tests {
		got, fault := Parse(tt.in)
		if fault != OK {
			got.Addr = 0
		}
		if got != tt.want || fault != tt.fault {
			t.Errorf("Parse(%q) = %+v, %v; want %+v, %v", tt.in, got, fault, tt.want, tt.fault)
		}
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = Parse("%30x7f.1") }); n != 0 {
		t.Errorf("Parse allocates %v times", n)
	}
}

// TestIPv4Number pins the IPv4 number parser of the URL Standard, section
// 3.5: the prefixes, the empty input, and the saturation at 1<<32.
func TestIPv4Number(t *testing.T) {
	tests := []struct {
		in         string
		v          uint64
		nonDecimal bool
		ok         bool
	}{
		{"", 0, false, false},
		{"0", 0, false, true},
		{"10", 10, false, true},
		{"010", 8, true, true},
		{"0x10", 16, true, true},
		{"0X1f", 31, true, true},
		{"0x", 0, true, true},
		{"08", 0, false, false},
		{"0xg", 0, false, false},
		{"1a", 0, false, false},
		{"99999999999999999999", 1 << 32, false, true},
		{"%30x1", 1, true, true}, // percent-encoded "0"
	}
	for s, want := range map[string]int{
		"": 1, ".": 1, "1": 1, "1.": 1, "1.2.3.4.5": 5, "1.2.3.4.": 4, "1.2.3.4..": 5,
		"1%2e2%2E3": 3, "1.2%2e": 2, "a.b.c.d.e": 5,
	} {
		if got := Parts(s); got != want {
			t.Errorf("Parts(%q) = %d, want %d", s, got, want)
		}
	}
	// A "0" alone is decimal, whatever "." follows it.
	for _, s := range []string{"0.1", "0%2e1", "%30%2E1"} {
		if r, fault := Parse(s); fault != OK || r.NonDecimal != 0 || r.Addr != 1 {
			t.Errorf("Parse(%q) = %+v, %v; want 0.0.0.1, no part in another base", s, r, fault)
		}
	}
	for _, tt := range tests {
		v, nd, ok := Number(tt.in)
		if v != tt.v || nd != tt.nonDecimal || ok != tt.ok {
			t.Errorf("Number(%q) = %d, %v, %v; want %d, %v, %v", tt.in, v, nd, ok, tt.v, tt.nonDecimal, tt.ok)
		}
	}
}
