package urlpattern

// This file is the constructor string parser of section 1.6: it splits a
// pattern string such as "https://*.example.com/books/:id" into the
// members of a URLPatternInit, on the tokens of the lenient tokenizer, so
// that pattern syntax is not mistaken for URL delimiters.

// cstate is a state of the constructor string parser.
type cstate uint8

const (
	csInit cstate = iota
	csProtocol
	csAuthority
	csUsername
	csPassword
	csHostname
	csPort
	csPathname
	csSearch
	csHash
	csDone
)

// componentOf returns the component that the state reads, and false for
// init, authority and done.
func (s cstate) component() (Component, bool) {
	switch s {
	case csProtocol:
		return Protocol, true
	case csUsername:
		return Username, true
	case csPassword:
		return Password, true
	case csHostname:
		return Hostname, true
	case csPort:
		return Port, true
	case csPathname:
		return Pathname, true
	case csSearch:
		return Search, true
	case csHash:
		return Hash, true
	}
	return 0, false
}

// constructorParser is the constructor string parser.
type constructorParser struct {
	input          string
	tokens         []token
	result         Init
	at             [numComponents]int // where each component's text starts in input
	componentStart int
	index          int
	increment      int
	groupDepth     int
	ipv6Depth      int
	special        bool // protocol matches a special scheme
	state          cstate
	err            error
}

// parseConstructorString is "parse a constructor string". It returns the
// Init and the offset in input at which each component's text starts.
func parseConstructorString(input string) (Init, [numComponents]int, error) {
	tokens, _ := tokenize(input, true)
	p := &constructorParser{input: input, tokens: tokens}
	for p.index < len(p.tokens) && p.err == nil {
		p.increment = 1
		if p.tokens[p.index].typ == tokEnd {
			if p.atEnd() {
				break
			}
		} else if p.tokens[p.index].typ == tokOpen {
			p.groupDepth++
		} else if p.groupDepth > 0 && p.tokens[p.index].typ != tokClose {
			// Code points inside "{...}" belong to the component they are in.
		} else {
			if p.groupDepth > 0 {
				p.groupDepth--
			}
			p.step()
		}
		p.index += p.increment
	}
	if p.err != nil {
		return Init{}, p.at, p.err
	}
	if p.result.Hostname.ok && !p.result.Port.ok {
		p.result.Port = Some("")
	}
	return p.result, p.at, nil
}

// atEnd handles the end token, and reports whether parsing is done.
func (p *constructorParser) atEnd() bool {
	switch p.state {
	case csInit:
		// No protocol: the pattern is relative, and starts with a path,
		// a search or a hash.
		p.rewind()
		switch {
		case p.isHashPrefix():
			p.changeState(csHash, 1)
		case p.isSearchPrefix():
			p.changeState(csSearch, 1)
		default:
			p.changeState(csPathname, 0)
		}
		return false
	case csAuthority:
		// No "@": no username or password.
		p.rewindAndSet(csHostname)
		return false
	}
	p.changeState(csDone, 0)
	return true
}

// step runs the state's steps on the token at index.
func (p *constructorParser) step() {
	switch p.state {
	case csInit:
		if p.isChar(p.index, ":") {
			p.rewindAndSet(csProtocol)
		}
	case csProtocol:
		if p.isChar(p.index, ":") {
			p.computeSpecial()
			next, skip := csPathname, 1
			if p.isChar(p.index+1, "/") && p.isChar(p.index+2, "/") {
				next, skip = csAuthority, 3
			} else if p.special {
				next = csAuthority
			}
			p.changeState(next, skip)
		}
	case csAuthority:
		if p.isChar(p.index, "@") {
			p.rewindAndSet(csUsername)
		} else if p.isChar(p.index, "/") || p.isSearchPrefix() || p.isHashPrefix() {
			p.rewindAndSet(csHostname)
		}
	case csUsername:
		if p.isChar(p.index, ":") {
			p.changeState(csPassword, 1)
		} else if p.isChar(p.index, "@") {
			p.changeState(csHostname, 1)
		}
	case csPassword:
		if p.isChar(p.index, "@") {
			p.changeState(csHostname, 1)
		}
	case csHostname:
		p.hostname()
	case csPort:
		p.afterAuthority()
	case csPathname:
		if p.isSearchPrefix() {
			p.changeState(csSearch, 1)
		} else if p.isHashPrefix() {
			p.changeState(csHash, 1)
		}
	case csSearch:
		if p.isHashPrefix() {
			p.changeState(csHash, 1)
		}
	}
}

