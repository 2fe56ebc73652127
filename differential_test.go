package uri

import (
	"errors"
	"math/rand/v2"
	"net/url"
	"strings"
	"testing"

	"github.com/gouri/uri/internal/oracle"
	"github.com/gouri/uri/internal/testrows"
)

// This file compares Parse with net/url's url.Parse, differential testing
// over the real-world sample and generated references. Where both accept,
// their components are mapped onto each other (diffFields says how). Every
// disagreement must belong to one of the classes of netURLClasses, each with
// the section of RFC 3986 that decides it; and every class must turn up in
// the inputs. neturl_test.go checks the other direction, the round trip
// through URI.URL and FromURL.

// diffCase is one input and what both parsers made of it.
type diffCase struct {
	in     string
	u      URI
	err    *Error // nil when Parse accepts
	v      *url.URL
	nerr   error    // nil when url.Parse accepts
	fields []string // the components that differ when both accept
}

// at returns the byte at the offset of Parse's error, or 0.
func (d diffCase) at() byte {
	if d.err == nil || d.err.Offset >= len(d.in) {
		return 0
	}
	return d.in[d.err.Offset]
}

// errIn reports whether Parse's error is in one of the components cs.
func (d diffCase) errIn(cs ...Component) bool {
	for _, c := range cs {
		if d.err.Component == c {
			return true
		}
	}
	return false
}

func (d diffCase) differs(field string) bool {
	for _, f := range d.fields {
		if f == field {
			return true
		}
	}
	return false
}

// netURLClass is one way in which net/url departs from RFC 3986.
type netURLClass struct {
	name    string
	example string
	section string // the part of RFC 3986 that decides
	why     string
	match   func(d diffCase) bool
}

// shown reports whether the net/url of this Go release disagrees in the
// way of class c at all. Some classes come and go with point releases:
// Go 1.26.0 rejected colons in every host, and later 1.26 releases accept
// them again in the hosts of schemes other than http and https.
func (c netURLClass) shown() bool {
	if c.name != "colon in a host" {
		return true
	}
	_, err := url.Parse(c.example)
	return err == nil
}

