package uri

// A slow, obviously correct reference for the parser: the ABNF of RFC 3986,
// Appendix A, transcribed rule by rule into a regular expression (the URI
// grammar is regular), compiled with regexp/syntax into an NFA and simulated
// one byte at a time. A prefix is the beginning of some valid string exactly
// while at least one NFA thread is alive, because every state of an NFA
// compiled from a regular expression without assertions can reach the match
// state. So the oracle gives both the verdict and the error offset that the
// package promises: the length of the longest prefix that can still be
// completed.

import (
	"encoding/binary"
	"math/rand/v2"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"sync"
	"testing"
)

// abnf returns the regular expression for one start rule, built from
// the Appendix A productions written out again here (not taken from the code).
func abnf(start string, zone bool) string {
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
	ipv6 := ipv6Pattern(h16, ipv4)
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
	switch start {
	case "URI":
		return uri
	case "absolute-URI":
		return absoluteURI
	case "relative-ref":
		return relativeRef
	}
	return `(?:` + uri + `|` + relativeRef + `)`
}

// oracle simulates the NFA of one start rule. The sets of NFA states met
// while reading bytes are cached as DFA states, built lazily, so that the
// same set is never computed twice; the cache changes nothing but speed.
type oracle struct {
	prog *syntax.Prog
	full *regexp.Regexp // the same expression anchored, as a cross-check

	mu     sync.Mutex
	states []*dfaState
	index  map[string]int32 // key of a sorted NFA state set -> index in states
}

// dfaState is a set of NFA instructions that read a byte or match.
type dfaState struct {
	pcs   []uint32
	match bool
	next  [256]int32 // 0: not computed yet; -1: no thread left; else index+1
}

var (
	oracleMu    sync.Mutex
	oracleCache = map[string]*oracle{}
)

func getOracle(start string, zone bool) *oracle {
	key := start
	if zone {
		key += "+zone"
	}
	oracleMu.Lock()
	defer oracleMu.Unlock()
	if o := oracleCache[key]; o != nil {
		return o
	}
	expr := abnf(start, zone)
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		panic(err)
	}
	prog, err := syntax.Compile(re.Simplify())
	if err != nil {
		panic(err)
	}
	o := &oracle{prog: prog, full: regexp.MustCompile(`^(?:` + expr + `)$`)}
	oracleCache[key] = o
	return o
}

// check returns whether s matches the rule and, if not, the length of the
// longest prefix of s that is a prefix of some string that matches.
func (o *oracle) check(s string) (ok bool, offset int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.index == nil || len(o.states) > 1<<16 {
		// Start, or start again when the cache has grown large.
		o.states, o.index = nil, map[string]int32{}
	}
	sim := simulation{o: o, mark: make([]int, len(o.prog.Inst))}
	cur := o.state(sim.closure(nil, uint32(o.prog.Start)))
	for i := 0; i < len(s); i++ {
		next := o.states[cur].next[s[i]]
		if next == 0 {
			next = -1
			r := rune(s[i]) // bytes, not runes: a byte >= 0x80 matches no class
			sim.gen++
			var set []uint32
			for _, pc := range o.states[cur].pcs {
				inst := &o.prog.Inst[pc]
				switch inst.Op {
				case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
					if inst.MatchRune(r) {
						set = sim.closure(set, inst.Out)
					}
				}
			}
			if len(set) > 0 {
				next = o.state(set) + 1
			}
			o.states[cur].next[s[i]] = next
		}
		if next < 0 {
			return false, i
		}
		cur = next - 1
	}
	if o.states[cur].match {
		return true, 0
	}
	return false, len(s)
}

// state returns the index of the DFA state for the NFA state set, adding it
// if it is new.
func (o *oracle) state(set []uint32) int32 {
	slices.Sort(set)
	key := make([]byte, 0, 4*len(set))
	for _, pc := range set {
		key = binary.LittleEndian.AppendUint32(key, pc)
	}
	if i, ok := o.index[string(key)]; ok {
		return i
	}
	st := &dfaState{pcs: set}
	for _, pc := range set {
		st.match = st.match || o.prog.Inst[pc].Op == syntax.InstMatch
	}
	o.states = append(o.states, st)
	o.index[string(key)] = int32(len(o.states) - 1)
	return int32(len(o.states) - 1)
}

// simulation is the state of one run of the NFA: mark[pc] == gen when pc
// is already in the set being built for the current byte.
type simulation struct {
	o    *oracle
	mark []int
	gen  int
}

// closure adds pc and every instruction reachable from it without reading a
// byte to set, keeping only the instructions that read a byte or match.
func (sim *simulation) closure(set []uint32, pc uint32) []uint32 {
	stack := []uint32{pc}
	for len(stack) > 0 {
		pc := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if sim.mark[pc] == sim.gen+1 {
			continue
		}
		sim.mark[pc] = sim.gen + 1
		inst := &sim.o.prog.Inst[pc]
		switch inst.Op {
		case syntax.InstAlt, syntax.InstAltMatch:
			stack = append(stack, inst.Arg, inst.Out)
		case syntax.InstNop, syntax.InstCapture:
			stack = append(stack, inst.Out)
		case syntax.InstEmptyWidth:
			panic("oracle: assertions are not used")
		case syntax.InstFail:
		default:
			set = append(set, pc)
		}
	}
	return set
}

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
		s := genReference(r)
		for _, sr := range startRules {
			o := getOracle(sr.rule, sr.zone)
			ok, off := o.check(s)
			if ok != o.full.MatchString(s) {
				t.Fatalf("%s oracle on %q: simulation says %v, regexp says %v", sr.rule, s, ok, !ok)
			}
			if !ok && off < len(s) && o.full.MatchString(s[:off+1]) {
				t.Fatalf("%s oracle on %q: %q matches, yet the simulation stops at %d", sr.rule, s, s[:off+1], off)
			}
		}
	}
}

// ipv6Pattern is the IPv6address rule as a regular expression, in the nine
// forms that RFC 3986, Section 3.2.2 (and RFC 2373, Section 2.2, for the old
// grammars) writes out, given the patterns of h16 and of the IPv4 address
// that may end it.
func ipv6Pattern(h16, ipv4 string) string {
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
