package canon

import (
	"errors"
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/dotseg"
	"github.com/gouri/uri/internal/query"
	"github.com/gouri/uri/internal/schemes"
	"github.com/gouri/uri/whatwg"
)

// This file holds the Semantic and Aggressive profiles, those of the IIPC
// urlcanon project ("semantic precise" and "aggressive"), built on the URL
// Standard's parser.

// semantic runs the Semantic profile: the URL Standard's parse (an input
// without a scheme read as http), then each component percent-decoded
// once but for the bytes that would change its meaning there (see
// reescape), and escaped again as Safe Browsing escapes (bytes <= 0x20,
// >= 0x7F, "#", "%"); the userinfo dropped, the query's pairs sorted.
func semantic(s string) (sem, error) {
	u, err := whatwg.Parse(s)
	if errors.Is(err, whatwg.ErrMissingSchemeNonRelativeURL) {
		t, _ := abnf.TrimC0Space(s)
		if v, err2 := whatwg.Parse("http://" + t); err2 == nil {
			u, err = v, nil
		}
	}
	if err != nil {
		return sem{}, err
	}
	return semanticURL(u)
}

// semanticURL is semantic for a URL that the URL Standard has parsed.
func semanticURL(u whatwg.URL) (sem, error) {
	var r sem
	r.scheme = u.Scheme()
	r.hasHost = u.HostKind() != uri.HostNone
	r.host, r.port = u.Hostname(), u.Port()
	r.opaque = u.HasOpaquePath()
	r.special = u.IsSpecial()
	r.path = semanticPath(u)
	if u.IsSpecial() {
		// As Safe Browsing does for a host: no empty labels.
		if h := collapseDots(r.host); h != r.host {
			// The host without its empty labels is read again by the
			// host parser: "0.." is "0", which is 0.0.0.0, and "08.." is
			// "08", which is no host at all.
			if h == "" {
				return sem{}, uri.ErrNoHost
			}
			v, err := whatwg.Parse(r.scheme + "://" + h + "/")
			if err != nil {
				return sem{}, err
			}
			r.host = v.Hostname()
		}
	} else if u.HostKind() == uri.HostOpaque {
		// The forbidden host code points that Safe Browsing does not
		// escape stay encoded: decoded, they would end or break the host.
		r.host = reescape(r.host, keepOpaqueHost)
	}
	if r.hasQuery = u.HasQuery(); r.hasQuery {
		r.query = sortPairs(reescape(u.Query(), keepReserved))
	}
	if r.hasFragment = u.HasFragment(); r.hasFragment {
		r.fragment = reescape(u.Fragment(), keepReserved)
	}
	return r, nil
}

// semanticPath returns the path of u unescaped as the Semantic profile
// does, such that the URL Standard reads it back the same: every path
// keeps "/" encoded (decoded, "javascript:%2F%2Fevil.example" would begin
// an authority, "sc:%2Fa" a path that is no longer opaque, and "a%2Fb"
// two segments); a special URL's path keeps "\\" encoded (the parser
// reads it as "/"), and a file path "|" ("C|" would become the drive
// letter "C:"). A special URL's path has no empty segments, as Safe
// Browsing's.
func semanticPath(u whatwg.URL) string {
	if u.HasOpaquePath() {
		return reescape(u.Pathname(), keepReserved)
	}
	keep := keepReserved
	switch {
	case u.Scheme() == "file":
		keep = keepFilePath
	case u.IsSpecial():
		keep = keepSpecialPath
	}
	p := reescape(u.Pathname(), keep)
	// Decoding once makes no dot segment: the parser has removed them
	// ("%2e" among them), and "%252e" is the text "%2e" to a server. Only
	// the empty segments are left to merge.
	if u.IsSpecial() && strings.Contains(p, "//") {
		return tidyPath(p, true)
	}
	return p
}

// tidyPath removes the dot segments of p, and its empty segments when
// special is set: what the URL Standard's parser and the Semantic
// profile do to a path on a second run, after a step has rewritten it.
func tidyPath(p string, special bool) string {
	if hasDotSegment(p) {
		b, _ := dotseg.Remove([]byte(p), 0, dotseg.Options{})
		p = string(b)
	}
	if special && strings.Contains(p, "//") {
		b, _ := dotseg.Remove([]byte(p), 0, dotseg.Options{MergeSlashes: true, NoDots: true})
		p = string(b)
	}
	return p
}

// hasDotSegment reports whether the path p has a "." or ".." segment. It
// looks at each "." (most paths have one, before a file's extension, or
// none), not at each "/".
func hasDotSegment(p string) bool {
	for i := 0; ; i++ {
		j := strings.IndexByte(p[i:], '.')
		if j < 0 {
			return false
		}
		i += j
		if i > 0 && p[i-1] != '/' {
			continue
		}
		k := i + 1
		if k < len(p) && p[k] == '.' {
			k++
		}
		if k == len(p) || p[k] == '/' {
			return true
		}
	}
}

