package uri

import (
	"errors"
	"fmt"
	"net/netip"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/testrows"

	"github.com/gouri/uri/internal/oracle"
)

// addParseSeeds seeds a fuzz target with every input of testdata/parse.jsonl.
func addParseSeeds(f *testing.F) {
	for _, row := range testrows.Read[testrows.Parse](f, "testdata/parse.jsonl") {
		f.Add(row.Input)
	}
}

// FuzzParse checks every start rule on arbitrary input against the ABNF
// oracle, and the invariants that hold without it:
//   - valid: String() is the input, recomposing the components as in
//     RFC 3986, Section 5.3 gives the input, parsing again gives ==, and
//     every other accessor agrees with the components (checkAccessors);
//   - invalid: 0 <= Offset <= len(in); in[:Offset] parses or fails at
//     Offset; in[:Offset+1] fails at Offset; Op is "parse", Err a sentinel
//     and the result the zero URI. The exception of the offset rule, a port
//     of an authority without "@" that is not all digits, reported at its
//     first byte that is not a digit, is checked by checkBadPort; and when
//     in[:Offset] fails for that reason, in[:Offset]+"@" must parse.
func FuzzParse(f *testing.F) {
	addParseSeeds(f)
	f.Fuzz(func(t *testing.T, in string) {
		for _, sr := range startRules {
			if msg := compareWithOracle(sr.parse, oracle.Get(sr.rule, sr.zone), in); msg != "" {
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
		if msg := checkAccessors(u); msg != "" {
			t.Fatalf("%s(%q): %s", name, in, msg)
		}
		return
	}
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("%s(%q): error %v is not an *Error", name, in, err)
	}
	if u != (URI{}) || e.Op != OpParse || !isParseSentinel(e.Err) {
		t.Fatalf("%s(%q) = %#v, %#v: want the zero URI and an *Error with Op parse and a sentinel", name, in, u, e)
	}
	if e.Offset < 0 || e.Offset > len(in) || e.Input != in {
		t.Fatalf("%s(%q): offset %d out of range, or input %q", name, in, e.Offset, e.Input)
	}
	if e.Error() == "" || !strings.HasPrefix(e.Error(), "uri: ") {
		t.Fatalf("%s(%q): message %q", name, in, e.Error())
	}
	if e.Err == ErrBadPort {
		if msg := checkBadPort(parse, in, e.Offset); msg != "" {
			t.Fatalf("%s(%q): %s", name, in, msg)
		}
		return
	}
	if _, err := parse(in[:e.Offset]); err != nil {
		var p *Error
		switch {
		case errors.As(err, &p) && p.Offset == e.Offset:
		case errors.Is(err, ErrBadPort):
			// Cut there, the authority ends without "@", and its port is
			// not all digits; with "@" after it the prefix is a userinfo.
			if _, err := parse(in[:e.Offset] + "@"); err != nil {
				t.Fatalf("%s(%q): the prefix before offset %d has a bad port, and is no userinfo: %v", name, in, e.Offset, err)
			}
		default:
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

// checkBadPort returns what is wrong with the error ErrBadPort at off for in,
// or "": the exception to the offset rule, for a port of an authority
// without "@" that is not all digits (see Error). in[:off] must parse, with
// a port that ends it, so the port's bytes before off are digits; the byte
// at off must not be a digit; and in cut after the character at off (a
// pct-encoding is one) must fail at off with ErrBadPort.
func checkBadPort(parse func(string) (URI, error), in string, off int) string {
	if off >= len(in) {
		return fmt.Sprintf("ErrBadPort at the end of input, %d", off)
	}
	u, err := parse(in[:off])
	if err != nil || !u.HasPort() || u.HasUserinfo() || u.Path() != "" || u.HasQuery() || u.HasFragment() {
		return fmt.Sprintf("ErrBadPort at %d, but the prefix %q is not host:digits (%v)", off, in[:off], err)
	}
	if abnf.IsDigit(in[off]) {
		return fmt.Sprintf("ErrBadPort at %d, a digit", off)
	}
	n := 1
	if in[off] == '%' {
		n = 3
	} else if _, size := utf8.DecodeRuneInString(in[off:]); size > 1 {
		n = size
	}
	_, err = parse(in[:min(off+n, len(in))])
	if e, ok := err.(*Error); !ok || e.Offset != off || e.Err != ErrBadPort {
		return fmt.Sprintf("ErrBadPort at %d, but the prefix %q gives %v", off, in[:min(off+n, len(in))], err)
	}
	return ""
}

// isParseSentinel reports whether err is one of the reasons Parse gives.
func isParseSentinel(err error) bool {
	for _, s := range []error{ErrInvalidByte, ErrBadPercent, ErrMissingScheme, ErrColonInFirstSegment,
		ErrBadIPLiteral, ErrZoneNotAllowed, ErrBadPort, ErrFragmentNotAllowed, ErrTooLong} {
		if err == s {
			return true
		}
	}
	return false
}

// checkAccessors returns what is wrong with the accessors of a parsed u
// beyond the seven components: each must be the part of the text that the
// components say (RFC 3986, Section 3), and no two may read it differently.
func checkAccessors(u URI) string {
	s := u.String()
	c := u.Components()
	if c.Scheme != u.Scheme() || c.Userinfo != u.Userinfo() || c.Host != u.Host() || c.Port != u.Port() ||
		c.Path != u.Path() || c.Query != u.Query() || c.Fragment != u.Fragment() || c.HasUserinfo != u.HasUserinfo() ||
		c.HasAuthority != u.HasAuthority() || c.HasPort != u.HasPort() || c.HasQuery != u.HasQuery() || c.HasFragment != u.HasFragment() {
		return fmt.Sprintf("Components() = %+v disagrees with the accessors", c)
	}
	if b, err := c.URI(); u.Zone() == "" && (err != nil || b != u) {
		// (Components.URI builds RFC 3986 references, which have no zones.)
		return fmt.Sprintf("Components().URI() = %q, %v", b, err)
	}
	auth := ""
	if u.HasUserinfo() {
		auth = u.Userinfo() + "@"
	}
	auth += u.Host()
	if u.HasPort() {
		auth += ":" + u.Port()
	}
	if u.Authority() != auth || !u.HasAuthority() && (auth != "" || u.HostKind() != HostNone) {
		return fmt.Sprintf("Authority() = %q, the parts give %q", u.Authority(), auth)
	}
	if u.HasAuthority() && !strings.HasPrefix(s[len(u.Scheme())+boolInt(u.HasScheme()):], "//"+auth) {
		return "the authority is not where the text has it"
	}
	// Section 3.2.1: the userinfo splits at its first ":".
	pw, hasPW := u.Password()
	if want := u.Username() + map[bool]string{true: ":" + pw}[hasPW]; want != u.Userinfo() {
		return fmt.Sprintf("Username %q and Password %q, %v do not make the userinfo %q", u.Username(), pw, hasPW, u.Userinfo())
	}
	// Section 3.2.2: the host's kind is decided by its text alone.
	h := u.Host()
	switch k := u.HostKind(); {
	case k == HostNone:
		if u.HasAuthority() {
			return "an authority with HostNone"
		}
	case strings.HasPrefix(h, "["):
		if k != HostIPv6 && k != HostIPvFuture || u.Hostname() != h[1:len(h)-1] {
			return fmt.Sprintf("IP-literal %q of kind %v, Hostname %q", h, k, u.Hostname())
		}
	case k == HostIPv4 != oracleIPv4().MatchString(h) || k != HostIPv4 && k != HostRegName || u.Hostname() != h:
		return fmt.Sprintf("host %q of kind %v, Hostname %q", h, k, u.Hostname())
	}
	if u.Zone() != "" && !strings.Contains(h, "%25"+u.Zone()+"]") {
		return fmt.Sprintf("Zone %q is not in the host %q", u.Zone(), h)
	}
	// Section 3.2.3: PortNumber reads the digits of Port.
	if n, err := u.PortNumber(); err == nil {
		if v, _ := strconv.Atoi(u.Port()); v != n {
			return fmt.Sprintf("PortNumber %d for port %q", n, u.Port())
		}
	} else if v, aerr := strconv.Atoi(u.Port()); u.Port() != "" && aerr == nil && v <= 65535 || u.Port() == "" && err != ErrNoPort {
		return fmt.Sprintf("PortNumber of port %q: %v", u.Port(), err)
	}
	// RFC 9112, Section 3.2.1: path and query, "/" for an empty path.
	want := u.Path()
	if want == "" {
		want = "/"
	}
	if u.HasQuery() {
		want += "?" + u.Query()
	}
	if u.RequestURI() != want {
		return fmt.Sprintf("RequestURI() = %q, want %q", u.RequestURI(), want)
	}
	// Section 7.5: Redacted hides the password and nothing else.
	r, err := ParseRFC6874(u.Redacted())
	if err != nil || !hasPW && r.String() != s {
		return fmt.Sprintf("Redacted() = %q, %v", u.Redacted(), err)
	}
	if hasPW {
		rpw, _ := r.Password()
		if rpw != "xxxxx" || r.Username() != u.Username() || r.Host() != u.Host() || r.Port() != u.Port() ||
			r.Path() != u.Path() || r.Query() != u.Query() || r.Fragment() != u.Fragment() || r.HostKind() != u.HostKind() {
			return fmt.Sprintf("Redacted() = %q changes more than the password", u.Redacted())
		}
	}
	if m, err := u.MarshalText(); err != nil || string(m) != s {
		return fmt.Sprintf("MarshalText() = %q, %v", m, err)
	}
	return ""
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
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
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(e.Input) || e.Op != OpBuild {
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
