package uri

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/gouri/uri/internal/oracle"
	"golang.org/x/net/idna"
)

// The tests in this file pin what RFC 3986, Section 7 (Security
// Considerations) asks of a parser, entry point by entry point. SECURITY.md
// lists them.

// hostileBytes are the bytes that no component of a URI allows (Section 2,
// Appendix A) and that Section 7.2 and 7.3 warn about: controls (NUL, CR and
// LF among them), space, DEL and octets outside US-ASCII.
var hostileBytes = []string{"\x00", "\x01", "\t", "\n", "\r", "\x1b", "\x1f", " ", "\x7f", "\x80", "\xc0\xae", "\xff", "\u00e9", "\r\n"}

// hostilePlaces are places in "http://user@host:80/path?query#frag" where a
// hostile byte is inserted, with the component an error there names.
var hostilePlaces = []struct {
	at   int
	comp Component // NoComponent: either reading is right (scheme or path)
}{
	{2, NoComponent}, {9, Authority}, {14, Host}, {18, Port}, {22, Path}, {27, Query}, {33, Fragment}, {35, Fragment},
}

const hostileTemplate = "http://user@host:80/path?query#frag"

// checkRejected checks that err is an *Error for input in, with Op op, at
// offset at, with a sentinel of want and, unless comp is NoComponent, that
// component.
func checkRejected(t *testing.T, call string, op Op, in string, err error, at int, comp Component, want ...error) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Errorf("%s(%q): error %v, want an *Error", call, in, err)
		return
	}
	if e.Op != op || e.Input != in || e.Offset != at || comp != NoComponent && e.Component != comp || !slices.ContainsFunc(want, func(w error) bool { return errors.Is(e, w) }) {
		t.Errorf("%s(%q): %#v; want Op %q, offset %d in %v, one of %v", call, in, e, op, at, comp, want)
	}
}

