package hostmatch

import (
	"slices"
	"strings"
)

// Set is a compiled set of patterns. The zero Set holds none and matches
// no host; a Set that no one adds to is safe for use by several goroutines.
type Set struct {
	exact   map[string]struct{} // the hosts of the exact patterns
	wild    map[string]struct{} // the domains of the wildcards
	lengths []int               // the lengths of the domains in wild, ascending, each once
}

// Add adds p to s. It allocates the entries of the maps that p needs.
func (s *Set) Add(p Pattern) {
	if !p.Wildcard {
		if s.exact == nil {
			s.exact = make(map[string]struct{})
		}
		s.exact[p.Host] = struct{}{}
		return
	}
	if s.wild == nil {
		s.wild = make(map[string]struct{})
	}
	s.wild[p.Host] = struct{}{}
	if i, found := slices.BinarySearch(s.lengths, len(p.Host)); !found {
		s.lengths = slices.Insert(s.lengths, i, len(p.Host))
	}
}

// Match reports whether host, as the URL Standard serializes it
// (whatwg.URL.Hostname), matches a pattern of s: it is an exact pattern's
// host, or a name under a wildcard's domain, without regard to one final
// "." of either. It allocates nothing. It costs one look-up of the host,
// and one of its end for each length of a wildcard's domain that follows
// a "." in host: for a given set, time linear in the length of host.
func (s *Set) Match(host string) bool {
	host = strings.TrimSuffix(host, ".")
	if _, ok := s.exact[host]; ok {
		return true
	}
	for _, n := range s.lengths {
		// A dot at i > 0 ends the name host[:i] under the domain
		// host[i+1:], of n bytes.
		i := len(host) - n - 1
		if i <= 0 {
			return false // the longer domains leave no name either
		}
		if host[i] != '.' {
			continue
		}
		if _, ok := s.wild[host[i+1:]]; ok {
			return true
		}
	}
	return false
}
