package oracle

import "sync"

// RFC9112 returns the regular expression for a rule of HTTP/1.1 that reads
// a URI's parts, built on the rules of RFC 3986 (see RFC3986):
//
//   - "origin-form", "absolute-form", "authority-form", "asterisk-form"
//     (RFC 9112, Sections 3.2.1 to 3.2.4);
//   - "target GET", "target OPTIONS", "target CONNECT": the forms of
//     request-target (Section 3.2) that the method allows, CONNECT's port
//     not empty (RFC 9110, Section 9.3.6);
//   - "Host" (RFC 9110, Section 7.2): uri-host [ ":" port ].
//
// Every port is at most 65535, leading zeros allowed, as TCP's ports are:
// a range is a regular language.
func RFC9112(rule string) string {
	r := rfc3986Rules(false)
	// 0 to 65535 after any number of zeros.
	port16 := `0*(?:[0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])`
	origin := `(?:/` + r["segment"] + `)+(?:\?` + r["query"] + `)?`
	absolute := r["absolute-URI"]
	authority := r["host"] + `:` + port16
	asterisk := `\*`
	host := `(?:` + r["host"] + `(?::(?:` + port16 + `)?)?)`
	switch rule {
	case "origin-form":
		return origin
	case "absolute-form":
		return absolute
	case "authority-form", "target CONNECT":
		return authority
	case "asterisk-form":
		return asterisk
	case "target OPTIONS":
		return `(?:` + origin + `|` + absolute + `|` + asterisk + `)`
	case "Host":
		return host
	}
	return `(?:` + origin + `|` + absolute + `)`
}

var (
	rfc9112Mu    sync.Mutex
	rfc9112Cache = map[string]*NFA{}
)

// GetRFC9112 returns the NFA of RFC9112(rule), compiled once.
func GetRFC9112(rule string) *NFA {
	rfc9112Mu.Lock()
	defer rfc9112Mu.Unlock()
	if o := rfc9112Cache[rule]; o != nil {
		return o
	}
	o := Compile(RFC9112(rule))
	rfc9112Cache[rule] = o
	return o
}