// TestHostileBytesRejected inserts each hostile byte in each component
// and runs every entry point that parses: each rejects the input at the
// inserted byte, with the component and a sentinel, and returns nothing
// else. Strict parsing is the whole defence of Section 7.2 against CR and LF
// smuggled into protocol elements: no entry point repairs or drops them.
func TestHostileBytesRejected(t *testing.T) {
	good := MustParse("http://a/b/c/d;p?q")
	for _, b := range hostileBytes {
		nonASCII := b[0] >= 0x80
		for _, p := range hostilePlaces {
			in := hostileTemplate[:p.at] + b + hostileTemplate[p.at:]
			bad := []error{ErrInvalidByte}

			for _, sr := range startRules {
				if sr.name == "ParseAbsoluteURI" && p.comp == Fragment || sr.name == "ParseRelativeRef" {
					continue
				}
				u, err := sr.parse(in)
				checkRejected(t, sr.name, OpParse, in, err, p.at, p.comp, bad...)
				if u != (URI{}) {
					t.Errorf("%s(%q) returned %q with its error", sr.name, in, u)
				}
			}
			rel := strings.TrimPrefix(in, "http:")
			if p.at > 5 {
				_, err := ParseRelativeRef(rel)
				checkRejected(t, "ParseRelativeRef", OpParse, rel, err, p.at-5, p.comp, bad...)
			}
			var u URI
			checkRejected(t, "UnmarshalText", OpParse, in, u.UnmarshalText([]byte(in)), p.at, p.comp, bad...)
			checkRejected(t, "UnmarshalBinary", OpParse, in, u.UnmarshalBinary([]byte(in)), p.at, p.comp, bad...)
			if u != (URI{}) {
				t.Errorf("Unmarshal(%q) changed the value", in)
			}

			s, err := Resolve(good.String(), in)
			checkRejected(t, "Resolve(good, bad)", OpResolve, in, err, p.at, p.comp, bad...)
			s2, err2 := Resolve(in, "g")
			checkRejected(t, "Resolve(bad, good)", OpResolve, in, err2, p.at, p.comp, bad...)
			_, err = ResolveNonStrict(good.String(), in)
			checkRejected(t, "ResolveNonStrict", OpResolve, in, err, p.at, p.comp, bad...)
			s3, err := Relativize(good.String(), in)
			checkRejected(t, "Relativize(good, bad)", OpRelativize, in, err, p.at, p.comp, bad...)
			_, err = Relativize(in, good.String())
			checkRejected(t, "Relativize(bad, good)", OpRelativize, in, err, p.at, p.comp, bad...)
			s4, err := Normalize(in)
			checkRejected(t, "Normalize", OpNormalize, in, err, p.at, p.comp, bad...)
			if s+s2+s3+s4 != "" {
				t.Errorf("a function returned text with its error for %q", in)
			}

			// RFC 3987 allows characters beyond US-ASCII in most places,
			// never invalid UTF-8, controls or space.
			iriOK := b == "\u00e9" && p.comp != Port && p.comp != NoComponent
			iriWant := []error{ErrInvalidByte}
			if nonASCII {
				iriWant = []error{ErrInvalidByte, ErrInvalidUTF8}
			}
			for _, f := range []struct {
				name string
				fn   func(string) (URI, error)
			}{{"ParseIRI", parseIRIAsURI}, {"ParseIRI then ToURI", iriToURI}} {
				v, err := f.fn(in)
				if iriOK {
					if err != nil {
						t.Errorf("%s(%q): %v", f.name, in, err)
					} else if _, perr := Parse(v.String()); f.name == "ParseIRI then ToURI" && perr != nil {
						t.Errorf("ParseIRI(%q).ToURI() = %q, not a URI: %v", in, v, perr)
					}
					continue
				}
				if b == "\u00e9" && p.comp == NoComponent {
					// "hté" is a path segment of an IRI, and its ":" is then
					// in the first segment of a relative reference.
					checkRejected(t, f.name, OpParse, in, err, strings.IndexByte(in, ':'), Path, ErrColonInFirstSegment)
					continue
				}
				checkRejected(t, f.name, OpParse, in, err, p.at, p.comp, iriWant...)
			}

			// The components, built one by one.
			c := Components{Scheme: "http", Userinfo: "user", Host: "host", Port: "80", Path: "/path", Query: "query", Fragment: "frag"}
			fields := map[Component]*string{Authority: &c.Userinfo, Host: &c.Host, Port: &c.Port, Path: &c.Path, Query: &c.Query, Fragment: &c.Fragment}
			if f := fields[p.comp]; f != nil && p.at < len(hostileTemplate) {
				off := strings.Index(hostileTemplate, *f) // where the field starts in the recomposed text
				k := p.at - off
				*f = (*f)[:k] + b + (*f)[k:]
				comp := p.comp
				if comp == Authority {
					comp = Userinfo
				}
				_, err := c.URI()
				want := []error{ErrInvalidByte}
				if p.comp == Port {
					want = []error{ErrBadPort}
				}
				checkRejected(t, "Components.URI", OpBuild, in, err, p.at, comp, want...)
			}
		}
	}
}

// TestHostileBytesRejectedElsewhere: the host functions and net/url's text
// reject control characters and space too, at the byte; AmbiguousIPv4 sees
// no address in such a host.
func TestHostileBytesRejectedElsewhere(t *testing.T) {
	for _, b := range []string{"\x00", "\t", "\n", "\r", "\x1f", " ", "\x7f"} {
		for _, h := range []string{"ho" + b + "st", b + "127.0.0.1", "127.0.0.1" + b} {
			for _, f := range []struct {
				name string
				fn   func(string) (string, error)
			}{{"HostToASCII", HostToASCII}, {"HostToUnicode", HostToUnicode}} {
				got, err := f.fn(h)
				at := strings.Index(h, b)
				var e *Error
				if got != "" || !errors.As(err, &e) || e.Offset != at || !errors.Is(err, ErrInvalidByte) {
					t.Errorf("%s(%q) = %q, %v; want ErrInvalidByte at %d", f.name, h, got, err, at)
				}
			}
			if a, ok := AmbiguousIPv4(h); ok {
				t.Errorf("AmbiguousIPv4(%q) = %v", h, a)
			}
		}
		// net/url lets a space or a control through in a raw query; the
		// text it writes is checked like any other.
		v := &url.URL{Scheme: "http", Host: "h", Path: "/", RawQuery: "a" + b + "b"}
		_, err := FromURL(v)
		checkRejected(t, "FromURL", OpBuild, v.String(), err, len("http://h/?a"), Query, ErrInvalidByte)
	}
}

