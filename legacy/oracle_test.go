package legacy

// An independent reference for the legacy parsers: the BNF of each older
// grammar written out again here as a regular expression (all of them are
// regular), simulated with the NFA of internal/oracle, which gives the
// verdict and the error offset (the longest prefix that some valid string
// begins with). The rules are copied from the RFCs, not from the code; the
// decisions the package documents (which scheme gets which rule, what RFC
// 1808's Section 2.4.2 makes absolute) are written here as the RFC text
// states them.

import (
	"errors"
	"math/rand/v2"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/oracle"
)

const (
	reAlpha = `A-Za-z`
	reDigit = `0-9`
	reEsc   = `%[0-9A-Fa-f][0-9A-Fa-f]`
)

// cls builds a character class from the listed bytes.
func cls(chars string) string {
	var b strings.Builder
	b.WriteByte('[')
	for i := 0; i < len(chars); i++ {
		if strings.IndexByte(`\-]^[`, chars[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(chars[i])
	}
	b.WriteByte(']')
	return b.String()
}

// letters, digits and bytes 0x80-0xFF written as ranges, for the classes
// that hold them.
const (
	oAlpha    = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	oDigit    = "0123456789"
	oAlnum    = oAlpha + oDigit
	oNational = "{}|\\^~[]`" // plus 0x80-0xFF, added by classHigh
)

// set is a class of listed ASCII bytes, optionally with 0x80-0xFF.
func set(chars string, high bool) string {
	c := cls(chars)
	if high {
		c = c[:len(c)-1] + `\x{80}-\x{ff}]`
	}
	return c
}

// notWords returns a regexp for the strings whose first byte is in first
// and the others in rest, except the words (ASCII case ignored).
func notWords(words []string, first, rest string) string {
	type node struct {
		kids     map[byte]*node
		terminal bool
	}
	root := &node{kids: map[byte]*node{}}
	for _, w := range words {
		n := root
		for i := 0; i < len(w); i++ {
			c := w[i]
			if n.kids[c] == nil {
				n.kids[c] = &node{kids: map[byte]*node{}}
			}
			n = n.kids[c]
		}
		n.terminal = true
	}
	var expr func(n *node, depth int) string
	expr = func(n *node, depth int) string {
		var alts []string
		if depth > 0 && !n.terminal {
			alts = append(alts, "")
		}
		alphabet := rest
		if depth == 0 {
			alphabet = first
		}
		var kids []byte
		for c := range n.kids {
			kids = append(kids, c)
		}
		sort.Slice(kids, func(i, j int) bool { return kids[i] < kids[j] })
		other := ""
		for i := 0; i < len(alphabet); i++ {
			c := alphabet[i]
			lc := c
			if 'A' <= c && c <= 'Z' {
				lc = c + 'a' - 'A'
			}
			if n.kids[lc] == nil {
				other += string(c)
			}
		}
		for _, c := range kids {
			alts = append(alts, `(?i:`+regexp.QuoteMeta(string(c))+`)`+expr(n.kids[c], depth+1))
		}
		if other != "" {
			alts = append(alts, cls(other)+cls(rest)+`*`)
		}
		return `(?:` + strings.Join(alts, "|") + `)`
	}
	return expr(root, 0)
}

// rfc1738 transcribes RFC 1738, Section 5, with the scheme-specific rules
// applied to their schemes and genericurl to the rest, and an RFC 1808
// fragment after any URL.
func rfc1738() string {
	safe, extra := `$-_.+`, `!*'(),`
	unreserved := oAlnum + safe + extra
	reserved := `;/?:@&=`
	uchar := `(?:` + set(unreserved, false) + `|` + reEsc + `)`
	xchar := `(?:` + set(unreserved+reserved, false) + `|` + reEsc + `)`
	digits := `[0-9]+`
	ad := `[` + reAlpha + reDigit + `]`
	domainlabel := `(?:` + ad + `|` + ad + `[` + reAlpha + reDigit + `\-]*` + ad + `)`
	toplabel := `(?:[` + reAlpha + `]|[` + reAlpha + `][` + reAlpha + reDigit + `\-]*` + ad + `)`
	hostname := `(?:` + domainlabel + `\.)*` + toplabel
	hostnumber := digits + `\.` + digits + `\.` + digits + `\.` + digits
	host := `(?:` + hostname + `|` + hostnumber + `)`
	hostport := host + `(?::` + digits + `)?`
	user := `(?:` + set(unreserved+`;?&=`, false) + `|` + reEsc + `)*`
	login := `(?:` + user + `(?::` + user + `)?@)?` + hostport
	fsegment := `(?:` + set(unreserved+`?:@&=`, false) + `|` + reEsc + `)*`
	fpath := fsegment + `(?:/` + fsegment + `)*`
	hsegment := `(?:` + set(unreserved+`;:@&=`, false) + `|` + reEsc + `)*`
	hpath := hsegment + `(?:/` + hsegment + `)*`
	search := hsegment
	group := `[` + reAlpha + `][` + reAlpha + reDigit + `\-.+_]*`
	article := `(?:` + set(unreserved+`;/?:&=`, false) + `|` + reEsc + `)+@` + host
	field := `(?:` + set(unreserved+`?:@&`, false) + `|` + reEsc + `)*`
	schemes := []string{"ftp", "http", "gopher", "mailto", "news", "nntp", "telnet", "wais", "file", "prospero"}
	rules := []string{
		`(?i:ftp)://` + login + `(?:/` + fpath + `(?:;type=[AIDaid])?)?`,
		`(?i:file)://(?:` + host + `|localhost)?/` + fpath,
		`(?i:http)://` + hostport + `(?:/` + hpath + `(?:\?` + search + `)?)?`,
		`(?i:gopher)://` + hostport + `(?:/(?:` + xchar + `(?:` + xchar + `*(?:%09` + xchar + `*(?:%09` + xchar + `*)?)?)?)?)?`,
		`(?i:mailto):` + xchar + `+`,
		`(?i:news):(?:\*|` + group + `|` + article + `)`,
		`(?i:nntp)://` + hostport + `/` + group + `(?:/` + digits + `)?`,
		`(?i:telnet)://` + login + `/?`,
		`(?i:wais)://` + hostport + `/` + uchar + `*(?:\?` + search + `|/` + uchar + `*/` + uchar + `*)?`,
		`(?i:prospero)://` + hostport + `/` + fsegment + `(?:/` + fsegment + `)*(?:;` + field + `=` + field + `)*`,
		notWords(schemes, oAlnum+`+-.`, oAlnum+`+-.`) + `:(?:` + xchar + `*|//` + login + `(?:/` + xchar + `*)?)`,
	}
	return `(?:` + strings.Join(rules, "|") + `)(?:#` + xchar + `*)?`
}

// rfc1808 transcribes RFC 1808, Section 2.2, or (national) RFC 2068,
// Section 3.2.1 with Section 3.2.2's http_URL. A text that begins with
// scheme characters and ":" is absolute (RFC 1808, Section 2.4.2), so a
// rel_path cannot begin that way.
func rfc1808(national bool) string {
	safe, extra := `$-_.+`, `!*'(),`
	reserved := `;/?:@&=`
	pcharExtra := `:@&=`
	if national {
		safe, reserved, pcharExtra = `$-_.`, `;/?:@&=+`, `:@&=+`
	}
	unreserved := oAlnum + safe + extra
	if national {
		unreserved += oNational
	}
	uchar := `(?:` + set(unreserved, national) + `|` + reEsc + `)`
	pcharSet := unreserved + pcharExtra
	pchar := `(?:` + set(pcharSet, national) + `|` + reEsc + `)`
	schemeChars := oAlnum + `+-.`
	// pchar that is not a scheme character and not ":"
	var notScheme strings.Builder
	for i := 0; i < len(pcharSet); i++ {
		if c := pcharSet[i]; strings.IndexByte(schemeChars+":", c) < 0 {
			notScheme.WriteByte(c)
		}
	}
	pcharNS := `(?:` + set(notScheme.String(), national) + `|` + reEsc + `)`
	query := `(?:` + uchar + `|` + set(reserved, false) + `)*`
	segment := pchar + `*`
	param := `(?:` + pchar + `|/)*`
	params := param + `(?:;` + param + `)*`
	tail := `(?:;` + params + `)?(?:\?` + query + `)?`
	relPath := `(?:` + pchar + `+(?:/` + segment + `)*)?` + tail
	absPath := `/` + relPath
	netLoc := `(?:` + pchar + `|[;?])*`
	netPath := `//` + netLoc + `(?:` + absPath + `)?`
	scheme := cls(schemeChars) + `+`
	fsegNoScheme := `(?:` + cls(schemeChars) + `+|:` + pchar + `*|` + cls(schemeChars) + `*` + pcharNS + pchar + `*)`
	relPathNoScheme := `(?:` + fsegNoScheme + `(?:/` + segment + `)*)?` + tail
	absolute := scheme + `:` + query
	if national {
		ad := `[` + reAlpha + reDigit + `]`
		domainlabel := `(?:` + ad + `|` + ad + `[` + reAlpha + reDigit + `\-]*` + ad + `)`
		toplabel := `(?:[` + reAlpha + `]|[` + reAlpha + `][` + reAlpha + reDigit + `\-]*` + ad + `)`
		host := `(?:(?:` + domainlabel + `\.)*` + toplabel + `|[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+)`
		httpURL := `(?i:http)://` + host + `(?::[0-9]*)?(?:` + absPath + `)?`
		absolute = `(?:` + httpURL + `|` + notWords([]string{"http"}, schemeChars, schemeChars) + `:` + query + `)`
	}
	relative := `(?:` + netPath + `|` + absPath + `|` + relPathNoScheme + `)`
	return `(?:` + absolute + `|` + relative + `)(?:#` + query + `)?`
}

// rfc2396 transcribes RFC 2396, Appendix A; with ipv6, as RFC 2732 amends it
// (RFC 2373's text forms for IPv6address); with http, RFC 2616's http_URL.
func rfc2396(ipv6, http, queryOnly bool) string {
	mark := `-_.!~*'()`
	unreserved := oAlnum + mark
	reserved := `;/?:@&=+$,`
	if ipv6 {
		reserved += `[]`
	}
	esc := reEsc
	uric := `(?:` + cls(reserved+unreserved) + `|` + esc + `)`
	noSlash := strings.Replace(reserved, "/", "", 1)
	uricNoSlash := `(?:` + cls(unreserved+noSlash) + `|` + esc + `)`
	pchar := `(?:` + cls(unreserved+`:@&=+$,`) + `|` + esc + `)`
	segment := pchar + `*(?:;` + pchar + `*)*`
	pathSegments := segment + `(?:/` + segment + `)*`
	absPath := `/` + pathSegments
	relSegment := `(?:` + cls(unreserved+`;@&=+$,`) + `|` + esc + `)+`
	relPath := relSegment + `(?:` + absPath + `)?`
	opaque := uricNoSlash + uric + `*`
	userinfo := `(?:` + cls(unreserved+`;:&=+$,`) + `|` + esc + `)*`
	an := `[` + reAlpha + reDigit + `]`
	domainlabel := `(?:` + an + `|` + an + `[` + reAlpha + reDigit + `\-]*` + an + `)`
	toplabel := `(?:[` + reAlpha + `]|[` + reAlpha + `][` + reAlpha + reDigit + `\-]*` + an + `)`
	hostname := `(?:` + domainlabel + `\.)*` + toplabel + `\.?`
	ipv4 := `[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+`
	host := `(?:` + hostname + `|` + ipv4 + `)`
	if ipv6 {
		octet := `(?:[0-9]{1,2}|[01][0-9]{2}|2[0-4][0-9]|25[0-5])`
		ipv4 = octet + `\.` + octet + `\.` + octet + `\.` + octet
		v6 := oracle.IPv6Pattern(`[0-9A-Fa-f]{1,4}`, ipv4)
		host = `(?:` + hostname + `|` + `[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}` + `|\[` + v6 + `\])`
	}
	hostport := host + `(?::[0-9]*)?`
	server := `(?:(?:` + userinfo + `@)?` + hostport + `)?`
	regName := `(?:` + cls(unreserved+`$,;:@&=+`) + `|` + esc + `)+`
	netPath := `//(?:` + server + `|` + regName + `)(?:` + absPath + `)?`
	query := uric + `*`
	hierPart := `(?:` + netPath + `|` + absPath + `)(?:\?` + query + `)?`
	scheme := `[` + reAlpha + `][` + reAlpha + reDigit + `+\-.]*`
	absolute := scheme + `:(?:` + hierPart + `|` + opaque + `)`
	if http {
		httpURL := `(?i:http)://` + host + `(?::[0-9]*)?(?:` + absPath + `(?:\?` + query + `)?)?`
		absolute = `(?:` + httpURL + `|` + notWords([]string{"http"}, oAlpha, oAlnum+`+-.`) + `:(?:` + hierPart + `|` + opaque + `)` + `)`
	}
	rel := `(?:` + netPath + `|` + absPath + `|` + relPath + `)`
	if queryOnly {
		rel = `(?:` + rel + `)?`
	}
	relative := rel + `(?:\?` + query + `)?`
	return `(?:` + absolute + `|` + relative + `)?(?:#` + query + `)?`
}

var (
	legacyOracleMu    sync.Mutex
	legacyOracleCache = map[Grammar]*oracle.NFA{}
)

// legacyOracle returns the oracle of a grammar.
func legacyOracle(g Grammar) *oracle.NFA {
	legacyOracleMu.Lock()
	defer legacyOracleMu.Unlock()
	if o := legacyOracleCache[g]; o != nil {
		return o
	}
	var expr string
	switch g {
	case RFC1738:
		expr = rfc1738()
	case RFC1808:
		expr = rfc1808(false)
	case RFC2068:
		expr = rfc1808(true)
	case RFC2396:
		expr = rfc2396(false, false, false)
	case RFC2732:
		expr = rfc2396(true, false, false)
	case RFC2616:
		expr = rfc2396(false, true, false)
	}
	o := oracle.Compile(expr)
	legacyOracleCache[g] = o
	return o
}

var legacyGrammars = []Grammar{RFC1738, RFC1808, RFC2068, RFC2396, RFC2732, RFC2616}

// Pools for genLegacy: the pieces of the older grammars, their near misses,
// and what RFC 3986 and the old grammars disagree on.
var (
	genLegacySchemes = []string{"ftp", "FTP", "http", "HTTP", "gopher", "mailto", "news", "nntp", "telnet",
		"wais", "file", "prospero", "foo", "x-y.z", "1ab", "+x", "https", "", "h_p", "localhost"}
	genLegacyUsers = []string{"u", "u:p", "", ":", "u?x", "u;x=y&z", "a@b", "u:p:q", "%41", "~u", "u p", "foo:"}
	genLegacyHosts = []string{"a", "a.b", "a-b.c", "1a.b", "a.1", "example.123", "1.2.3.4", "999.1.1.1", "1.2.3",
		"a.", "a..b", "-a", "a-", "localhost", "[::1]", "[::1.02.3.4]", "[1:2:3:4:5:6:7:8]", "[v1.x]", "h_x", "",
		"a.b.", "01.2.3.4", "[::ffff:1.2.3.400]", "[1::2::3]", "ABC.com", "a--b", "[::]"}
	genLegacyPorts    = []string{"", "80", "0080", "x", "8a", "21"}
	genLegacySegments = []string{"a", "", ".", "..", "a;type=a", "a;type=x", "d;type=D", "%09x", "x%09y%09+", "~u",
		"{x}", "a|b", "[1]", "^", "`", "a b", "\xe9", "a:b", "a@b", "a?b", "*", "g;x=1", "%2F", ";x", "a%zz",
		"n;OBJECT-VERSION=3", "00", "+ABSTRACT%20+SMELL", "comp.x", "a.b@c.d", "123", "\"", "<", "a+b", "$,"}
	genLegacyQueries = []string{"y", "a=b&c", "a[1]", "a/b?c", "", "x y", "a;b", "~", "%7E", "a:b@c"}
)

// genLegacy returns a generated reference for the older grammars, damaged by
// a few random edits half of the time.
func genLegacy(r *rand.Rand) string {
	var b strings.Builder
	if r.IntN(5) > 0 {
		b.WriteString(oracle.Pick(r, genLegacySchemes...))
		b.WriteByte(':')
	}
	if r.IntN(4) > 0 {
		b.WriteString("//")
		if r.IntN(4) == 0 {
			b.WriteString(oracle.Pick(r, genLegacyUsers...))
			b.WriteByte('@')
		}
		b.WriteString(oracle.Pick(r, genLegacyHosts...))
		if r.IntN(5) == 0 {
			b.WriteByte(':')
			b.WriteString(oracle.Pick(r, genLegacyPorts...))
		}
	}
	for n := r.IntN(4); n > 0; n-- {
		if b.Len() > 0 || r.IntN(2) == 0 {
			b.WriteByte('/')
		}
		b.WriteString(oracle.Pick(r, genLegacySegments...))
	}
	if r.IntN(4) == 0 {
		b.WriteByte('?')
		b.WriteString(oracle.Pick(r, genLegacyQueries...))
	}
	if r.IntN(4) == 0 {
		b.WriteByte('#')
		b.WriteString(oracle.Pick(r, genLegacyQueries...))
	}
	s := b.String()
	if r.IntN(2) == 0 {
		return s
	}
	for n := 1 + r.IntN(2); n > 0; n-- {
		i := r.IntN(len(s) + 1)
		switch r.IntN(3) {
		case 0:
			s = s[:i] + oracle.Pick(r, oracle.Noise...) + s[i:]
		case 1:
			if i < len(s) {
				s = s[:i] + s[i+1:]
			}
		case 2:
			s = s[:i]
		}
	}
	return s
}

// compareLegacyWithOracle returns how Parse disagrees with the grammar's
// oracle on s, or "".
func compareLegacyWithOracle(g Grammar, s string) string {
	l, err := Parse(s, g)
	ok, off := legacyOracle(g).Check(s)
	if ok != (err == nil) {
		return "verdict " + errString(err) + ", but the BNF accepts it: " + boolString(ok)
	}
	if err != nil {
		var e *uri.Error
		if !errors.As(err, &e) {
			return "error is not an *uri.Error: " + err.Error()
		}
		if e.Offset != off || e.Op != uri.OpParse || e.Detail != g.String() || e.Input != s {
			return e.Error() + "; the longest valid prefix ends at " + strconv.Itoa(off)
		}
		return ""
	}
	if l.String() != s || l.Grammar != g {
		return "String() = " + l.String()
	}
	return ""
}

// TestLegacyMatchesOracle compares each grammar's parser with its oracle on
// generated references.
func TestLegacyMatchesOracle(t *testing.T) {
	n := 60000
	if oracle.Short() {
		n = 6000
	}
	r := rand.New(rand.NewPCG(1738, 2396))
	failures := 0
	for i := 0; i < n && failures < 30; i++ {
		s := genLegacy(r)
		if i%4 == 3 {
			s = oracle.Reference(r)
		}
		for _, g := range legacyGrammars {
			if msg := compareLegacyWithOracle(g, s); msg != "" {
				t.Errorf("ParseLegacy(%q, %v): %s", s, g, msg)
				failures++
			}
		}
	}
}
