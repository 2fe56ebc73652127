package uri

import (
	"errors"
	"net/netip"
	"strings"
	"testing"
)

// addParseSeeds seeds a fuzz target with every input of testdata/parse.jsonl.
func addParseSeeds(f *testing.F) {
	for _, row := range readJSONL[parseRow](&testing.T{}, "testdata/parse.jsonl") {
		f.Add(row.Input)
	}
}

// FuzzParse checks every start rule on arbitrary input against the ABNF
// oracle, and the invariants that hold without it:
//   - valid: String() is the input, recomposing the components as in
//     RFC 3986, Section 5.3 gives the input, and parsing again gives ==;
//   - invalid: 0 <= Offset <= len(in); in[:Offset] parses or fails at
//     Offset; in[:Offset+1] fails at Offset.
func FuzzParse(f *testing.F) {
	addParseSeeds(f)
	f.Fuzz(func(t *testing.T, in string) {
		for _, sr := range startRules {
			if msg := compareWithOracle(sr.parse, getOracle(sr.rule, sr.zone), in); msg != "" {
				t.Fatalf("%s(%q): %s", sr.name, in, msg)
			}
			checkParseInvariants(t, sr.name, sr.parse, in)
		}
	})
}

func checkParseInvariants(t *testing.T, name string, parse func(string) (URI, error), in string) {
	u, err := parse(in)
	if err == nil {
		if u.String() != in || recompose(u) != in {
			t.Fatalf("%s(%q): String %q, recomposed %q", name, in, u.String(), recompose(u))
		}
		if v, err := parse(u.String()); err != nil || v != u {
			t.Fatalf("%s(%q): parsing the result again gives %#v, %v", name, in, v, err)
		}
		return
	}
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("%s(%q): error %v is not an *Error", name, in, err)
	}
	if e.Offset < 0 || e.Offset > len(in) || e.Input != in {
		t.Fatalf("%s(%q): offset %d out of range, or input %q", name, in, e.Offset, e.Input)
	}
	if e.Error() == "" || !strings.HasPrefix(e.Error(), "uri: ") {
		t.Fatalf("%s(%q): message %q", name, in, e.Error())
	}
	if _, err := parse(in[:e.Offset]); err != nil {
		var p *Error
		if !errors.As(err, &p) || p.Offset != e.Offset {
			t.Fatalf("%s(%q): the prefix before offset %d fails earlier: %v", name, in, e.Offset, err)
		}
	}
	if e.Offset < len(in) {
		_, err := parse(in[:e.Offset+1])
		var p *Error
		if !errors.As(err, &p) || p.Offset != e.Offset {
			t.Fatalf("%s(%q): the prefix through offset %d does not fail there: %v", name, in, e.Offset, err)
		}
	}
}

// recompose is RFC 3986, Section 5.3 transcribed, over the accessors.
func recompose(u URI) string {
	var b strings.Builder
	if u.HasScheme() {
		b.WriteString(u.Scheme() + ":")
	}
	if u.HasAuthority() {
		b.WriteString("//")
		if u.HasUserinfo() {
			b.WriteString(u.Userinfo() + "@")
		}
		b.WriteString(u.Host())
		if u.HasPort() {
			b.WriteString(":" + u.Port())
		}
	}
	b.WriteString(u.Path())
	if u.HasQuery() {
		b.WriteString("?" + u.Query())
	}
	if u.HasFragment() {
		b.WriteString("#" + u.Fragment())
	}
	return b.String()
}

// FuzzIPLiteral compares the IPv6address rule with net/netip. They must agree
// on every address without a zone; trust neither: a disagreement is a bug in
// one of them, to be understood before either is changed.
func FuzzIPLiteral(f *testing.F) {
	for _, s := range []string{"::", "::1", "1:2:3:4:5:6:7:8", "::ffff:1.2.3.4", "1::", "1:2:3:4:5:6:1.2.3.4",
		"::1.2.3.04", "1::2::3", "12345::", "v7.x", "fe80::1%25eth0", "::256.1.1.1", "1:2:3:4:5:6:7::", ":1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse("//[" + s + "]")
		ok := err == nil && u.HostKind() == HostIPv6
		if strings.ContainsAny(s, "%vV") {
			return // zones are outside RFC 3986; IPvFuture is not IPv6
		}
		a, nerr := netip.ParseAddr(s)
		want := nerr == nil && a.Is6() && a.Zone() == ""
		if ok != want {
			t.Fatalf("IPv6address %q: Parse ok=%v (%v), netip ok=%v (%v)", s, ok, err, want, nerr)
		}
		// With RFC 6874, the zone is accepted and read back.
		z, err := ParseRFC6874("//[" + s + "%25zone]")
		if (err == nil) != want || (want && z.Zone() != "zone") {
			t.Fatalf("ParseRFC6874 of %q with a zone: %v, zone %q", s, err, z.Zone())
		}
	})
}

// FuzzComponents builds references from arbitrary components. Whatever is
// accepted must parse back to exactly the built value, with the components
// given (up to the two prefixes Components.URI documents); whatever is
// refused must be refused with an offset inside the recomposed text.
func FuzzComponents(f *testing.F) {
	f.Add("http", "u:p", "example.com", "80", "/a/b", "q=1", "f", uint8(0))
	f.Add("", "", "", "", "a:b", "", "", uint8(0))
	f.Add("s", "", "", "", "//x", "", "", uint8(0))
	f.Add("", "", "[::1]", "", "p", "", "", uint8(0xff))
	f.Fuzz(func(t *testing.T, scheme, userinfo, host, port, path, query, fragment string, has uint8) {
		c := Components{
			Scheme: scheme, Userinfo: userinfo, HasUserinfo: has&1 != 0, Host: host, HasAuthority: has&2 != 0,
			Port: port, HasPort: has&4 != 0, Path: path, Query: query, HasQuery: has&8 != 0,
			Fragment: fragment, HasFragment: has&16 != 0,
		}
		u, err := c.URI()
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(e.Input) || e.Op != "build" {
				t.Fatalf("%+v: error %#v", c, err)
			}
			return
		}
		if p, err := Parse(u.String()); err != nil || p != u {
			t.Fatalf("%+v built %q, which parses to %#v, %v", c, u, p, err)
		}
		// The documented prefixes: "/." before "//" without an authority,
		// "./" before a first segment with ":" in a relative-path reference.
		want := c
		hasAuthority := c.HasAuthority || c.HasUserinfo || userinfo != "" || host != "" || c.HasPort || port != ""
		switch {
		case hasAuthority:
		case strings.HasPrefix(path, "//"):
			want.Path = "/." + path
		case scheme == "" && strings.Contains(strings.SplitN(path, "/", 2)[0], ":"):
			want.Path = "./" + path
		}
		got := u.Components()
		if got.Scheme != want.Scheme || got.Userinfo != want.Userinfo || got.Host != want.Host || got.Port != want.Port ||
			got.Path != want.Path || got.Query != want.Query || got.Fragment != want.Fragment {
			t.Fatalf("%+v built %q with components %+v", c, u, got)
		}
	})
}
