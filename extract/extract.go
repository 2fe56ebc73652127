package extract

import (
	"errors"
	"hash/maphash"
	"iter"
	"strings"
	"unicode/utf16"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/whatwg"
)

// Mode says which URLs are found and by which rules.
type Mode uint8

const (
	// Default finds URLs with a scheme of the allow list ("https://...",
	// "mailto:a@example.com") and links that start with "www.".
	Default Mode = iota
	// Relaxed also finds bare domains whose suffix is listed in the
	// Public Suffix List ("example.com/path"), e-mail addresses, IPv4
	// addresses and bracketed IPv6 addresses, with ports.
	Relaxed
	// GFM finds what GitHub links in Markdown text: the autolink literals
	// of the GitHub Flavored Markdown spec (www, url and email autolinks,
	// section 6.9) as GitHub renders them, and autolinks written between
	// "<" and ">" (CommonMark, section 6.5).
	GFM
)

// String returns "default", "relaxed" or "gfm".
func (m Mode) String() string {
	switch m {
	case Default:
		return "default"
	case Relaxed:
		return "relaxed"
	case GFM:
		return "gfm"
	}
	return "mode"
}

// Kind says how a URL was written.
type Kind uint8

const (
	KindScheme Kind = iota + 1 // with its scheme: "https://example.com", "mailto:a@example.com"
	KindWWW                    // a link starting with "www.", read with "http://" before it
	KindDomain                 // a bare domain, read with "http://" before it
	KindEmail                  // an e-mail address, read with "mailto:" before it
	KindIPv4                   // a dotted-decimal IPv4 address, read with "http://" before it
	KindIPv6                   // a bracketed IPv6 address, read with "http://" before it
)

var kindNames = [...]string{"", "scheme", "www", "domain", "email", "ipv4", "ipv6"}

// String returns the kind's name: "scheme", "www", "domain", "email",
// "ipv4" or "ipv6".
func (k Kind) String() string {
	if int(k) < len(kindNames) && k > 0 {
		return kindNames[k]
	}
	return "kind"
}

// Match is a URL found in text.
type Match struct {
	// Start and End are the byte offsets of the URL in the text: Text is
	// text[Start:End].
	Start, End int
	// Start16 and End16 are the same offsets in UTF-16 code units, as
	// JavaScript and most editors count: each ill-formed UTF-8 sequence
	// of the text counts as one U+FFFD, as the Encoding Standard's UTF-8
	// decoder reads it.
	Start16, End16 int
	// Text is the URL as written.
	Text string
	// URL is Text parsed by the URL Standard's basic URL parser, with
	// "http://" or "mailto:" before it for the kinds written without a
	// scheme, and in modes Default and Relaxed with the escapes of JSON
	// decoded ("https:\/\/a.example\/x?a=1\u0026b=2" is read as
	// "https://a.example/x?a=1&b=2"). Its host is in lower-case A-labels
	// (URL.Hostname).
	URL  whatwg.URL
	Kind Kind
	// host is where the host (for an e-mail address, its domain) is in
	// Text, as [start, end).
	host [2]int32
}

// Host returns the host of the URL as written in Text ("Bücher.example"
// in "https://Bücher.example/"), or "" for a URL without a host (an
// opaque URL such as "tel:+1-201-555-0123"); for an e-mail address and a
// "mailto:" URL, it is the domain after "@". URL.Hostname gives the host
// in A-labels. Host does not allocate.
func (m Match) Host() string {
	if m.host[1] <= m.host[0] || int(m.host[1]) > len(m.Text) {
		return ""
	}
	return m.Text[m.host[0]:m.host[1]]
}

// Options configure an Extractor.
type Options struct {
	Mode Mode
	// Schemes lists the schemes of the URLs that are found with their
	// scheme, in any case. Nil means DefaultSchemes. In mode GFM it
	// applies to the autolinks between "<" and ">"; the literals have
	// the schemes that GitHub links (http, https, ftp).
	Schemes []string
}

