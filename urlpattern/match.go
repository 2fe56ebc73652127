package urlpattern

import "github.com/gouri/uri/whatwg"

// Group is one group of a component's match (section 1.5, create a
// component match result): its name, as the pattern gives it or a number
// for a group without one, and its value.
type Group struct {
	Name  string
	Value string
	// Matched is false for a group that did not take part in the match,
	// undefined in JavaScript; Value is then "". An optional group that
	// matched the empty string has Matched true.
	Matched bool
}

// ComponentResult is the standard's URLPatternComponentResult: the input
// of one component and its groups, in the order of the pattern.
type ComponentResult struct {
	Input  string
	Groups []Group
}

// Get returns the value of the group named name, and false when there is
// no such group or it did not take part in the match.
func (r ComponentResult) Get(name string) (string, bool) {
	for _, g := range r.Groups {
		if g.Name == name {
			return g.Value, g.Matched
		}
	}
	return "", false
}

// Result is the standard's URLPatternResult, without the inputs that the
// caller has: for each component, its input and its groups
// ([Result.Component]). It is a value, so that a match allocates nothing
// when the pattern has at most eight groups (the groups of a wildcard
// component count). The zero Result is the result of no match: every
// component empty, without groups.
type Result struct {
	input  inputs
	start  [numComponents + 1]int32 // component c's groups are [start[c], start[c+1])
	groups [8]Group
	more   []Group // all the groups, when there are more than eight
}

// Component returns the result of the component c: its input and its
// groups, a slice of r's own memory. A Component that is not one of the
// eight gives the zero ComponentResult.
func (r *Result) Component(c Component) ComponentResult {
	if c >= numComponents {
		return ComponentResult{}
	}
	list := r.groups[:]
	if r.more != nil {
		list = r.more
	}
	a, b := r.start[c], r.start[c+1]
	return ComponentResult{Input: r.input[c], Groups: list[a:b:b]}
}

// Get returns the value of the group named name in component c, and
// false when there is no such group or it did not take part.
func (r *Result) Get(c Component, name string) (string, bool) {
	return r.Component(c).Get(name)
}

// inputs are the strings that the components match (section 1.4, match,
// step 13): the URL's components as the URL class's getters give them,
// without the delimiters, "" for a null one.
type inputs [numComponents]string

// urlInputs returns the inputs of a URL: substrings of its href.
func urlInputs(u *whatwg.URL) inputs {
	return inputs{u.Scheme(), u.Username(), u.Password(), u.Hostname(), u.Port(), u.Pathname(), u.Query(), u.Fragment()}
}

// urlInput returns the input of component c of a URL.
func urlInput(u *whatwg.URL, c Component) string {
	switch c {
	case Protocol:
		return u.Scheme()
	case Username:
		return u.Username()
	case Password:
		return u.Password()
	case Hostname:
		return u.Hostname()
	case Port:
		return u.Port()
	case Pathname:
		return u.Pathname()
	case Search:
		return u.Query()
	}
	return u.Fragment()
}

// Test reports whether the URL string input, parsed by the URL Standard
// without a base URL, matches the pattern: test(input) in JavaScript. An
// input that is not a URL does not match. It allocates only what parsing
// input allocates (see whatwg.Parse), and what a regular expression group
// takes to match.
func (p *Pattern) Test(input string) bool {
	u, err := whatwg.Parse(input)
	return err == nil && p.TestURL(u)
}

// TestResolved is [Pattern.Test] of the URL that ref resolves to against
// base: test(ref, base) in JavaScript, the base first as everywhere in
// the module. A base that is not a URL matches nothing.
func (p *Pattern) TestResolved(base, ref string) bool {
	u, err := whatwg.Resolve(base, ref)
	return err == nil && p.TestURL(u)
}

// TestURL reports whether a parsed URL matches, without parsing it again.
// Without regular expression groups it does not allocate. The zero URL is
// not a URL and matches nothing.
func (p *Pattern) TestURL(u whatwg.URL) bool {
	if u.Href() == "" {
		return false
	}
	in := urlInputs(&u)
	return p.testURL(&in)
}

// testURL is test for the inputs of a URL, which hold no line terminator
// (the URL Standard's href is ASCII, and its only byte outside the
// printable range is a space), so that a wildcard component matches
// without a look.
func (p *Pattern) testURL(in *inputs) bool {
	for _, c := range p.urlChecks {
		if !p.comp[c].m.match(in[c], nil) {
			return false
		}
	}
	return true
}

// TestInit reports whether the components of init match, after the
// canonicalization of section 3.2: test(init). Absent components are
// empty, or come from init.BaseURL. Components that do not canonicalize
// (a port that is not a number) match nothing.
func (p *Pattern) TestInit(init Init) bool {
	in, ok := initInputs(init)
	return ok && p.test(&in)
}

func (p *Pattern) test(in *inputs) bool {
	for c := range p.comp {
		if !p.comp[c].m.match(in[c], nil) {
			return false
		}
	}
	return true
}