// TestEncodedControlsAreData: a percent-encoded control character is valid
// (Section 2.1: any octet may be encoded), and decoding gives it back as it
// is (Section 7.3 leaves the check to the application that uses the octets).
// Escape encodes every one of them, so text from Escape never holds one raw.
func TestEncodedControlsAreData(t *testing.T) {
	u, err := Parse("http://h/a%0D%0Ab%00?x=%0A#%7F")
	if err != nil {
		t.Fatal(err)
	}
	if got := slices.Collect(u.PathSegments()); !slices.Equal(got, []string{"a\r\nb\x00"}) {
		t.Errorf("PathSegments = %q", got)
	}
	if v, _ := u.QueryValue("x"); v != "\n" {
		t.Errorf("QueryValue = %q", v)
	}
	if got := u.Normalize().String(); got != "http://h/a%0D%0Ab%00?x=%0A#%7F" {
		t.Errorf("Normalize decoded a control character: %q", got)
	}
	if _, err := HostToASCII("h%0D%0A"); !errors.Is(err, ErrIDNA) {
		t.Errorf("HostToASCII of an encoded CRLF: %v", err)
	}
	for b := 0; b < 0x20; b++ {
		for _, c := range allEscape {
			if e := Escape("a"+string(rune(b))+"b", c); strings.ContainsRune(e, rune(b)) {
				t.Errorf("Escape(%q, %v) = %q keeps the control", string(rune(b)), c, e)
			}
		}
	}
}

// TestRedacted pins what Redacted hides for logs (Section 7.5): the password
// of the userinfo, and nothing else; it cannot know which query parameters
// are secrets.
func TestRedacted(t *testing.T) {
	tests := []struct{ in, want, why string }{
		{"https://alice:s3cret@example.com/", "https://alice:xxxxx@example.com/", "the password"},
		{"https://alice:@example.com/", "https://alice:xxxxx@example.com/", "an empty password is hidden too: its presence is not shown either"},
		{"https://:s3cret@example.com/", "https://:xxxxx@example.com/", "without a user name"},
		{"https://alice:a:b:c@example.com/", "https://alice:xxxxx@example.com/", "the password runs to the \"@\", colons included"},
		{"https://alice:%73ecret@[::1]:8443/p?q#f", "https://alice:xxxxx@[::1]:8443/p?q#f", "everything else is kept"},
		{"//alice:s3cret@h", "//alice:xxxxx@h", "a network-path reference"},
		{"https://alice@example.com/", "https://alice@example.com/", "no password"},
		{"https://example.com/?password=s3cret&token=x", "https://example.com/?password=s3cret&token=x", "query parameters are not interpreted"},
		{"https://example.com/#access_token=x", "https://example.com/#access_token=x", "nor is the fragment"},
		{"", "", "the empty reference"},
	}
	for _, tt := range tests {
		u, err := Parse(tt.in)
		if err != nil {
			t.Fatal(err)
		}
		if got := u.Redacted(); got != tt.want {
			t.Errorf("Parse(%q).Redacted() = %q, want %q (%s)", tt.in, got, tt.want, tt.why)
		}
	}
	if got := (URI{}).Redacted(); got != "" {
		t.Errorf("zero URI: %q", got)
	}
	if u, _ := ParseIRI("https://\u00fcser:p\u00e4ss@h/"); u.Redacted() != "https://\u00fcser:xxxxx@h/" {
		t.Errorf("IRI: %q", u.Redacted())
	}
}