// hostname is the hostname state: "[" and "]" nest, and ":" outside them
// starts the port.
func (p *constructorParser) hostname() {
	switch {
	case p.isChar(p.index, "["):
		p.ipv6Depth++
	case p.isChar(p.index, "]"):
		p.ipv6Depth--
	case p.isChar(p.index, ":") && p.ipv6Depth == 0:
		p.changeState(csPort, 1)
	default:
		p.afterAuthority()
	}
}

// afterAuthority is the end of the hostname and port states: a pathname,
// a search or a hash starts.
func (p *constructorParser) afterAuthority() {
	switch {
	case p.isChar(p.index, "/"):
		p.changeState(csPathname, 0)
	case p.isSearchPrefix():
		p.changeState(csSearch, 1)
	case p.isHashPrefix():
		p.changeState(csHash, 1)
	}
}

// changeState is "change state".
func (p *constructorParser) changeState(next cstate, skip int) {
	if c, ok := p.state.component(); ok {
		p.result.Set(c, p.componentString())
		p.at[c] = int(p.safeToken(p.componentStart).index)
	}
	if p.state != csInit && next != csDone {
		early := p.state <= csPassword // protocol, authority, username, password
		if early && (next == csPort || next >= csPathname) && !p.result.Hostname.ok {
			p.result.Hostname = Some("")
		}
		if p.state <= csPort && (next == csSearch || next == csHash) && !p.result.Pathname.ok {
			if p.special {
				p.result.Pathname = Some("/")
			} else {
				p.result.Pathname = Some("")
			}
		}
		if p.state <= csPathname && next == csHash && !p.result.Search.ok {
			p.result.Search = Some("")
		}
	}
	p.state = next
	p.index += skip
	p.componentStart = p.index
	p.increment = 0
}

// rewind is "rewind".
func (p *constructorParser) rewind() {
	p.index = p.componentStart
	p.increment = 0
}

// rewindAndSet is "rewind and set state".
func (p *constructorParser) rewindAndSet(s cstate) {
	p.rewind()
	p.state = s
}

// safeToken is "get a safe token": the token at i, or the end token.
func (p *constructorParser) safeToken(i int) token {
	if i < len(p.tokens) {
		return p.tokens[i]
	}
	return p.tokens[len(p.tokens)-1]
}

// isChar is "is a non-special pattern char": the token at i is the code
// point value, written as a char, an escaped char or an invalid char.
func (p *constructorParser) isChar(i int, value string) bool {
	t := p.safeToken(i)
	if t.value(p.input) != value {
		return false
	}
	return t.typ == tokChar || t.typ == tokEscapedChar || t.typ == tokInvalidChar
}

// isSearchPrefix is "is a search prefix": "?" as a char, or an
// other-modifier "?" that does not follow a group it could modify.
func (p *constructorParser) isSearchPrefix() bool {
	if p.isChar(p.index, "?") {
		return true
	}
	if p.tokens[p.index].value(p.input) != "?" {
		return false
	}
	if p.index == 0 {
		return true
	}
	switch p.safeToken(p.index - 1).typ {
	case tokName, tokRegexp, tokClose, tokAsterisk:
		return false
	}
	return true
}

// isHashPrefix is "is a hash prefix".
func (p *constructorParser) isHashPrefix() bool { return p.isChar(p.index, "#") }

// componentString is "make a component string": the input from the
// component's first token to the token at index.
func (p *constructorParser) componentString() string {
	return p.input[p.safeToken(p.componentStart).index:p.tokens[p.index].index]
}

// computeSpecial is "compute protocol matches a special scheme flag": it
// compiles the protocol read so far, whose errors are the constructor's.
func (p *constructorParser) computeSpecial() {
	s := p.componentString()
	c, err := compileComponent(s, canonProtocol, defaultOptions)
	if err != nil {
		at := int(p.safeToken(p.componentStart).index)
		p.err = patternError(p.input, at+err.off, Protocol, err.err, err.detail)
		return
	}
	p.special = c.matchesSpecialScheme()
}
