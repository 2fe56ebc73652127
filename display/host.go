package display

import (
	"strings"
	"unicode/utf8"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/idnacheck"
)

// Profile names a browser's rules for showing a host.
type Profile uint8

const (
	// Chromium is the policy of Chromium's IDN spoof checker, the default.
	Chromium Profile = iota
	// Firefox is Firefox's: its character blocklist and the Moderately
	// Restrictive level of UTS #39, with no top domains.
	Firefox
)

// String returns "chromium" or "firefox".
func (p Profile) String() string {
	if p == Firefox {
		return "firefox"
	}
	return "chromium"
}

// Policy says how hosts are shown: by which profile, and against which top
// domains. The zero Policy is Chromium's profile with Chromium's top
// domains; a Policy is a small value, safe to copy and to use from several
// goroutines.
type Policy struct {
	Profile Profile
	// TopDomains are the domains that a host must not pass for: a host
	// whose skeleton is that of one of them, and which is not that domain
	// or a subdomain of it, is kept in A-labels. Nil means the profile's
	// own list: ChromiumTopDomains for Chromium, none for Firefox. An empty
	// list (NewTopDomains(nil)) means none.
	TopDomains *TopDomains
}

// Label is the decision about one label of a host.
type Label struct {
	// ASCII is the label in the ASCII host: an A-label ("xn--...") or
	// plain ASCII.
	ASCII string
	// Unicode is the U-label that an A-label decodes to, whether or not
	// it is shown; "" for a label that is no valid A-label.
	Unicode string
	// Reason is Safe when the label is shown as Unicode (or is plain
	// ASCII), or the check it failed.
	Reason Reason
}

// Decision is how a host is shown, and why.
type Decision struct {
	// Host is what to show: each A-label that passed every check as
	// Unicode, every other label as in ASCII; all of ASCII when the host
	// passes for a top domain.
	Host string
	// ASCII is the host in ASCII, lower-cased, A-labels for the
	// internationalized labels (RFC 5890, Section 2.3.2.1).
	ASCII string
	// Labels are the decisions per label, in order; nil when no label is
	// an A-label, as for every ASCII host.
	Labels []Label
	// SimilarTo is the top domain that the host passes for, or "".
	SimilarTo string
}

// Unicode reports whether d shows a label in Unicode.
func (d Decision) Unicode() bool { return d.Host != d.ASCII }

// Host decides how the host is shown with the zero [Policy]; see
// [Policy.Host].
func Host(host string) (Decision, error) { return Policy{}.Host(host) }

// Host decides how a host is shown to people: each A-label in Unicode when
// the profile's checks find nothing that could deceive, in A-labels
// otherwise, label by label as Chromium decides (its documentation,
// "Internationalized Domain Names (IDN) in Google Chrome"), and all in
// A-labels when the host's skeleton is that of a top domain. The package
// documentation lists the checks.
//
// host is a URI or IRI host: ASCII, percent-encoded UTF-8 or raw UTF-8.
// An ASCII host in lower case with no A-label is shown as it is, without
// allocating. A host with non-ASCII characters or percent-encodings is
// first made ASCII with [uri.HostToASCII] and decided as its A-labels are.
// A label that starts with "xn--" and is not a valid A-label is shown as it
// is, with reason [InvalidIDNA]; IP literals and IPv4 addresses are shown as
// they are. A host is shown as the URL Standard's host parser reads it
// (section 3.5), since that is where a browser or a client connects: a
// name that its IPv4 parser reads as an address ("0x7f.1", "0177.0.0.1",
// "2130706433", "127.1", see [uri.AmbiguousIPv4]) is shown, and given as
// ASCII, as that address in dotted decimal ("127.0.0.1"), which a person
// reads for what it is; a name that ends in a number without being an
// address ("example.123", which the URL Standard's parser rejects) is shown
// as it is, since Host decides how a name looks and is no validator
// (whatwg.Parse is). A host that starts with a digit takes that look-up,
// and the dotted decimal of a loose address is one allocation. The decision for a host that holds only ASCII and valid
// A-labels does not depend on the Go release; one that holds raw Unicode
// goes through IDNA, whose tables follow the Go release (see the package
// documentation of github.com/gouri/uri).
//
// On error, for a host that no URI or IRI may hold or that IDNA rejects,
// it returns the zero Decision and the *uri.Error of [uri.HostToASCII].
func (p Policy) Host(host string) (Decision, error) {
	// A host that starts with a digit may be an IPv4 address in a loose
	// form ("0x7f.1"), which asIs writes in dotted decimal.
	if plainHost(host) && host[0]-'0' > 9 {
		return Decision{Host: host, ASCII: host}, nil
	}
	ascii := host
	if host == "" || host[0] == '[' || !isASCII(host) || !plainBytes(host) {
		a, err := uri.HostToASCII(host)
		if err != nil {
			return Decision{}, err
		}
		ascii = a
	}
	if ascii == "" || ascii[0] == '[' {
		return Decision{Host: ascii, ASCII: ascii}, nil
	}
	if ascii = abnf.LowerString(ascii); !hasALabel(ascii) {
		return asIs(ascii), nil
	}
	return p.decide(ascii), nil
}

