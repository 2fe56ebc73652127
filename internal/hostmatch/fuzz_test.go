package hostmatch

import (
	"errors"
	"strings"
	"testing"

	"github.com/gouri/uri"
	"github.com/gouri/uri/whatwg"
)

// FuzzParse checks a pattern and a host against each other: Parse never
// panics; a fault's offset lies in the pattern, no later than the first
// byte that no pattern holds, and its cause, if any, is the URL
// Standard's *uri.Error about the pattern at that offset; a pattern that
// parses is the same pattern read again, matches its own host (or the
// names under its domain, not the domain) and nothing else that the
// reference does not match; and a host matched, as the URL Standard
// serializes it, is that host again when the URL Standard reads it, and
// still matched.
func FuzzParse(f *testing.F) {
	for _, tt := range matchTests {
		for _, p := range tt.patterns {
			f.Add(p, tt.host)
		}
	}
	f.Add("*.example.com", "A.Example.COM.")
	f.Add("*.example.com", "\u00ad.example.com")
	f.Add("2001:db8::1", "[2001:DB8:0::1]")
	f.Add("*.com", "evil.com")
	f.Add("＊.example.com", "a.example.com")
	f.Fuzz(func(t *testing.T, pattern, host string) {
		p, err := Parse(pattern, Options{})
		if err != nil {
			checkFault(t, pattern, err)
			return
		}
		var s Set
		s.Add(p)
		again := p.Host
		if p.Wildcard {
			again = "*." + again
		}
		if q, err := Parse(again, Options{}); err != nil || q != p || strings.Contains(p.Host, "*") {
			t.Fatalf("Parse(%q) = %+v, but Parse(%q) = %+v, %+v", pattern, p, again, q, err)
		}
		if s.Match(p.Host) == p.Wildcard || p.Wildcard && !s.Match("a."+p.Host) {
			t.Fatalf("Parse(%q) = %+v, which matches %q: %v", pattern, p, p.Host, s.Match(p.Host))
		}
		if got, want := s.Match(host), slowMatch([]Pattern{p}, host); got != want {
			t.Fatalf("%q.Match(%q) = %v, the reference %v", pattern, host, got, want)
		}
		more := append([]Pattern{p}, fuzzSet...)
		var m Set
		for _, q := range more {
			m.Add(q)
		}
		if got, want := m.Match(host), slowMatch(more, host); got != want {
			t.Fatalf("%q and %+v: Match(%q) = %v, the reference %v", pattern, fuzzSet, host, got, want)
		}
		h, err := Parse(host, Options{})
		if err != nil || h.Wildcard || !s.Match(h.Host) {
			return
		}
		u, uerr := whatwg.Parse("http://" + h.Host)
		if uerr != nil || strings.TrimSuffix(u.Hostname(), ".") != h.Host || !s.Match(u.Hostname()) {
			t.Fatalf("%q matches %q, the URL Standard's %q, which it reads as %q, %v", pattern, h.Host, host, u.Hostname(), uerr)
		}
	})
}

// fuzzSet are patterns of several lengths and numbers of labels, which
// FuzzParse adds to the fuzzed one.
var fuzzSet = func() []Pattern {
	var ps []Pattern
	for _, p := range []string{"*.example.com", "*.b.example.com", "*.co.example", "*.e", "a.example", "8.8.8.8", "[::1]"} {
		c, err := Parse(p, Options{AllowPublicSuffixWildcard: true})
		if err != nil {
			panic(err)
		}
		ps = append(ps, c)
	}
	return ps
}()

// checkFault checks the fault of a pattern that Parse refused.
func checkFault(t *testing.T, pattern string, err *Error) {
	t.Helper()
	off, cause := err.In(pattern, 0)
	if err.Offset < 0 || err.Offset > len(pattern) || off != err.Offset || err.Detail == "" {
		t.Fatalf("Parse(%q) = %+v: offset %d outside the pattern, or no words", pattern, err, off)
	}
	at := 0
	if strings.HasPrefix(pattern, "*.") {
		at = 2
	}
	if i := strings.IndexAny(pattern[at:], "/?#\\@%*\t\n\r"); i >= 0 && err.Offset > max(at+i, 1) {
		t.Fatalf("Parse(%q) = %+v: the fault is after %q at %d", pattern, err, pattern[at+i], at+i)
	}
	var ue *uri.Error
	if cause != nil && (!errors.As(cause, &ue) || ue.Input != pattern || ue.Offset != err.Offset || ue.Err == nil) {
		t.Fatalf("Parse(%q) = %+v, with the cause %#v", pattern, err, cause)
	}
}
