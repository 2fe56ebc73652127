package urlpattern

import (
	"strconv"
	"strings"
)

// Pattern is a URL pattern (section 1.3): a compiled pattern for each of
// the eight components of a URL. It is immutable and safe for use by
// several goroutines at once.
type Pattern struct {
	comp       [numComponents]component
	ignoreCase bool
	// The names of the groups of every component, one after the other;
	// those of component c are groupNames[groupStart[c]:groupStart[c+1]].
	groupNames []string
	groupStart [numComponents + 1]int
	// urlChecks are the components that a URL's components need matching
	// against: those that are not the wildcard "*" alone (see testURL).
	urlChecks []Component
}

// Options are the standard's URLPatternOptions (section 1.2).
type Options struct {
	// IgnoreCase makes the pathname, search and hash match without regard
	// to case, as ECMAScript's "i" flag does (simple case folding). The
	// other components are canonicalized to lower case where case does
	// not matter, and match by case.
	IgnoreCase bool
}

// Parse compiles a pattern string without a base URL, as new
// URLPattern(pattern, options) does (section 1.4, create): the pattern
// must have a protocol, "https://example.com/books/:id". Components the
// string leaves out after those it has are wildcards ("https://h" matches
// any path); a hostname without a port matches only the default port.
//
// A malformed pattern is a [*uri.Error] with Op uri.OpParse, Input the
// pattern, Offset the byte offset in it where it goes wrong, and Err one
// of this package's sentinels. Parse allocates the compiled pattern.
func Parse(pattern string, opts Options) (*Pattern, error) {
	return parse(Opt{}, pattern, opts)
}

// Resolve compiles a pattern string against a base URL, as new
// URLPattern(pattern, baseURL, options) does: a relative pattern, such as
// "/books/:id" or "../admin/*", takes the components it lacks from base.
// The base comes first, as everywhere in the module (uri.Resolve). A base
// that is not a URL is an error with Err [ErrBaseURL], whose Input is
// base. Otherwise it is [Parse].
func Resolve(base, pattern string, opts Options) (*Pattern, error) {
	return parse(Some(base), pattern, opts)
}

// MustParse is [Parse] without options, for a pattern known to be valid;
// it panics on error. It is for tests, examples and package-level
// patterns written in the program.
func MustParse(pattern string) *Pattern {
	p, err := Parse(pattern, Options{})
	if err != nil {
		panic(err)
	}
	return p
}

// New compiles a pattern from its components, as new URLPattern(init,
// options) does (section 1.4, create): an absent component is the
// wildcard "*", unless it comes from init.BaseURL (each component less
// specific than every one present, never the username or password). A
// malformed component is a [*uri.Error] whose Input is that component's
// text and whose Component names it.
func New(init Init, opts Options) (*Pattern, error) {
	return create(init, "", [numComponents]int{}, opts)
}

// parse is create for a pattern string.
func parse(base Opt, pattern string, opts Options) (*Pattern, error) {
	init, at, err := parseConstructorString(pattern)
	if err != nil {
		return nil, err
	}
	if !base.ok && !init.Protocol.ok {
		return nil, patternError(pattern, relativeOffset(pattern), numComponents, ErrRelative,
			"give a base URL, or start the pattern with a protocol")
	}
	init.BaseURL = base
	return create(init, pattern, at, opts)
}

// relativeOffset is where a pattern without a protocol stops being one
// with a protocol: at the first "/" or "#", or at its end.
func relativeOffset(s string) int {
	if k := strings.IndexAny(s, "/#"); k >= 0 {
		return k
	}
	return len(s)
}

// create is "create" (section 1.4) from init. For a pattern string, input
// is the string and at where each component's text starts in it.
func create(init Init, input string, at [numComponents]int, opts Options) (*Pattern, error) {
	processed, ierr := processInit(init, false)
	if ierr != nil {
		b := init.BaseURL.s
		return nil, patternError(b, ierr.off, numComponents, ierr.err, ierr.detail)
	}
	var v [numComponents]string
	for c := range processed {
		v[c] = "*"
		if s, ok := processed[c].Get(); ok {
			v[c] = s
		}
	}
	if isSpecialScheme(v[Protocol]) && v[Port] == defaultPort(v[Protocol]) {
		v[Port] = ""
	}
	p := &Pattern{ignoreCase: opts.IgnoreCase}
	for c := Protocol; c < numComponents; c++ {
		enc, o := p.encoder(c, v[Hostname])
		if c == Pathname && !p.comp[Protocol].matchesSpecialScheme() {
			enc, o = canonOpaquePathname, defaultOptions
		}
		if c >= Pathname {
			o.ignoreCase = opts.IgnoreCase
		}
		comp, err := compileComponent(v[c], enc, o)
		if err != nil {
			return nil, componentError(init, input, at, c, v[c], err)
		}
		p.comp[c] = comp
		p.groupNames = append(p.groupNames, comp.names...)
		p.groupStart[c+1] = len(p.groupNames)
		if !comp.wildcard {
			p.urlChecks = append(p.urlChecks, c)
		}
	}
	return p, nil
}