// netURLClasses lists every class of disagreement between Parse and
// url.Parse. Parse follows RFC 3986 in each; the reasons say where net/url
// departs, mostly by design: it is lenient with what browsers send.
var netURLClasses = []netURLClass{
	// net/url accepts, Parse rejects.
	{"space", "http://h/a b?c d#e f", "2, Appendix A",
		"no rule allows a space; net/url lets it through outside the host and userinfo",
		func(d diffCase) bool {
			return d.err != nil && d.at() == ' ' && d.errIn(Path, Query, Fragment)
		}},
	{"non-ASCII byte", "http://\u00e9.example/\u00e9?\u00e9#\u00e9", "2, 2.5",
		"a URI is US-ASCII, other characters are percent-encoded as UTF-8 (use ParseIRI for IRIs); net/url takes any byte above 0x7F in the host, path, query and fragment",
		func(d diffCase) bool {
			return d.err != nil && d.at() >= 0x80 && d.errIn(Authority, Host, Path, Query, Fragment)
		}},
	{"excluded character", "http://h/{a}|b^c`d\\e\"f<g>", "2, Appendix A",
		`"\", "^", "` + "`" + `", "{", "|", "}", '"', "<" and ">" are in no rule (RFC 2396, Section 2.4.3 called them unwise or delims); net/url takes them in the path, query and fragment, and '"', "<" and ">" in a host`,
		func(d diffCase) bool {
			return d.err != nil && d.err.Err == ErrInvalidByte && strings.IndexByte("\\^`{|}\"<>", d.at()) >= 0 &&
				(d.errIn(Path, Query, Fragment) || strings.IndexByte("\"<>", d.at()) >= 0 && d.errIn(Authority, Host))
		}},
	{"bracket outside an IP literal", "http://a]b/[c]?[d]#[e]", "3.2.2",
		`"[" and "]" are gen-delims allowed only around an IP-literal; net/url takes them in the path, query and fragment, and "]" in a host`,
		func(d diffCase) bool {
			return d.err != nil && d.err.Err == ErrInvalidByte && (d.at() == '[' || d.at() == ']') &&
				d.errIn(Authority, Host, Path, Query, Fragment)
		}},
	{"second #", "http://h/p#a#b", "3.5",
		`fragment = *( pchar / "/" / "?" ) has no "#"; net/url makes the rest of the text the fragment`,
		func(d diffCase) bool { return d.err != nil && d.at() == '#' && d.errIn(Fragment) }},
	{"second @", "http://a@b@c/", "3.2.1",
		`userinfo has no "@", so the authority has at most one; net/url splits at the last one`,
		func(d diffCase) bool { return d.err != nil && d.at() == '@' && d.errIn(Host, Port) }},
	{"control character in the fragment", "http://h/p#a\r\nb\x00", "2, Appendix A, 7.2",
		"no rule allows a control character, and Section 7.2 warns of CR and LF; url.Parse rejects them before the \"#\" but not after it, and only escapes them when it writes the URL",
		func(d diffCase) bool { return d.err != nil && (d.at() < 0x20 || d.at() == 0x7f) && d.errIn(Fragment) }},
	{"colon in a host", "foo://a:b:80/", "3.2.2, 3.2.3",
		"reg-name has no \":\", and the port after the first \":\" is *DIGIT; net/url takes the last \":\" as the port's and leaves the others in the host (for http and https it rejects them since Go 1.26, and for every scheme in Go 1.26.0)",
		func(d diffCase) bool { return d.err != nil && d.nerr == nil && d.errIn(Port) }},
	{"query not checked", "http://h/?a=%zz", "2.1, 3.4",
		"a \"%\" must begin a pct-encoded triplet; net/url does not look inside RawQuery",
		func(d diffCase) bool { return d.err != nil && d.err.Err == ErrBadPercent && d.errIn(Query) }},
	{"opaque part not checked", "mailto:a%zz b", "3, 3.3",
		"after a scheme without \"//\" comes path-rootless, whose segments are pchar; net/url copies that text to Opaque without checking it",
		func(d diffCase) bool { return d.err != nil && d.nerr == nil && d.v.Opaque != "" && d.errIn(Path) }},
	{"zone identifier", "http://[fe80::1%25en0]/", "3.2.2",
		"IP-literal has no zone; RFC 6874 added \"%25\" zones and RFC 9844 obsoleted them (ParseRFC6874 reads them); net/url accepts them",
		func(d diffCase) bool { return d.err != nil && d.err.Err == ErrZoneNotAllowed }},

	// net/url rejects, Parse accepts.
	{"pct-encoded ASCII in a reg-name", "http://a%41/", "3.2.2",
		"reg-name = *( unreserved / pct-encoded / sub-delims ), any octet; net/url only decodes octets above 0x7F and %25 in a host",
		func(d diffCase) bool {
			return d.err == nil && d.nerr != nil && d.u.HostKind() == HostRegName && strings.Contains(d.nerr.Error(), "invalid URL escape")
		}},
	{"IPvFuture", "http://[v7.x]/", "3.2.2",
		"IP-literal = \"[\" ( IPv6address / IPvFuture ) \"]\"; net/url reads every IP-literal with net/netip, which knows IPv6 only",
		func(d diffCase) bool { return d.err == nil && d.nerr != nil && d.u.HostKind() == HostIPvFuture }},

	// Both accept, and read the text differently.
	{"\"///\" in a relative reference", "///a/b", "4.2",
		"relative-part = \"//\" authority path-abempty, so \"///a\" has an empty authority and the path \"/a\"; net/url reads \"///\" without a scheme as a path, as a request target",
		func(d diffCase) bool {
			return d.err == nil && d.nerr == nil && !d.u.HasScheme() && d.u.HasAuthority() && d.u.Authority() == "" &&
				d.v.Host == "" && strings.HasPrefix(d.v.Path, "//")
		}},
	{"empty fragment", "http://h/p#", "3.5",
		"\"#\" with nothing after it is a present, empty fragment; url.URL has no field to tell it from none",
		func(d diffCase) bool {
			return d.err == nil && d.nerr == nil && d.u.HasFragment() && d.u.Fragment() == "" && len(d.fields) == 1 && d.differs("fragment presence")
		}},
	{"path %2A", "%2A", "2.2, 6.2.2.2",
		"\"*\" is a sub-delim, not equivalent to \"%2A\"; url.URL.EscapedPath writes a decoded path \"*\" as it is, for the OPTIONS request target",
		func(d diffCase) bool {
			return d.err == nil && d.nerr == nil && d.u.Path() == "%2A" && d.v.EscapedPath() == "*"
		}},
}

