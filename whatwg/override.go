package whatwg

// ParseOpaquePath runs the opaque path state of the basic URL parser (URL
// Standard, section 4.4) with a state override on value, on a URL whose
// path is opaque and empty, and returns the path: value up to its first
// "?" or "#", without tabs and newlines, UTF-8 percent-encoded with the C0
// control percent-encode set, where a space just before "?" or "#" is
// "%20". The rest of value would go to the URL's query or fragment, and is
// ignored. The opaque path state never fails.
//
// No setter of the URL class runs this state; the URL Pattern Standard
// does, in "canonicalize an opaque pathname", and the other states it runs
// are the setters' ([URL.SetHostname], [URL.SetPathname], ...). It is a
// function rather than a change to a URL because the path it returns may
// start with "/", which no URL with an opaque path can hold and still
// parse back to itself. It allocates only when value needs a change.
func ParseOpaquePath(value string) string {
	var p parser
	p.setter(value, schemeOther)
	p.opaquePath(0)
	out := p.w.String()
	switch {
	case p.u.flags&fQuery != 0:
		return out[:p.u.queryStart]
	case p.u.flags&fFragment != 0:
		return out[:p.u.fragStart]
	}
	return out
}