// TestUserinfoLooksLikeHost pins the reading of authorities built to look
// like another host (Section 7.6, semantic attacks): the host is what
// follows the "@", and no text that could be read two ways is accepted.
func TestUserinfoLooksLikeHost(t *testing.T) {
	tests := []struct {
		in                   string
		userinfo, host, port string
		hasUserinfo          bool
		why                  string
	}{
		{"http://good.example@evil.example/", "good.example", "evil.example", "", true, "the host follows the \"@\""},
		{"http://good.example:443@evil.example/", "good.example:443", "evil.example", "", true, "a \"port\" before the \"@\" is a password"},
		{"http://good.example%2F@evil.example/", "good.example%2F", "evil.example", "", true, "an encoded \"/\" is userinfo data"},
		{"http://good.example#@evil.example/", "", "good.example", "", false, "\"#\" ends the authority"},
		{"http://good.example?@evil.example/", "", "good.example", "", false, "\"?\" ends the authority"},
		{"http://good.example/@evil.example/", "", "good.example", "", false, "\"/\" ends the authority"},
		{"http://evil.example:80@good.example:8080/", "evil.example:80", "good.example", "8080", true, "only the port after the host counts"},
	}
	for _, tt := range tests {
		u, err := Parse(tt.in)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tt.in, err)
		}
		if u.Userinfo() != tt.userinfo || u.Host() != tt.host || u.Port() != tt.port || u.HasUserinfo() != tt.hasUserinfo {
			t.Errorf("Parse(%q): userinfo %q, host %q, port %q; want %q, %q, %q (%s)", tt.in, u.Userinfo(), u.Host(), u.Port(), tt.userinfo, tt.host, tt.port, tt.why)
		}
		if tt.hasUserinfo && Equivalent(u, MustParse("http://"+tt.host+"/")) {
			t.Errorf("%q is Equivalent to its host without the userinfo", tt.in)
		}
	}
	// What other parsers read differently is an error here.
	for _, tt := range []struct {
		in  string
		at  int
		why string
	}{
		{"http://good.example@evil.example@third.example/", 32, "a second \"@\": net/url takes the last, others the first"},
		{"http://evil.example\\@good.example/", 19, "a backslash: the WHATWG URL Standard reads it as \"/\", making good.example the path"},
		{"http://good.example @evil.example/", 19, "a space"},
		{"http://[::1]@evil.example/", 12, "\"[\" begins an IP literal, never a userinfo"},
	} {
		_, err := Parse(tt.in)
		checkRejected(t, "Parse", OpParse, tt.in, err, tt.at, NoComponent, ErrInvalidByte)
	}
}