// sem is a URL split for the Semantic and Aggressive profiles.
type sem struct {
	scheme, host, port, path, query, fragment string
	hasHost, opaque, hasQuery, hasFragment    bool
	special                                   bool // the URL Standard's special scheme
}

func (r *sem) String() string {
	var b strings.Builder
	b.WriteString(r.scheme)
	b.WriteByte(':')
	if r.hasHost {
		b.WriteString("//")
		b.WriteString(r.host)
		if r.port != "" {
			b.WriteByte(':')
			b.WriteString(r.port)
		}
	} else if !r.opaque && strings.HasPrefix(r.path, "//") {
		b.WriteString("/.") // URL Standard, section 4.5, step 3
	}
	b.WriteString(r.path)
	if r.hasQuery {
		b.WriteByte('?')
		b.WriteString(r.query)
	}
	if r.hasFragment {
		b.WriteByte('#')
		b.WriteString(r.fragment)
	}
	return b.String()
}

// The bytes whose percent-escapes a component keeps encoded under the
// Semantic profile: the reserved characters (RFC 3986, Section 2.2), which
// may delimit data and so name another resource encoded than raw, and "%"
// itself, whose escape "%25" stays what it is; plus the bytes of each
// component that the URL Standard's parser would read as a delimiter or
// change: "\" in a special URL's path (read as "/"), "|" in a file path
// (a drive letter), the forbidden host code points in an opaque host.
var (
	keepReserved    = keepTable("")
	keepSpecialPath = keepTable("\\")
	keepFilePath    = keepTable("\\|")
	keepOpaqueHost  = keepTable("<>\\^|")
)

// keepTable returns the table of the bytes whose escapes reescape keeps:
// the reserved characters, "%" and the bytes of extra.
func keepTable(extra string) *[256]bool {
	var t [256]bool
	for c := range t {
		t[c] = abnf.Classes[c]&(abnf.GenDelims|abnf.SubDelims) != 0
	}
	t['%'] = true
	for i := 0; i < len(extra); i++ {
		t[extra[i]] = true
	}
	return &t
}

// reescape decodes the percent-escapes of s once, as a server reads them
// (RFC 3986, Section 6.2.2.2), but keeps encoded, in upper case, the
// escapes of the bytes of keep; then it escapes the bytes that Safe
// Browsing escapes (<= 0x20, >= 0x7F, "#", and a "%" that begins no
// escape). A decoded byte is never read as the start of an escape: "%2541"
// is "%2541", not "%41" or "A". It returns s itself when nothing changes.
func reescape(s string, keep *[256]bool) string {
	i := 0
	for ; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) && abnf.IsHex(s[i+1]) && abnf.IsHex(s[i+2]) {
			d := abnf.Unhex(s[i+1])<<4 | abnf.Unhex(s[i+2])
			if !keep[d] || s[i+1] != abnf.UpperHex[d>>4] || s[i+2] != abnf.UpperHex[d&15] {
				break
			}
			i += 2
		} else if mustEscape(c) {
			break
		}
	}
	if i == len(s) {
		return s
	}
	out := make([]byte, i, len(s)+8)
	copy(out, s[:i])
	for ; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) && abnf.IsHex(s[i+1]) && abnf.IsHex(s[i+2]) {
			c = abnf.Unhex(s[i+1])<<4 | abnf.Unhex(s[i+2])
			i += 2
			if keep[c] {
				out = append(out, '%', abnf.UpperHex[c>>4], abnf.UpperHex[c&15])
				continue
			}
		}
		if mustEscape(c) {
			out = append(out, '%', abnf.UpperHex[c>>4], abnf.UpperHex[c&15])
		} else {
			out = append(out, c)
		}
	}
	return string(out)
}

// aggressiveSem runs the steps that the Aggressive profile adds to
// Semantic on r, the Semantic profile's result: https read as http, the
// host's "www" labels dropped, the path and query lower-cased, session ids
// dropped, empty query pairs and an empty query removed, a trailing "/"
// dropped and the fragment removed.
func aggressiveSem(r *sem) {
	if r.scheme == "https" {
		// The URL Standard kept a port that is no default of https, but
		// may be http's.
		r.scheme = "http"
		if r.port == schemes.Lookup(r.scheme).Port {
			r.port = ""
		}
	}
	r.host = stripWWW(r.host)
	if !r.opaque {
		p := stripPathSessionID(abnf.LowerString(r.path))
		if i := strings.Index(p, ";jsessionid="); i >= 0 {
			// What the cut leaves may end in a dot segment ("/.;jsessionid=").
			p = tidyPath(p[:i], r.special)
		}
		if q := strings.TrimRight(p, "/"); q != "" {
			p = q
		} else if p != "" {
			p = "/"
		}
		r.path = p
	}
	if r.hasQuery {
		kept, _ := query.AppendKept(nil, abnf.LowerString(r.query), func(piece string) bool {
			name, value, _ := query.Pair(piece)
			return piece == "" || isSessionID(name, value)
		})
		r.query = sortPairs(string(kept))
		r.hasQuery = r.query != ""
	}
	r.fragment, r.hasFragment = "", false
}
