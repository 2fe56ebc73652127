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
// caller has: a ComponentResult for each component.
type Result struct {
	Protocol ComponentResult
	Username ComponentResult
	Password ComponentResult
	Hostname ComponentResult
	Port     ComponentResult
	Pathname ComponentResult
	Search   ComponentResult
	Hash     ComponentResult

	// groups holds the groups of a result that has few, so that a
	// Result is one allocation.
	groups [8]Group
}

// Component returns the result of the component c, or nil for a
// Component that is not one of the eight.
func (r *Result) Component(c Component) *ComponentResult {
	switch c {
	case Protocol:
		return &r.Protocol
	case Username:
		return &r.Username
	case Password:
		return &r.Password
	case Hostname:
		return &r.Hostname
	case Port:
		return &r.Port
	case Pathname:
		return &r.Pathname
	case Search:
		return &r.Search
	case Hash:
		return &r.Hash
	}
	return nil
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

// TestRef is [Pattern.Test] with a base URL: test(input, base). A base
// that is not a URL matches nothing.
func (p *Pattern) TestRef(input, base string) bool {
	u, err := whatwg.ParseRef(input, base)
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
// Standard without a base URL, when it matches the pattern, and nil
// otherwise: exec(input) in JavaScript, which returns null. An input that
// is not a URL does not match. Exec allocates the Result, which holds up
// to eight groups, and a list of the groups when there are more.
func (p *Pattern) Exec(input string) *Result {
	u, err := whatwg.Parse(input)
	if err != nil {
		return nil
	}
	return p.ExecURL(u)
}

// ExecRef is [Pattern.Exec] with a base URL: exec(input, base).
func (p *Pattern) ExecRef(input, base string) *Result {
	u, err := whatwg.ParseRef(input, base)
	if err != nil {
		return nil
	}
	return p.ExecURL(u)
}

// ExecURL is [Pattern.Exec] on a parsed URL, which it does not parse
// again. The inputs of the Result are substrings of the URL's href.
func (p *Pattern) ExecURL(u whatwg.URL) *Result {
	if u.Href() == "" {
		return nil
	}
	in := urlInputs(&u)
	return p.exec(&in, true)
}

// ExecInit is [Pattern.Exec] on the components of init, as
// [Pattern.TestInit] reads them: exec(init).
func (p *Pattern) ExecInit(init Init) *Result {
	in, ok := initInputs(init)
	if !ok {
		return nil
	}
	return p.exec(&in, false)
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

// exec matches every component and builds the Result (section 1.4, match,
// steps 14 to 25). It allocates the Result, and the groups when there
// are more than eight. The inputs of a URL (fromURL) hold no line
// terminator (see testURL), so that a wildcard component matches all of
// its input without a look.
func (p *Pattern) exec(in *inputs, fromURL bool) *Result {
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
			return nil
		}
	}
	r := new(Result)
	var groups []Group
	if total <= len(r.groups) {
		groups = r.groups[:total]
	} else {
		groups = make([]Group, total)
	}
	for c := range p.comp {
		s := in[c]
		for i := p.groupStart[c]; i < p.groupStart[c+1]; i++ {
			g := &groups[i]
			g.Name = p.groupNames[i]
			if lo, hi := caps[2*i], caps[2*i+1]; lo >= 0 {
				g.Value, g.Matched = s[lo:hi], true
			}
		}
	}
	at := &p.groupStart
	r.Protocol = ComponentResult{in[Protocol], groups[at[0]:at[1]:at[1]]}
	r.Username = ComponentResult{in[Username], groups[at[1]:at[2]:at[2]]}
	r.Password = ComponentResult{in[Password], groups[at[2]:at[3]:at[3]]}
	r.Hostname = ComponentResult{in[Hostname], groups[at[3]:at[4]:at[4]]}
	r.Port = ComponentResult{in[Port], groups[at[4]:at[5]:at[5]]}
	r.Pathname = ComponentResult{in[Pathname], groups[at[5]:at[6]:at[6]]}
	r.Search = ComponentResult{in[Search], groups[at[6]:at[7]:at[7]]}
	r.Hash = ComponentResult{in[Hash], groups[at[7]:at[8]:at[8]]}
	return r
}