// encoder returns the encoding callback and the options of component c
// (section 1.4, create, steps 7 to 16).
func (p *Pattern) encoder(c Component, hostname string) (encodeFunc, options) {
	switch c {
	case Protocol:
		return canonProtocol, defaultOptions
	case Username:
		return canonUsername, defaultOptions
	case Password:
		return canonPassword, defaultOptions
	case Hostname:
		if isIPv6Pattern(hostname) {
			return canonIPv6Hostname, hostnameOptions
		}
		return canonHostname, hostnameOptions
	case Port:
		return canonPort, defaultOptions
	case Pathname:
		return canonPathname, pathnameOptions
	case Search:
		return canonSearch, defaultOptions
	}
	return canonHash, defaultOptions
}

// isIPv6Pattern is "hostname pattern is an IPv6 address".
func isIPv6Pattern(s string) bool {
	if len(s) < 2 {
		return false
	}
	return s[0] == '[' || (s[0] == '{' || s[0] == '\\') && s[1] == '['
}

// componentError is the *uri.Error of the component c, whose text v did
// not compile. Its offset is in the pattern string, or in the member of
// init, when v is that text, or that text after processing removed a
// delimiter from it ("https:", "?q") or put the base URL's path before it;
// otherwise it is in v.
func componentError(init Init, input string, at [numComponents]int, c Component, v string, e *compError) error {
	orig, ok := init.Get(c).Get()
	off := -1
	switch {
	case !ok:
	case strings.HasPrefix(orig, v):
		off = e.off
	case strings.HasSuffix(orig, v):
		off = len(orig) - len(v) + e.off
	case strings.HasSuffix(v, orig) && e.off >= len(v)-len(orig):
		off = e.off - (len(v) - len(orig))
	}
	switch {
	case off < 0:
		return patternError(v, e.off, c, e.err, e.detail)
	case input != "":
		return patternError(input, at[c]+off, c, e.err, e.detail)
	}
	return patternError(orig, off, c, e.err, e.detail)
}

// matchesSpecialScheme is "protocol component matches a special scheme".
func (c *component) matchesSpecialScheme() bool {
	for _, s := range [...]string{"ftp", "file", "http", "https", "ws", "wss"} {
		if c.m.match(s, nil) {
			return true
		}
	}
	return false
}

// Protocol returns the normalized pattern string of the protocol
// component: the protocol getter (section 1.2). The other getters are
// alike; [Pattern.Component] returns any of them.
func (p *Pattern) Protocol() string { return p.comp[Protocol].pattern }

// Username returns the pattern string of the username component.
func (p *Pattern) Username() string { return p.comp[Username].pattern }

// Password returns the pattern string of the password component.
func (p *Pattern) Password() string { return p.comp[Password].pattern }

// Hostname returns the pattern string of the hostname component.
func (p *Pattern) Hostname() string { return p.comp[Hostname].pattern }

// Port returns the pattern string of the port component.
func (p *Pattern) Port() string { return p.comp[Port].pattern }

// Pathname returns the pattern string of the pathname component.
func (p *Pattern) Pathname() string { return p.comp[Pathname].pattern }

// Search returns the pattern string of the search component.
func (p *Pattern) Search() string { return p.comp[Search].pattern }

// Hash returns the pattern string of the hash component.
func (p *Pattern) Hash() string { return p.comp[Hash].pattern }

// Component returns the pattern string of the component c, "" for a
// Component that is not one of the eight.
func (p *Pattern) Component(c Component) string {
	if c >= numComponents {
		return ""
	}
	return p.comp[c].pattern
}

// HasRegExpGroups reports whether a component has a regular expression
// group, such as "(\\d+)": the hasRegExpGroups getter (section 1.2). A
// pattern without them matches without regular expressions.
func (p *Pattern) HasRegExpGroups() bool {
	for c := range p.comp {
		if p.comp[c].hasRegexp {
			return true
		}
	}
	return false
}

// IgnoreCase reports whether the pattern was compiled with
// Options.IgnoreCase.
func (p *Pattern) IgnoreCase() bool { return p.ignoreCase }

// String returns the pattern string of every component, quoted, for
// messages: protocol="https" username="*" ... hash="*".
func (p *Pattern) String() string {
	var b strings.Builder
	for c := Protocol; c < numComponents; c++ {
		if c > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.String())
		b.WriteByte('=')
		b.WriteString(strconv.Quote(p.comp[c].pattern))
	}
	return b.String()
}