// DefaultSchemes returns the schemes of the URLs found with their scheme
// when Options.Schemes is nil: the web's (http, https, ws, wss), file
// transfer (ftp, ftps, sftp), version control and remote shells (git,
// ssh), chat (irc, ircs, xmpp), and mail and telephony (mailto, tel, sms).
// The special schemes of the URL Standard and the others whose URLs have an
// authority are found only with "//" after the colon; mailto only with an
// address ("mailto:a@example.com"). The result is a new slice.
func DefaultSchemes() []string {
	return []string{"http", "https", "ws", "wss", "ftp", "ftps", "sftp", "git", "ssh",
		"irc", "ircs", "xmpp", "mailto", "tel", "sms"}
}

// ErrBadScheme is the Err of the error of New for an entry of
// Options.Schemes that is no scheme (RFC 3986, Section 3.1: scheme =
// ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )).
var ErrBadScheme = errors.New("not a scheme")

// An Extractor finds URLs in text. It is safe for concurrent use; each
// call keeps its own state.
type Extractor struct {
	mode      Mode
	schemes   []string // lower case
	maxScheme int
	suffixes  suffixCache
}

// New returns an Extractor with the options. An entry of opts.Schemes
// that is not a scheme name is an error: a *uri.Error with Op uri.OpParse,
// Name "schemes", the entry as Input and Err ErrBadScheme, offset at its
// first byte that no scheme has there. It allocates the Extractor and its
// list of schemes.
func New(opts Options) (*Extractor, error) {
	if opts.Mode > GFM {
		opts.Mode = Default
	}
	list := opts.Schemes
	if list == nil {
		list = DefaultSchemes()
	}
	e := &Extractor{mode: opts.Mode}
	e.suffixes.seed = maphash.MakeSeed()
	for _, s := range list {
		for i := 0; i < len(s) || i == 0; i++ {
			if i == len(s) || !is(s[i], bAlpha) && (i == 0 || !is(s[i], bScheme)) {
				return nil, &uri.Error{Op: uri.OpParse, Name: "schemes", Input: s, Offset: i, Component: uri.Scheme, Err: ErrBadScheme}
			}
		}
		e.schemes = append(e.schemes, strings.ToLower(s))
		e.maxScheme = max(e.maxScheme, len(s))
	}
	return e, nil
}

// allowed reports whether s is a scheme of the list, in any case.
func (e *Extractor) allowed(s string) bool {
	for _, a := range e.schemes {
		if strings.EqualFold(a, s) {
			return true
		}
	}
	return false
}

// All returns the URLs of text in order. The matches do not overlap. It
// allocates a buffer once when a scheme is put before a URL, and for each
// URL at most its href, when that is not Text as written (a scheme put
// before it, an upper-case host, an encoding the parser adds); IDNA
// allocates in the URL Standard's parser too, and so does the first
// look-up of a top-level domain in the Public Suffix List by the
// Extractor. Time is linear in the length of text (see the package
// documentation, Cost).
func (e *Extractor) All(text string) iter.Seq[Match] {
	return func(yield func(Match) bool) {
		s := newState(e, text)
		for {
			m, ok := s.next()
			if !ok || !yield(m) {
				return
			}
		}
	}
}

// Find returns the URLs of text in order, in a slice it allocates: All
// collected.
func (e *Extractor) Find(text string) []Match {
	var ms []Match
	for m := range e.All(text) {
		ms = append(ms, m)
	}
	return ms
}

// utf16Count returns how many UTF-16 code units s has when each
// ill-formed UTF-8 sequence is read as one U+FFFD.
func utf16Count(s string) int {
	n := 0
	for i := 0; i < len(s); {
		if s[i] < 0x80 {
			i++
			n++
			continue
		}
		r, size, _ := abnf.DecodeRune(s, i)
		i += size
		n += utf16.RuneLen(r)
	}
	return n
}
