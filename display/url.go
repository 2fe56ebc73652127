package display

import (
	"strings"
	"unicode/utf8"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/whatwg"
)

// URL returns the display form of rawURL with the zero [Policy]; see
// [Policy.URL].
func URL(rawURL string) (string, error) { return Policy{}.URL(rawURL) }

// URL returns the display form of rawURL, as a browser's address bar shows
// a URL: the URL Standard's serialization of it (whatwg.Parse) without its
// username and password, with the host as [Policy.Host] decides it, and the
// path, query and fragment percent-decoded only where the octets are the
// UTF-8 of characters that cannot spoof. The port stays as it is.
//
// The userinfo is left out because it is where a URL passes for another:
// "https://accounts.google.com:login@evil.example/" and
// "https://www.paypal.com%2Fsignin@evil.example/" lead to evil.example,
// and are shown as "https://evil.example/". The display form is for people
// to read, not for carrying credentials; address bars leave them out too.
// There is no option to keep them: a caller that must tell a person that
// the URL carries credentials (a dialog that asks "may I fetch this?"
// should) finds them with whatwg.URL's Username and Password, and says so
// apart from the URL.
//
// The display form is a URL for the same resource: parsing it with package
// whatwg gives the URL that rawURL parses to with its username and password
// set to "" (whatwg.URL.SetUsername and SetPassword), so a person can read
// it, and copying it gives that URL: the same, less its credentials.
//
// A percent-encoded sequence is decoded when it is the UTF-8, in upper-case
// hexadecimal, of a non-ASCII character that UTS #39 allows in identifiers
// (Identifier_Status=Allowed) and whose prototype (confusables.txt) holds
// no ASCII character other than a letter or a digit: so never an
// ASCII character ("%2F" stays), a space, a control, a bidirectional
// control, a character that looks like "/", "?", "#" or "." ("%DB%B0",
// U+06F0, looks like "."), nor one the URL Standard would not encode back
// to the same octets. A combining mark is decoded only after a character
// decoded with it.
//
// The result is UTF-8 text for people, never a URL to send: it allocates
// it, but returns the serialization itself when there is nothing to
// change. On error, for input that the URL Standard's parser rejects, it
// returns "" and the parser's *uri.Error.
func (p Policy) URL(rawURL string) (string, error) {
	u, err := whatwg.Parse(rawURL)
	if err != nil {
		return "", err
	}
	href, off := u.Href(), u.Offsets()
	host := href[off.HostStart:off.HostEnd]
	if u.HostKind() == uri.HostDomain {
		d, err := p.Host(host)
		if err == nil {
			host = d.Host
		}
	}
	// With a host, href[:HostStart] is the scheme, "://" and the userinfo
	// with its "@", which the serializer writes only when it is not empty.
	lead := href[:off.HostStart]
	if off.HostStart > off.SchemeEnd+3 && href[off.HostStart-1] == '@' {
		lead = href[:off.SchemeEnd+3]
	}
	tail := decodeShown(href[off.PathStart:])
	if len(lead) == off.HostStart && host == href[off.HostStart:off.HostEnd] && tail == href[off.PathStart:] {
		return href, nil
	}
	return lead + host + href[off.HostEnd:off.PathStart] + tail, nil
}

// decodeShown decodes the percent-encoded UTF-8 of s that [Policy.URL]
// shows.
func decodeShown(s string) string {
	i := strings.IndexByte(s, '%')
	if i < 0 {
		return s
	}
	var b strings.Builder
	done := 0
	for i < len(s) {
		if s[i] != '%' {
			i++
			continue
		}
		end, text := decodeRun(s, i)
		if text == "" {
			i += 3
			continue
		}
		if b.Len() == 0 {
			b.Grow(len(s))
		}
		b.WriteString(s[done:i])
		b.WriteString(text)
		i, done = end, end
	}
	if done == 0 {
		return s
	}
	b.WriteString(s[done:])
	return b.String()
}

// decodeRun reads the run of percent-encodings of s at i and returns the
// end of the part it decodes and its text: the characters that may be
// shown, from the first on, or "" when the first may not.
func decodeRun(s string, i int) (int, string) {
	var octets [64]byte
	n, j := 0, i
	for j+2 < len(s) && s[j] == '%' && upperHex(s[j+1]) && upperHex(s[j+2]) && n < len(octets) {
		octets[n] = abnf.Unhex(s[j+1])<<4 | abnf.Unhex(s[j+2])
		n, j = n+1, j+3
	}
	shown, prev := 0, false
	for shown < n {
		r, size := utf8.DecodeRune(octets[shown:n])
		if r == utf8.RuneError || !showable(r, prev) {
			break
		}
		shown += size
		prev = true
	}
	return i + 3*shown, string(octets[:shown])
}

// upperHex reports whether c is a digit or an upper-case hexadecimal letter,
// as the URL Standard's percent-encoder writes them.
func upperHex(c byte) bool { return abnf.IsHex(c) && abnf.UpperHexDigit(c) == c }

// showable reports whether r may be shown decoded in a path, query or
// fragment; after says whether it follows a character decoded with it.
func showable(r rune, after bool) bool {
	p := propOf(r)
	if r < utf8.RuneSelf || !p.allowed() || p.mark() && !after || inRanges(chromiumRemoved[:], r) {
		return false
	}
	t, ok := prototypeOf(r)
	if !ok {
		return true
	}
	for k := 0; k < len(t); k++ {
		if c := t[k]; c < utf8.RuneSelf && !abnf.IsAlpha(c) && !abnf.IsDigit(c) {
			return false
		}
	}
	return true
}