// diffFields maps net/url's fields onto the components and returns the
// names of those that differ. net/url lower-cases the scheme, puts the port
// in Host and decodes a reg-name host, decodes Path and Fragment (EscapedPath
// and EscapedFragment give the text), keeps RawQuery as written, marks an
// empty query with ForceQuery, holds the part after "scheme:" without "/" in
// Opaque, and marks "scheme:/path" without authority with OmitHost.
func diffFields(u URI, v *url.URL) []string {
	var out []string
	check := func(field string, ok bool) {
		if !ok {
			out = append(out, field)
		}
	}
	check("scheme", strings.ToLower(u.Scheme()) == v.Scheme)
	if v.Opaque != "" {
		check("opaque", u.HasScheme() && !u.HasAuthority() && u.Path() == v.Opaque && v.Path == "")
	} else {
		check("path", u.Path() == v.EscapedPath() && decodePercent(u.Path()) == v.Path)
	}
	if u.HasAuthority() {
		host := u.Host()
		if u.HostKind() == HostRegName {
			host = decodePercent(host)
		}
		if u.HasPort() {
			host += ":" + u.Port()
		}
		check("host", v.Host == host && !v.OmitHost)
		check("userinfo", u.HasUserinfo() == (v.User != nil))
		if v.User != nil {
			pw, hasPW := u.Password()
			npw, nhasPW := v.User.Password()
			check("userinfo", decodePercent(u.Username()) == v.User.Username() && decodePercent(pw) == npw && hasPW == nhasPW)
		}
	} else {
		check("host", v.Host == "" && v.User == nil && v.OmitHost == (u.HasScheme() && strings.HasPrefix(u.Path(), "/")))
	}
	check("query", u.Query() == v.RawQuery && u.HasQuery() == (v.RawQuery != "" || v.ForceQuery))
	check("fragment", u.Fragment() == v.EscapedFragment() && decodePercent(u.Fragment()) == v.Fragment)
	check("fragment presence", u.HasFragment() == (v.Fragment != "" || v.RawFragment != ""))
	return out
}

// compareNetURL runs both parsers on s. It returns "" when they agree, the
// name of the class that explains the disagreement, or "?" for none.
func compareNetURL(s string) string {
	d := diffCase{in: s}
	u, err := Parse(s)
	d.u = u
	if err != nil && !errors.As(err, &d.err) {
		return "?"
	}
	d.v, d.nerr = url.Parse(s)
	switch {
	case err != nil && d.nerr != nil:
		return ""
	case err == nil && d.nerr == nil:
		if d.fields = diffFields(u, d.v); len(d.fields) == 0 {
			return ""
		}
	}
	for _, c := range netURLClasses {
		if c.match(d) {
			return c.name
		}
	}
	return "?"
}

// TestNetURLClasses: each class's example is a disagreement of that class.
func TestNetURLClasses(t *testing.T) {
	for _, c := range netURLClasses {
		if !c.shown() {
			t.Logf("class %q: this Go's net/url does not show it", c.name)
			continue
		}
		if got := compareNetURL(c.example); got != c.name {
			t.Errorf("%q is classified %q, want %q", c.example, got, c.name)
		}
		if c.section == "" || c.why == "" {
			t.Errorf("class %q: no section or reason", c.name)
		}
	}
}

// TestNetURLDifferential compares Parse with url.Parse on the real-world
// sample, generated references and the committed fuzz corpora. Any
// disagreement that no class explains fails, and so does any class that no
// input shows.
func TestNetURLDifferential(t *testing.T) {
	counts := map[string]int{}
	inputs := 0
	try := func(s string) {
		inputs++
		c := compareNetURL(s)
		counts[c]++
		if c == "?" && counts[c] <= 20 {
			d := diffCase{in: s}
			u, err := Parse(s)
			v, nerr := url.Parse(s)
			if err == nil && nerr == nil {
				d.fields = diffFields(u, v)
			}
			t.Errorf("Parse and url.Parse disagree on %q, in no listed class: Parse %v; url.Parse %v, %v; fields %v", s, err, v, nerr, d.fields)
		}
	}
	for _, name := range testrows.Samples() {
		for _, s := range testrows.URLs(t, name) {
			try(s)
		}
	}
	n := 100000
	if testing.Short() {
		n = 20000
	}
	r := rand.New(rand.NewPCG(3986, 1808))
	for range n {
		try(oracle.Reference(r))
	}
	for _, target := range []string{"FuzzParse", "FuzzCrossCheck"} {
		for _, s := range readFuzzStrings(t, target) {
			try(s)
		}
	}
	for _, c := range netURLClasses {
		if counts[c.name] == 0 && c.shown() {
			t.Errorf("class %q: no input shows it", c.name)
		}
	}
	t.Logf("%d inputs: %d agree; %v", inputs, counts[""], counts)
}
