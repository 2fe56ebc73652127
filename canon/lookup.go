package canon

import "strings"

// LookupExpressions returns the host-suffix/path-prefix expressions that a
// Safe Browsing client looks up for s (Safe Browsing API, "URLs and
// Hashing", section "Suffix/prefix expressions"), after the [SafeBrowsing]
// canonicalization: each host of lookupHosts joined with each path of
// lookupPaths, without the scheme ("a.b.c/1/2.html?param=1"), hosts first.
func LookupExpressions(s string) ([]string, error) {
	p, err := googleParts(s, false)
	if err != nil {
		return nil, Canonicalizer{Profile: SafeBrowsing}.fail(OpCanon, s, err)
	}
	var out []string
	for _, h := range lookupHosts(p.host) {
		for _, q := range lookupPaths(p.path, p.query) {
			out = append(out, h+q)
		}
	}
	return out, nil
}

// lookupHosts is the list of hosts to look up: the exact host, then, for a
// name that is no IP address, its suffixes of at most seven and at least
// two labels, longest first. The document's list stops at the last five
// labels; Google's client goes to seven ("a.b.c.d.e.f.kita.tokyo.jp" gives
// "c.d.e.f.kita.tokyo.jp" ... "tokyo.jp"), and so does this.
func lookupHosts(host string) []string {
	hosts := []string{host}
	if strings.HasPrefix(host, "[") {
		return hosts
	}
	if _, ip := ipv4(host); ip {
		return hosts
	}
	labels := strings.Count(host, ".") + 1
	rest := host
	for n := labels; n > 2; n-- {
		rest = rest[strings.IndexByte(rest, '.')+1:]
		if n-1 <= 7 {
			hosts = append(hosts, rest)
		}
	}
	return hosts
}

// lookupPaths is the list of paths to look up: the root and up to three
// more prefixes that end in "/", then the exact path, then the exact path
// with its query when it has one that is not empty.
func lookupPaths(path, query string) []string {
	paths := []string{"/"}
	for i, n := 1, 0; n < 3 && i < len(path); n++ {
		j := strings.IndexByte(path[i:], '/')
		if j < 0 {
			break
		}
		i += j + 1
		paths = append(paths, path[:i])
	}
	if paths[len(paths)-1] != path {
		paths = append(paths, path)
	}
	if query != "" {
		paths = append(paths, path+"?"+query)
	}
	return paths
}