// asIs is the decision for a host in lower-case ASCII with no A-label: the
// host itself, or, when the URL Standard's IPv4 parser reads it as an
// address (section 3.5: "0x7f.1", "2130706433"), that address in dotted
// decimal. Every such address starts with a digit.
func asIs(host string) Decision {
	if a, ok := uri.AmbiguousIPv4(host); ok {
		s := a.String()
		return Decision{Host: s, ASCII: s}
	}
	return Decision{Host: host, ASCII: host}
}

// plainHost reports whether host is a reg-name in lower-case ASCII, with
// no percent-encoding and no label that starts with "xn--": a host shown
// as it is.
func plainHost(host string) bool {
	if host == "" {
		return false
	}
	for i := 0; i < len(host); i++ {
		c := host[i]
		if hostBytes[c]&plain == 0 {
			return false
		}
		if c == 'x' && (i == 0 || host[i-1] == '.') && strings.HasPrefix(host[i:], "xn--") {
			return false
		}
	}
	return true
}

// plainBytes reports whether every byte of host may be in a reg-name
// without a percent-encoding, in any case.
func plainBytes(host string) bool {
	for i := 0; i < len(host); i++ {
		if hostBytes[host[i]] == 0 {
			return false
		}
	}
	return true
}

// The classes of hostBytes.
const (
	plain = 1 << iota // a reg-name byte but for "%" and upper-case letters
	upper
)

// hostBytes are the bytes of a reg-name (RFC 3986, Section 3.2.2) but for
// "%": reg-name = *( unreserved / pct-encoded / sub-delims ).
var hostBytes = func() (t [256]uint8) {
	for _, c := range []byte("abcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=") {
		t[c] = plain
	}
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = upper
	}
	return t
}()

// hasALabel reports whether a label of the lower-case host starts with
// "xn--".
func hasALabel(host string) bool {
	return strings.HasPrefix(host, "xn--") || strings.Contains(host, ".xn--")
}

// decide decides for ascii, a lower-case ASCII host with an A-label.
//
// It reads each label once, into buffers on the stack, and writes the
// host with every valid A-label as its U-label to one string, which the
// Decision shares (Host is that string when every A-label is shown). So it
// allocates twice, for the Labels and that string, and a third time for a
// Host that shows some of the A-labels but not all.
func (p Policy) decide(ascii string) Decision {
	n := strings.Count(ascii, ".") + 1
	tld := ascii[strings.LastIndexByte(ascii, '.')+1:]
	var tldRunes []rune // the U-label of tld, if it is an A-label
	if strings.HasPrefix(tld, "xn--") {
		var tbuf [64]rune
		var tpbuf [64]prop
		t, _, _ := readALabel(tbuf[:0], tpbuf[:0], tld)
		tldRunes = t.runes
	}
	d := Decision{ASCII: ascii, Labels: make([]Label, n)}
	var rbuf [64]rune
	var pbuf [64]prop
	var hbuf [256]byte
	var sbuf [16]int
	text := hbuf[:0]   // the host with every valid A-label as its U-label
	starts := sbuf[:0] // where each label starts in text, or -1 if not decoded
	idn, shown := false, 0
	for rest, i := ascii, 0; i >= 0; {
		label := rest
		if i = strings.IndexByte(rest, '.'); i >= 0 {
			label, rest = rest[:i], rest[i+1:]
		}
		k := len(starts)
		if k > 0 {
			text = append(text, '.')
		}
		start := len(text)
		d.Labels[k].ASCII = label
		l, u, ok := readALabel(rbuf[:0], pbuf[:0], label)
		switch {
		case !ok:
			text = append(text, label...)
			starts = append(starts, -1)
			if strings.HasPrefix(label, "xn--") {
				d.Labels[k].Reason = InvalidIDNA
			}
			continue
		case u != "":
			// Decoded by IDNA.
			text = append(text, u...)
		default:
			text = appendRunes(text, l.runes)
		}
		starts = append(starts, start)
		idn = true
		if d.Labels[k].Reason = checkLabel(&l, tld, tldRunes, p.Profile); d.Labels[k].Reason == Safe {
			shown++
		}
	}
	full := string(text)
	decoded := 0
	for k, start := range starts {
		if start >= 0 {
			// No U-label holds a ".".
			u := full[start:]
			if i := strings.IndexByte(u, '.'); i >= 0 {
				u = u[:i]
			}
			d.Labels[k].Unicode = u
			decoded++
		}
	}
	d.Host = d.shownHost(full, shown, decoded)
	if top := p.topDomains(); idn && top != nil && d.Host != ascii {
		if d.SimilarTo = top.Similar(d.Host); d.SimilarTo != "" {
			d.Host = ascii
			for i := range d.Labels {
				if d.Labels[i].Reason == Safe && d.Labels[i].Unicode != "" {
					d.Labels[i].Reason = SimilarTopDomain
				}
			}
		}
	}
	return d
}

