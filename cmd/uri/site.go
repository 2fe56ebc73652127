package main

// `uri site`: the registrable domain of each URL (package
// github.com/gouri/uri/site), the URL read as the URL Standard reads it.

import (
	"flag"
	"hash/maphash"
	"strconv"
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/errtext"
	"github.com/gouri/uri/site"
	"github.com/gouri/uri/whatwg"
)

var siteCommand = &command{
	name:     "site",
	lines:    wholeLines,
	operands: "[URL...]",
	summary:  "print the registrable domain (site) of URLs (Public Suffix List)",
	about: "Prints the registrable domain of each URL, its \"site\": the public suffix of\n" +
		"its host (\"com\", \"co.uk\", \"github.io\", from the Public Suffix List) and one\n" +
		"label more, in lower-case A-labels: \"https://www.Bücher.co.uk/x\" gives\n" +
		"\"xn--bcher-kva.co.uk\" (package site, RegistrableDomain). Each URL is read as\n" +
		"the URL Standard reads it, as browsers, uri guard and uri canon do, and a line\n" +
		"of standard input is a URL as it is. Only a domain has a registrable domain\n" +
		"(URL Standard, section 3.2): a URL without a host, with an IP address for\n" +
		"one, with the opaque host of a non-special scheme (\"ssh://h/\"), or whose host\n" +
		"is itself a public suffix (\"com\", \"localhost\") has none, which is an\n" +
		"error. A final \".\" is kept: \"example.com.\" is another site. With --json:\n" +
		"{\"input\":S,\"ok\":true,\"result\":SITE}, or the error object of every\n" +
		"command. uri parse --grammar whatwg --json prints it as \"site\".",
	flags: func(fs *flag.FlagSet) func() (op, string) {
		return func() (op, string) {
			sites := new(siteCache)
			return op{whole: true, apply: func(in string) result { return siteResult(in, sites) }}, ""
		}
	},
}

// siteResult is the operation of `uri site`, which looks sites up in
// sites.
func siteResult(in string, sites *siteCache) result {
	u, err := whatwg.Parse(in)
	if err != nil {
		return failure(in, err)
	}
	rd, ok := sites.site(&u)
	if !ok {
		return failureAt(&noSiteError{in, u}, nil)
	}
	return success(rd)
}

// urlSite returns the registrable domain of u's host (URL Standard,
// section 3.2, with site.RegistrableDomain), and whether it has one: a host
// that is no domain (an IP address, an opaque host, the empty host, none)
// has none.
func urlSite(u *whatwg.URL) (string, bool) {
	if u.HostKind() != uri.HostDomain {
		return "", false
	}
	return site.RegistrableDomain(u.Hostname())
}

// siteCache holds the sites of the hosts of the URLs that a command read
// last, so that the lines of a list or a log that share a host, as most
// do, look it up in the Public Suffix List once: a host may sit in either
// slot of a pair chosen by its hash, so that two hosts of one pair, which
// a list that alternates them would otherwise look up on every line, both
// stay (a third takes the first slot and moves its host to the second),
// and the slot of the host looked up last is kept, which a run of lines
// with one host finds without a hash. The slots are few at first, and
// twice as many each time that hosts as many as half of them have been
// looked up since, up to maxSiteSlots: a command that reads a few lines,
// or a few hosts, pays for few. A cache belongs to one command, which
// reads one line at a time.
type siteCache struct {
	slots  []siteSlot // a power of two of them, each in a cache line
	misses int        // the hosts looked up since the slots were made
	seed   maphash.Seed
	last   *siteSlot
}

// The number of slots of a siteCache: at first, and at most (a few
// hundred kilobytes).
const (
	minSiteSlots = 256
	maxSiteSlots = 8192
)