// Exec returns the groups of the URL string input, parsed by the URL
// Standard without a base URL, and true when it matches the pattern;
// false otherwise: exec(input) in JavaScript, which returns null then. An
// input that is not a URL does not match. Exec allocates what parsing
// input allocates (nothing for a URL in serialized form), and the groups
// when there are more than eight.
func (p *Pattern) Exec(input string) (Result, bool) {
	u, err := whatwg.Parse(input)
	if err != nil {
		return Result{}, false
	}
	return p.ExecURL(u)
}

// ExecResolved is [Pattern.Exec] of the URL that ref resolves to against
// base: exec(ref, base) in JavaScript, the base first as everywhere in
// the module.
func (p *Pattern) ExecResolved(base, ref string) (Result, bool) {
	u, err := whatwg.Resolve(base, ref)
	if err != nil {
		return Result{}, false
	}
	return p.ExecURL(u)
}

// ExecURL is [Pattern.Exec] on a parsed URL, which it does not parse
// again. The inputs of the Result are substrings of the URL's href.
func (p *Pattern) ExecURL(u whatwg.URL) (r Result, ok bool) {
	if u.Href() == "" {
		return Result{}, false
	}
	in := urlInputs(&u)
	ok = p.exec(&in, true, &r)
	return r, ok
}

// ExecComponent matches input against the component c of the pattern
// alone, and returns groups with the groups of that component appended,
// in the order of the pattern, as [ComponentResult] holds them; groups
// unchanged and false when input does not match, or c is not one of the
// eight. Input is read as the component of a URL: percent-encoded as the
// URL Standard serializes it, without its delimiter ("/" begins a
// pathname, "?" is not part of a search). With [List.MatchPathname] it
// gives a router the groups of the path that a List found. It allocates
// only to grow groups, and what a regular expression group takes to
// match.
func (p *Pattern) ExecComponent(c Component, input string, groups []Group) ([]Group, bool) {
	if c >= numComponents {
		return groups, false
	}
	lo, hi := p.groupStart[c], p.groupStart[c+1]
	var buf [32]int
	caps := buf[:0]
	if 2*(hi-lo) > len(buf) {
		caps = make([]int, 0, 2*(hi-lo))
	}
	caps = caps[:2*(hi-lo)]
	if !p.comp[c].m.match(input, caps) {
		return groups, false
	}
	for i := lo; i < hi; i++ {
		g := Group{Name: p.groupNames[i]}
		if a, b := caps[2*(i-lo)], caps[2*(i-lo)+1]; a >= 0 {
			g.Value, g.Matched = input[a:b], true
		}
		groups = append(groups, g)
	}
	return groups, true
}

// ExecInit is [Pattern.Exec] on the components of init, as
// [Pattern.TestInit] reads them: exec(init).
func (p *Pattern) ExecInit(init Init) (r Result, ok bool) {
	in, ok := initInputs(init)
	if !ok {
		return Result{}, false
	}
	ok = p.exec(&in, false, &r)
	return r, ok
}

// initInputs returns the inputs of init: process a URLPatternInit with
// type "url" (section 1.4, match, step 12); false when that throws.
func initInputs(init Init) (inputs, bool) {
	r, err := processInit(init, true)
	if err != nil {
		return inputs{}, false
	}
	var in inputs
	for c := range r {
		in[c] = r[c].s
	}
	return in, true
}

// exec matches every component and fills r (section 1.4, match, steps
// 14 to 25), or leaves r as it was and returns false. It allocates the
// groups when there are more than eight. The inputs of a URL (fromURL)
// hold no line terminator (see testURL), so that a wildcard component
// matches all of its input without a look.
func (p *Pattern) exec(in *inputs, fromURL bool, r *Result) bool {
	total := len(p.groupNames)
	var buf [32]int
	caps := buf[:0]
	if 2*total > len(buf) {
		caps = make([]int, 0, 2*total)
	}
	caps = caps[:2*total]
	for c := range p.comp {
		k, e := 2*p.groupStart[c], 2*p.groupStart[c+1]
		if fromURL && p.comp[c].wildcard {
			caps[k], caps[k+1] = 0, len(in[c])
		} else if !p.comp[c].m.match(in[c], caps[k:e]) {
			return false
		}
	}
	r.input = *in
	groups := r.groups[:]
	if total > len(r.groups) {
		r.more = make([]Group, total)
		groups = r.more
	}
	for c := range p.comp {
		r.start[c+1] = int32(p.groupStart[c+1])
		s := in[c]
		for i := p.groupStart[c]; i < p.groupStart[c+1]; i++ {
			g := &groups[i]
			g.Name = p.groupNames[i]
			if lo, hi := caps[2*i], caps[2*i+1]; lo >= 0 {
				g.Value, g.Matched = s[lo:hi], true
			}
		}
	}
	return true
}
