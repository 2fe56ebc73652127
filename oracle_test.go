package uri

// A slow, obviously correct reference for the parser: the ABNF of RFC 3986,
// Appendix A, transcribed rule by rule into a regular expression (the URI
// grammar is regular) and simulated as an automaton by internal/oracle,
// which gives both the verdict and the error offset that the package
// promises: the length of the longest prefix that can still be completed.
// This file adds the picture of a reference's components that tests compare.

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/gouri/uri/internal/oracle"
)

// appendixB is the regular expression of RFC 3986, Appendix B, which splits
// any string into the five main components. On a valid reference it splits
// exactly as the grammar does.
var appendixB = regexp.MustCompile(`^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`)

// view is a test-side picture of a URI's components and their presence,
// compared with go-cmp (URI itself has unexported fields).
type view struct {
	Scheme, Userinfo, Host, Port, Path, Query, Fragment                  *string
	Kind                                                                 string
	HasScheme, HasAuthority, HasUserinfo, HasPort, HasQuery, HasFragment bool
}

// oracleView splits a valid reference with Appendix B, then the authority
// by hand: the userinfo ends at the only "@", the port starts at the last
// ":" that is not inside brackets.
func oracleView(s string) view {
	m := appendixB.FindStringSubmatchIndex(s)
	get := func(g int) (string, bool) {
		if m[2*g] < 0 {
			return "", false
		}
		return s[m[2*g]:m[2*g+1]], true
	}
	var v view
	v.Scheme = optional(get(2))
	v.HasScheme = v.Scheme != nil
	auth, hasAuth := get(4)
	v.HasAuthority = hasAuth
	v.Kind = "none"
	if hasAuth {
		if at := strings.LastIndexByte(auth, '@'); at >= 0 {
			ui := auth[:at]
			v.Userinfo, v.HasUserinfo = &ui, true
			auth = auth[at+1:]
		}
		hostEnd := len(auth)
		if c := strings.LastIndexByte(auth, ':'); c >= 0 && c > strings.LastIndexByte(auth, ']') {
			p := auth[c+1:]
			v.Port, v.HasPort = &p, true
			hostEnd = c
		}
		h := auth[:hostEnd]
		v.Host = &h
		switch {
		case strings.HasPrefix(h, "[v") || strings.HasPrefix(h, "[V"):
			v.Kind = "IPvFuture"
		case strings.HasPrefix(h, "["):
			v.Kind = "IPv6"
		case getOracleIPv4().MatchString(h):
			v.Kind = "IPv4"
		default:
			v.Kind = "reg-name"
		}
	}
	p, _ := get(5)
	v.Path = &p
	v.Query = optional(get(7))
	v.HasQuery = v.Query != nil
	v.Fragment = optional(get(9))
	v.HasFragment = v.Fragment != nil
	return v
}

var oracleIPv4 = sync.OnceValue(func() *regexp.Regexp {
	d := `(?:[0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])`
	return regexp.MustCompile(`^` + d + `\.` + d + `\.` + d + `\.` + d + `$`)
})

func getOracleIPv4() *regexp.Regexp { return oracleIPv4() }

func optional(s string, ok bool) *string {
	if !ok {
		return nil
	}
	return &s
}

// viewOf reads a URI through its accessors.
func viewOf(u URI) view {
	var v view
	v.HasScheme, v.HasAuthority, v.HasUserinfo = u.HasScheme(), u.HasAuthority(), u.HasUserinfo()
	v.HasPort, v.HasQuery, v.HasFragment = u.HasPort(), u.HasQuery(), u.HasFragment()
	v.Scheme = optional(u.Scheme(), u.HasScheme())
	v.Userinfo = optional(u.Userinfo(), u.HasUserinfo())
	v.Host = optional(u.Host(), u.HasAuthority())
	v.Port = optional(u.Port(), u.HasPort())
	p := u.Path()
	v.Path = &p
	v.Query = optional(u.Query(), u.HasQuery())
	v.Fragment = optional(u.Fragment(), u.HasFragment())
	v.Kind = u.HostKind().String()
	return v
}

// TestOracleSelfCheck checks the oracle's own simulation against Go's regexp
// engine running the same expression, on generated inputs: the verdicts must
// agree, and a rejected input's longest valid prefix must be followed by a
// byte that no match can continue with.
func TestOracleSelfCheck(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 3000; i++ {
		s := oracle.Reference(r)
		for _, sr := range startRules {
			o := oracle.Get(sr.rule, sr.zone)
			ok, off := o.Check(s)
			if ok != o.Full.MatchString(s) {
				t.Fatalf("%s oracle on %q: simulation says %v, regexp says %v", sr.rule, s, ok, !ok)
			}
			if !ok && off < len(s) && o.Full.MatchString(s[:off+1]) {
				t.Fatalf("%s oracle on %q: %q matches, yet the simulation stops at %d", sr.rule, s, s[:off+1], off)
			}
		}
	}
}