// siteSlot is a host that a siteCache holds, copied into the slot (it may
// be a slice of a line that the next one overwrites), and its site, a
// suffix of the host, in 64 bytes: slots made together, which memory
// aligns to their size, are each in one cache line. A host longer than
// the slot's array, or whose site is no suffix of it, is not kept: it is
// looked up each time.
type siteSlot struct {
	host [61]byte
	n    uint8 // the length of the host; 0 for an empty slot
	cut  uint8 // the site is host[cut:n]
	ok   bool
}

// holds reports whether the slot holds the host h.
func (s *siteSlot) holds(h string) bool {
	return s.n != 0 && string(s.host[:s.n]) == h
}

// site is urlSite(u), from the cache when it holds u's host. A nil cache
// looks every host up. The site is a slice of u's hostname, or of a string
// of its own when it is none (a name that the lookup converts); it
// allocates nothing for a host that it keeps, but the slots, when it
// makes them.
func (c *siteCache) site(u *whatwg.URL) (string, bool) {
	if c == nil || u.HostKind() != uri.HostDomain {
		return urlSite(u)
	}
	h := u.Hostname()
	if c.last != nil && c.last.holds(h) {
		return h[c.last.cut:], c.last.ok
	}
	if c.seed == (maphash.Seed{}) {
		c.seed = maphash.MakeSeed()
	}
	if 2*c.misses >= len(c.slots) {
		c.grow()
	}
	first, second := c.pair(h)
	switch {
	case first.holds(h):
		c.last = first
		return h[first.cut:], first.ok
	case second.holds(h):
		c.last = second
		return h[second.cut:], second.ok
	}
	c.misses++
	rd, ok := urlSite(u)
	if h == "" || len(h) > len(first.host) || !strings.HasSuffix(h, rd) {
		return rd, ok
	}
	if first.n != 0 {
		*second = *first
	}
	first.n = uint8(copy(first.host[:], h))
	first.cut, first.ok = uint8(len(h)-len(rd)), ok
	c.last = first
	return h[first.cut:], ok
}

// pair returns the pair of slots that may hold host h.
func (c *siteCache) pair(h string) (first, second *siteSlot) {
	i := int(maphash.String(c.seed, h)&uint64(len(c.slots)/2-1)) * 2
	return &c.slots[i], &c.slots[i+1]
}

// grow makes the first slots, or twice as many as there are, up to
// maxSiteSlots, and moves the hosts held into them.
func (c *siteCache) grow() {
	if len(c.slots) >= maxSiteSlots {
		c.misses = 0
		return
	}
	old := c.slots
	c.slots, c.misses, c.last = make([]siteSlot, max(2*len(old), minSiteSlots)), 0, nil
	for i := range old {
		s := &old[i]
		if s.n == 0 {
			continue
		}
		first, second := c.pair(string(s.host[:s.n]))
		switch {
		case first.n == 0:
			*first = *s
		case second.n == 0:
			*second = *s
		}
	}
}

// noSiteError is the error of the input in, the URL u, which has no
// registrable domain: it says why, from what the host is.
type noSiteError struct {
	in string
	u  whatwg.URL
}

func (e *noSiteError) Error() string { return "uri: " + e.reason() }

func (e *noSiteError) reason() string {
	h := strconv.Quote(e.u.Hostname())
	var why string
	switch e.u.HostKind() {
	case uri.HostNone:
		why = "the URL has no host"
	case uri.HostEmpty:
		why = "the host is empty"
	case uri.HostIPv4, uri.HostIPv6:
		why = "the host " + h + " is an IP address"
	case uri.HostOpaque:
		why = "the host " + h + " is an opaque host, not a domain: " + e.u.Scheme() + " is not a special scheme"
	default:
		name := strings.TrimSuffix(e.u.Hostname(), ".")
		if strings.HasPrefix(name, ".") || strings.Contains(name, "..") {
			why = "the host " + h + " has an empty label"
		} else {
			why = "the host " + h + " is a public suffix, or not a valid name"
		}
	}
	return "no registrable domain (" + why + ") of " + errtext.QuoteHead(e.in)
}