// TestEncodedDotsAndSlashes pins what resolution and normalization do with
// percent-encoded dots and slashes in a path, the material of path
// traversal (Sections 2.3, 5.2.4, 6.2.2.2, 6.2.2.3), so that a check built on
// them knows what it gets:
//   - strict resolution treats "%2E" as data, never as a dot (STYLE,
//     Section 10), so its dot segments survive until normalization;
//   - normalization decodes "%2E" in any case ("%2e" too), then removes the
//     dot segments: after it, no segment decodes to "." or "..";
//   - "%2F" is never decoded by either: "..%2F" is one segment, not a
//     dot segment followed by a "/"; PathSegments decodes it into the segment;
//   - double encoding ("%252E") stays double, one decoding away from a dot;
//   - what Section 5.2.4 does not call a dot segment ("..;", "...", ". .")
//     stays.
func TestEncodedDotsAndSlashes(t *testing.T) {
	tests := []struct {
		in, resolved, normalized string
		segments                 []string // of the normal form
	}{
		{"%2E%2E/%2E%2E/etc/passwd", "http://a/b/c/%2E%2E/%2E%2E/etc/passwd", "http://a/etc/passwd", []string{"etc", "passwd"}},
		{"%2e%2E/x", "http://a/b/c/%2e%2E/x", "http://a/b/x", []string{"b", "x"}},
		{".%2E/.%2e/x", "http://a/b/c/.%2E/.%2e/x", "http://a/x", []string{"x"}},
		{"%2E/x", "http://a/b/c/%2E/x", "http://a/b/c/x", []string{"b", "c", "x"}},
		{"../../../../etc", "http://a/etc", "http://a/etc", []string{"etc"}},
		{"..%2F..%2Fetc", "http://a/b/c/..%2F..%2Fetc", "http://a/b/c/..%2F..%2Fetc", []string{"b", "c", "../../etc"}},
		{"..%2f..%2fetc", "http://a/b/c/..%2f..%2fetc", "http://a/b/c/..%2F..%2Fetc", []string{"b", "c", "../../etc"}},
		{"%2E%2E%2F%2E%2E%2Fetc", "http://a/b/c/%2E%2E%2F%2E%2E%2Fetc", "http://a/b/c/..%2F..%2Fetc", []string{"b", "c", "../../etc"}},
		{"%252E%252E/etc", "http://a/b/c/%252E%252E/etc", "http://a/b/c/%252E%252E/etc", []string{"b", "c", "%2E%2E", "etc"}},
		{"..;/etc", "http://a/b/c/..;/etc", "http://a/b/c/..;/etc", []string{"b", "c", "..;", "etc"}},
		{".../etc", "http://a/b/c/.../etc", "http://a/b/c/.../etc", []string{"b", "c", "...", "etc"}},
		{"%5C..%5Cetc", "http://a/b/c/%5C..%5Cetc", "http://a/b/c/%5C..%5Cetc", []string{"b", "c", "\\..\\etc"}},
		{"%C0%AE%C0%AE/etc", "http://a/b/c/%C0%AE%C0%AE/etc", "http://a/b/c/%C0%AE%C0%AE/etc", []string{"b", "c", "\xc0\xae\xc0\xae", "etc"}},
	}
	base := MustParse("http://a/b/c/d")
	for _, tt := range tests {
		T := base.Resolve(MustParse(tt.in))
		n := T.Normalize()
		if T.String() != tt.resolved || n.String() != tt.normalized {
			t.Errorf("%q: resolved %q, normalized %q; want %q, %q", tt.in, T, n, tt.resolved, tt.normalized)
		}
		if got := slices.Collect(n.PathSegments()); !slices.Equal(got, tt.segments) {
			t.Errorf("%q: segments of the normal form %q, want %q", tt.in, got, tt.segments)
		}
		for _, seg := range slices.Collect(n.PathSegments()) {
			if seg == "." || seg == ".." {
				t.Errorf("%q: the normal form %q has a dot segment", tt.in, n)
			}
		}
	}
	// Raw backslashes and raw non-ASCII never get that far.
	for _, tt := range []struct {
		in string
		at int
	}{{"..\\..\\etc", 2}, {"\xc0\xae\xc0\xae/etc", 0}, {"\uff0e\uff0e/etc", 0}} {
		_, err := Parse(tt.in)
		checkRejected(t, "Parse", OpParse, tt.in, err, tt.at, Path, ErrInvalidByte)
	}
	if _, err := ParseIRI("\xc0\xae/etc"); !errors.Is(err, ErrInvalidUTF8) {
		t.Errorf("ParseIRI of an overlong dot: %v", err)
	}
	if _, err := UnescapeUTF8("%C0%AE", EscapePathSegment); !errors.Is(err, ErrInvalidUTF8) {
		t.Errorf("UnescapeUTF8 of an encoded overlong dot: %v", err)
	}
}

