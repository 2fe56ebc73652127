package display

import (
	"strings"
	"testing"
	"unicode"

	"github.com/gouri/uri/internal/idnacheck"
)

// plainALabel decodes the A-label a when plainLabel accepts its U-label.
func plainALabel(a string) (string, bool) {
	rs, ok := idnacheck.DecodePunycode(nil, strings.TrimPrefix(a, "xn--"))
	if !ok || !strings.HasPrefix(a, "xn--") {
		return "", false
	}
	l := readRunes(rs, nil)
	if !plainLabel(&l) {
		return "", false
	}
	return string(rs), true
}

// encodePunycode is a slow reference encoder of RFC 3492, Section 6.3, for
// the tests: the A-label of label.
func encodePunycode(label string) string {
	rs := []rune(label)
	var out strings.Builder
	for _, r := range rs {
		if r < 0x80 {
			out.WriteRune(r)
		}
	}
	b := out.Len()
	h := b
	if b > 0 {
		out.WriteByte('-')
	}
	n, delta, bias := rune(punyInitialN), 0, punyInitialBias
	for h < len(rs) {
		m := rune(unicode.MaxRune + 1)
		for _, r := range rs {
			if r >= n && r < m {
				m = r
			}
		}
		delta += int(m-n) * (h + 1)
		n = m
		for _, r := range rs {
			if r < n {
				delta++
			}
			if r != n {
				continue
			}
			q := delta
			for k := punyBase; ; k += punyBase {
				t := min(max(k-bias, 1), 26)
				if q < t {
					break
				}
				out.WriteByte(punyDigitByte(t + (q-t)%(punyBase-t)))
				q = (q - t) / (punyBase - t)
			}
			out.WriteByte(punyDigitByte(q))
			bias = adaptRef(delta, h+1, h == b)
			delta = 0
			h++
		}
		delta++
		n++
	}
	return "xn--" + out.String()
}

const (
	punyBase        = 36
	punyInitialN    = 128
	punyInitialBias = 72
)

func punyDigitByte(d int) byte {
	if d < 26 {
		return byte('a' + d)
	}
	return byte('0' + d - 26)
}

func adaptRef(delta, count int, first bool) int {
	if first {
		delta /= 700
	} else {
		delta /= 2
	}
	delta += delta / count
	k := 0
	for delta > (35*26)/2 {
		delta /= 35
		k += punyBase
	}
	return k + 36*delta/(delta+38)
}

// assigned reports whether the Go release's Unicode tables know r, so that
// x/net/idna can judge it.
func assigned(r rune) bool {
	return unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Zs, unicode.Cc, unicode.Cf, unicode.Co)
}

// TestPlainALabel: the labels that plainALabel decodes without asking
// IDNA are those that UTS #46 (x/net/idna, through idnacheck) decodes to
// the same U-label, for every Allowed code point between letters, after
// one and twice, wherever the Go release knows the code point.
func TestPlainALabel(t *testing.T) {
	fast := 0
	for _, p := range props {
		lo, hi := rune(p>>43), rune(p>>22&(1<<21-1))
		if uint8(p)&flagAllowed == 0 {
			continue
		}
		for r := lo; r <= hi; r++ {
			if !assigned(r) {
				continue
			}
			for _, label := range []string{"x" + string(r) + "y", string(r) + "x", "x" + string(r) + string(r)} {
				if r < 0x80 {
					continue
				}
				if checkPlain(t, encodePunycode(label)) {
					fast++
				}
			}
		}
	}
	t.Logf("%d labels decoded without IDNA", fast)
	if fast < 50000 {
		t.Errorf("only %d labels decoded without IDNA", fast)
	}
}

// checkPlain checks plainALabel against IDNA on the A-label a, and reports
// whether plainALabel decoded it.
func checkPlain(t *testing.T, a string) bool {
	t.Helper()
	u, ok := plainALabel(a)
	if !ok {
		return false
	}
	want, err := idnacheck.Display.ToUnicode(a)
	// x/net/idna looks for "--" at the third and fourth bytes, where UTS
	// #46, Section 4.1 says code points: "ñ--0" is valid.
	if err != nil && len(u) >= 4 && u[2:4] == "--" && !hyphens34(u) {
		return true
	}
	if err != nil || want != u || hyphens34(u) {
		t.Errorf("plainALabel(%q) = %q, IDNA gives %q, %v", a, u, want, err)
	}
	return true
}

// FuzzPlainALabel: for any label, and for any text after "xn--",
// plainALabel decodes only what IDNA decodes to the same U-label, wherever
// the Go release knows every code point.
func FuzzPlainALabel(f *testing.F) {
	for _, s := range []string{"bücher", "аррӏе", "北京大學", "a\u0301b", "ß", "x-ñ--y", "bcher-kva", "80ak6aa92e"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, r := range s {
			if !assigned(r) {
				return
			}
		}
		if len(s) < 64 {
			checkPlain(t, encodePunycode(s))
		}
		if a := "xn--" + s; isASCII(a) && len(a) <= 63 {
			if u, ok := plainALabel(a); ok {
				for _, r := range u {
					if !assigned(r) {
						return
					}
				}
				checkPlain(t, a)
			}
		}
	})
}