// shownHost returns the host that d shows, given full, the host with every
// valid A-label as its U-label, how many of them are shown, and how many
// there are.
func (d *Decision) shownHost(full string, shown, decoded int) string {
	switch shown {
	case 0:
		return d.ASCII
	case decoded:
		return full
	}
	var b strings.Builder
	b.Grow(len(full))
	for i, l := range d.Labels {
		if i > 0 {
			b.WriteByte('.')
		}
		if l.Reason == Safe && l.Unicode != "" {
			b.WriteString(l.Unicode)
		} else {
			b.WriteString(l.ASCII)
		}
	}
	return b.String()
}

// appendRunes appends the UTF-8 of rs to b.
func appendRunes(b []byte, rs []rune) []byte {
	for _, r := range rs {
		if r < utf8.RuneSelf {
			b = append(b, byte(r))
		} else {
			b = utf8.AppendRune(b, r)
		}
	}
	return b
}

// topDomains returns the top domains of p.
func (p Policy) topDomains() *TopDomains {
	switch {
	case p.TopDomains != nil:
		return p.TopDomains
	case p.Profile == Chromium:
		return ChromiumTopDomains()
	}
	return nil
}

// readALabel decodes label, if it is a valid A-label, and reads its
// U-label for the checks, appending its code points to runes and their
// properties to props: a valid A-label is a label of at most 63 octets
// (RFC 1035, Section 2.3.4) that starts with "xn--", does not end with "-"
// and that UTS #46 ToUnicode decodes to a label with a non-ASCII
// character. A label whose code points are all plain (see plainLabel) is
// decoded here without IDNA, and u is ""; u is the U-label that IDNA
// gives for any other. (u is returned apart from l, which points into the
// buffers, so that the buffers can stay on the caller's stack.)
func readALabel(runes []rune, props []prop, label string) (l labelInfo, u string, ok bool) {
	if !strings.HasPrefix(label, "xn--") || strings.HasSuffix(label, "-") || len(label) > 63 {
		return labelInfo{}, "", false
	}
	if rs, ok := idnacheck.DecodePunycode(runes, label[len("xn--"):]); ok {
		l := readRunes(rs, props)
		if plainLabel(&l) {
			return l, "", true
		}
	}
	u, err := idnacheck.Display.ToUnicode(label)
	// UTS #46, Section 4.1, Validity Criteria, with CheckHyphens: no "-"
	// in both the third and fourth positions, as in "ру--авто".
	if err != nil || isASCII(u) || strings.Contains(u, ".") || hyphens34(u) {
		return labelInfo{}, "", false
	}
	return readLabel(runes, props, u), u, true
}

// hyphens34 reports whether the third and fourth code points of u are
// both "-".
func hyphens34(u string) bool {
	n := 0
	for _, r := range u {
		n++
		switch {
		case n < 3:
		case r != '-':
			return false
		case n == 4:
			return true
		}
	}
	return false
}

// plainLabel reports whether UTS #46 would accept the decoded label l for
// what the tables know of its code points alone, without asking IDNA: each
// code point is Allowed and plain (prop.plainIDNA: valid in any context, a
// segment of NFC of its own, not right to left), one is not ASCII, the
// first is no mark, and the hyphens are where UTS #46 allows them. Such a
// label is valid whatever the Unicode version of the Go release, since the
// tables are of Unicode 17.0.0; any other goes to IDNA.
func plainLabel(l *labelInfo) bool {
	rs := l.runes
	if l.ascii || len(rs) == 0 || rs[0] == '-' || rs[len(rs)-1] == '-' || len(rs) >= 4 && rs[2] == '-' && rs[3] == '-' || l.props[0].anyMark() {
		return false
	}
	for _, p := range l.props {
		if !p.allowed() || !p.plainIDNA() {
			return false
		}
	}
	return true
}
