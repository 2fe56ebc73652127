package oracle

import (
	"strings"
	"sync"
)

// RFC3986 returns the regular expression for one start rule of RFC 3986
// ("URI", "absolute-URI", "relative-ref" or, for any other name,
// "URI-reference"), built from the Appendix A productions written out again
// here (not taken from the code); with zone, RFC 6874's IPv6addrz too.
func RFC3986(start string, zone bool) string {
	r := rfc3986Rules(zone)
	switch start {
	case "URI", "absolute-URI", "relative-ref":
		return r[start]
	}
	return `(?:` + r["URI"] + `|` + r["relative-ref"] + `)`
}

// rfc3986Rules returns the regular expressions of the rules of RFC 3986,
// Appendix A, by their names there, that the start rules of RFC 3986 and
// of the protocols that cite them are made of.
func rfc3986Rules(zone bool) map[string]string {
	const (
		alpha      = `A-Za-z`
		digit      = `0-9`
		hexdig     = `0-9A-Fa-f`
		unreserved = alpha + digit + `\-._~`
		subDelims  = `!$&'()*+,;=`
	)
	pct := `%[` + hexdig + `][` + hexdig + `]`
	pchar := `(?:[` + unreserved + subDelims + `:@]|` + pct + `)`
	scheme := `[` + alpha + `][` + alpha + digit + `+\-.]*`
	userinfo := `(?:[` + unreserved + subDelims + `:]|` + pct + `)*`
	h16 := `[` + hexdig + `]{1,4}`
	decOctet := `(?:[0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])`
	ipv4 := decOctet + `\.` + decOctet + `\.` + decOctet + `\.` + decOctet
	ipv6 := IPv6Pattern(h16, ipv4)
	if zone {
		// RFC 6874: IPv6addrz = IPv6address "%25" ZoneID
		ipv6 += `(?:%25(?:[` + unreserved + `]|` + pct + `)+)?`
	}
	ipvFuture := `[vV][` + hexdig + `]+\.[` + unreserved + subDelims + `:]+`
	ipLiteral := `\[(?:` + ipv6 + `|` + ipvFuture + `)\]`
	regName := `(?:[` + unreserved + subDelims + `]|` + pct + `)*`
	host := `(?:` + ipLiteral + `|` + ipv4 + `|` + regName + `)`
	port := `[0-9]*`
	authority := `(?:` + userinfo + `@)?` + host + `(?::` + port + `)?`
	segment := pchar + `*`
	segmentNZ := pchar + `+`
	segmentNZNC := `(?:[` + unreserved + subDelims + `@]|` + pct + `)+`
	pathAbempty := `(?:/` + segment + `)*`
	pathAbsolute := `/(?:` + segmentNZ + `(?:/` + segment + `)*)?`
	pathNoscheme := segmentNZNC + `(?:/` + segment + `)*`
	pathRootless := segmentNZ + `(?:/` + segment + `)*`
	hierPart := `(?://` + authority + pathAbempty + `|` + pathAbsolute + `|` + pathRootless + `|)`
	relativePart := `(?://` + authority + pathAbempty + `|` + pathAbsolute + `|` + pathNoscheme + `|)`
	query := `(?:` + pchar + `|[/?])*`
	fragment := query
	uri := scheme + `:` + hierPart + `(?:\?` + query + `)?(?:#` + fragment + `)?`
	relativeRef := relativePart + `(?:\?` + query + `)?(?:#` + fragment + `)?`
	absoluteURI := scheme + `:` + hierPart + `(?:\?` + query + `)?`
	return map[string]string{
		"URI": uri, "absolute-URI": absoluteURI, "relative-ref": relativeRef,
		"host": host, "port": port, "path-abempty": pathAbempty, "segment": segment, "query": query,
	}
}

var (
	rfc3986Mu    sync.Mutex
	rfc3986Cache = map[string]*NFA{}
)

// Get returns the NFA of RFC3986(start, zone), compiled once.
func Get(start string, zone bool) *NFA {
	key := start
	if zone {
		key += "+zone"
	}
	rfc3986Mu.Lock()
	defer rfc3986Mu.Unlock()
	if o := rfc3986Cache[key]; o != nil {
		return o
	}
	o := Compile(RFC3986(start, zone))
	rfc3986Cache[key] = o
	return o
}

// IPv6Pattern is the IPv6address rule as a regular expression, in the nine
// forms that RFC 3986, Section 3.2.2 (and RFC 2373, Section 2.2, for the old
// grammars) writes out, given the patterns of h16 and of the IPv4 address
// that may end it.
func IPv6Pattern(h16, ipv4 string) string {
	ls32 := `(?:` + h16 + `:` + h16 + `|` + ipv4 + `)`
	hc := `(?:` + h16 + `:)`
	return `(?:` + strings.Join([]string{
		hc + `{6}` + ls32,
		`::` + hc + `{5}` + ls32,
		`(?:` + h16 + `)?::` + hc + `{4}` + ls32,
		`(?:` + hc + `{0,1}` + h16 + `)?::` + hc + `{3}` + ls32,
		`(?:` + hc + `{0,2}` + h16 + `)?::` + hc + `{2}` + ls32,
		`(?:` + hc + `{0,3}` + h16 + `)?::` + h16 + `:` + ls32,
		`(?:` + hc + `{0,4}` + h16 + `)?::` + ls32,
		`(?:` + hc + `{0,5}` + h16 + `)?::` + h16,
		`(?:` + hc + `{0,6}` + h16 + `)?::`,
	}, "|") + `)`
}