// TestBidiControlsInIRIs pins RFC 3987, Section 4.1: "IRIs MUST NOT contain
// bidirectional formatting characters", which reorder the text around them
// when it is shown, so that what a reader sees is not what a program reads
// (the "Trojan Source" attack). For every character with the Unicode
// property Bidi_Control, taken from package unicode and not from the code:
//   - ParseIRI rejects it raw in every component that allows ucschar, at
//     the byte that the IRI grammar's oracle names, and so does Parse;
//   - ToIRI (Section 3.2, which allows characters to stay encoded) keeps it
//     percent-encoded in the userinfo, the host, the path, the query and
//     the fragment, while it decodes the allowed characters on either side;
//   - ToIRI keeps the A-label of a host whose U-label would hold one.
func TestBidiControlsInIRIs(t *testing.T) {
	bidi := oracle.BidiControls()
	if len(bidi) < 12 {
		t.Fatalf("only %d Bidi_Control characters: %U", len(bidi), bidi)
	}
	raw := []struct {
		before, after string
		comp          Component
	}{
		{"http://", "@h/", Authority},
		{"http://u", ":p@h/", Authority},
		{"//u:p", "@h", Authority},
		{"http://u@", "/", Host},
		{"http://u@h", ".example/", Host},
		{"http://h/", "", Path},
		{"http://h/a", "b/c", Path},
		{"/", "", Path},
		{"x:", "", Path},
		{"", "", Path},
		{"a/", "", Path},
		{"http://h/?", "", Query},
		{"?q=", "&x=\u00e9", Query},
		{"http://h/#", "", Fragment},
		{"#f", "\u00e9", Fragment},
	}
	for _, r := range bidi {
		c := string(r)
		for _, p := range raw {
			in := p.before + c + p.after
			_, err := ParseIRI(in)
			var e *Error
			if !errors.As(err, &e) || !errors.Is(err, ErrInvalidByte) || e.Component != p.comp ||
				e.Offset < len(p.before) || e.Offset >= len(p.before)+len(c) {
				t.Errorf("ParseIRI(%q) = %v; want ErrInvalidByte in %v inside U+%04X at %d", in, err, p.comp, r, len(p.before))
				continue
			}
			if ok, off := iriOracle().Check(in); ok || off != e.Offset {
				t.Errorf("ParseIRI(%q) fails at %d; the IRI grammar says %v at %d", in, e.Offset, ok, off)
			}
			if _, err := Parse(in); err == nil {
				t.Errorf("Parse(%q) accepts U+%04X", in, r)
			}
		}
	}

	encoded := []struct{ before, after string }{
		{"http://", "@h/"},
		{"http://u:", "@h/"},
		{"foo://u@h", ".example/"},
		{"foo://", "/"},
		{"http://h/", ""},
		{"http://h/a/", "/b"},
		{"foo:", ""},
		{"", "/x"},
		{"http://h/?", ""},
		{"http://h/?a=", "&b"},
		{"http://h/#", ""},
	}
	for _, r := range bidi {
		c := string(r)
		for _, hex := range []string{"%02X", "%02x"} {
			pct := ""
			for i := 0; i < len(c); i++ {
				pct += "%" + fmt.Sprintf(hex, c[i])
			}
			for _, p := range encoded {
				u := MustParse(p.before + "%C3%A9" + pct + "%C3%A9" + p.after)
				want := p.before + "\u00e9" + pct + "\u00e9" + p.after
				got := u.ToIRI()
				if got.String() != want || strings.ContainsRune(got.String(), r) {
					t.Errorf("Parse(%q).ToIRI() = %q, want %q: U+%04X stays encoded", u, got, want, r)
				}
				if i, err := ParseIRI(got.String()); err != nil || i != got {
					t.Errorf("ParseIRI(Parse(%q).ToIRI() = %q) = %v", u, got, err)
				}
			}
		}
		label, err := idna.Punycode.ToASCII("a" + c + "b")
		if err != nil || !strings.HasPrefix(label, "xn--") {
			t.Fatalf("Punycode of U+%04X: %q, %v", r, label, err)
		}
		u := MustParse("http://" + label + ".example/")
		if got := u.ToIRI(); got.String() != u.String() {
			t.Errorf("Parse(%q).ToIRI() = %q; the A-label spells U+%04X and must stay", u, got, r)
		}
	}
}
