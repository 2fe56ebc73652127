package guard_test

import (
	"errors"
	"net"
	"net/netip"
	"strconv"
	"strings"
	"testing"

	"github.com/gouri/uri"
	"github.com/gouri/uri/guard"
	"github.com/gouri/uri/whatwg"
)

// FuzzCheck: Check never panics; an allowed URL's target is a host:port
// with an allowed port whose host, when it is an address, CheckAddr
// allows, and is no name of this host or of a cloud metadata service; a
// refusal is a *guard.Error with a rule and an offset in the input or
// uri.NoOffset, and one for the URL Standard's parse failure has its
// *uri.Error as Cause, at the same offset.
func FuzzCheck(f *testing.F) {
	for _, tt := range adversarial {
		f.Add(tt.in)
	}
	var p guard.Policy
	f.Fuzz(func(t *testing.T, in string) {
		target, err := p.Check(in)
		if err != nil {
			e, ok := err.(*guard.Error)
			if !ok || e.Rule == "" || e.Err == nil || target != "" || (e.Offset < 0 || e.Offset > len(in)) && e.Offset != uri.NoOffset {
				t.Fatalf("Check(%q) = %q, %#v", in, target, err)
			}
			var ue *uri.Error
			if e.Rule == guard.RuleParse && e.Reading == guard.ReadingWHATWG && (!errors.As(err, &ue) || ue.Offset != e.Offset) {
				t.Fatalf("Check(%q) = %#v: no *uri.Error at its offset inside", in, err)
			}
			return
		}
		host, port, err := net.SplitHostPort(target)
		if err != nil {
			t.Fatalf("Check(%q) = %q: not a host:port: %v", in, target, err)
		}
		if n, err := strconv.Atoi(port); err != nil || (n != 80 && n != 443) {
			t.Fatalf("Check(%q) = %q: port not allowed", in, target)
		}
		if a, err := netip.ParseAddr(host); err == nil {
			if err := p.CheckAddr(a); err != nil || a.Unmap().IsLoopback() || a.Unmap().IsPrivate() || a.IsUnspecified() {
				t.Fatalf("Check(%q) = %q, an address that is refused", in, target)
			}
		}
		if host == "" {
			t.Fatalf("Check(%q) = %q, the empty host", in, target)
		}
		// "." is the root domain to resolvers, not this host.
		switch strings.ToLower(strings.TrimRight(host, ".")) {
		case "localhost", "metadata", "metadata.google.internal", "metadata.goog", "instance-data", "instance-data.ec2.internal":
			t.Fatalf("Check(%q) = %q, a name of this host or of a metadata service", in, target)
		}
	})
}

// FuzzOnlyHosts: a pattern is either a list or a configuration error (a
// *uri.Error with ErrBadHostPattern at an offset in the pattern, never a
// refusal); an allowlist never lets through what the policy without it
// refuses; a URL that the zero policy allows is allowed by the allowlist
// of its own host, as the URL Standard serializes it (unless the host
// holds a "*" or an empty label, which no pattern does), and refused by rule
// allowlist by "*." and that host, when it is a domain; and a URL that the
// fuzzed pattern lets through has that pattern's host (read by the URL
// Standard's parser, as a URL's) as its host, or as a suffix after a dot
// for a "*." pattern.
func FuzzOnlyHosts(f *testing.F) {
	for _, tt := range adversarial {
		f.Add(tt.in, "example.com")
	}
	f.Add("https://a.b.example.com./x", "*.EXAMPLE.com")
	f.Add("https://xn--bcher-kva.example/", "Bücher.example")
	f.Add("http://8.8.8.8/", "0x8.8.8.8")
	f.Add("http://[2001:4860:4860::8888]/", "2001:4860:4860:0::8888")
	f.Add("http://evil.com/", "*.com")
	var zero guard.Policy
	anySuffix := guard.HostListOptions{AllowPublicSuffixWildcard: true}
	f.Fuzz(func(t *testing.T, in, pattern string) {
		list, lerr := guard.NewHostList([]string{pattern}, guard.HostListOptions{})
		var ue *uri.Error
		if lerr != nil && (list != nil || !errors.As(lerr, &ue) || !errors.Is(lerr, guard.ErrBadHostPattern) ||
			ue.Input != pattern || ue.Offset < 0 || ue.Offset > len(pattern) || errors.As(lerr, new(*guard.Error))) {
			t.Fatalf("NewHostList(%q) = %v, %#v", pattern, list, lerr)
		}
		_, err := zero.Check(in)
		p := guard.Policy{OnlyHosts: list}
		_, perr := p.Check(in)
		if err != nil {
			if perr == nil && list != nil {
				t.Fatalf("OnlyHosts %q allows %q, which the zero policy refuses: %v", pattern, in, err)
			}
			return
		}
		u := whatwg.MustParse(in)
		host := u.Hostname()
		own, err := guard.NewHostList([]string{host}, guard.HostListOptions{})
		if err != nil {
			// A pattern holds a "*" only in its leading "*.", and no
			// empty label, which the URL Standard lets a host have.
			if trimmed := strings.TrimSuffix(host, "."); strings.Contains(host, "*") || trimmed == "" ||
				strings.Contains("."+trimmed+".", "..") {
				return
			}
			t.Fatalf("NewHostList(%q), the host of %q: %v", host, in, err)
		}
		if _, err := (&guard.Policy{OnlyHosts: own}).Check(in); err != nil {
			t.Fatalf("OnlyHosts %q refuses %q, its own host: %v", host, in, err)
		}
		if u.HostKind() == uri.HostDomain {
			under, err := guard.NewHostList([]string{"*." + host}, anySuffix)
			if err == nil {
				_, err = (&guard.Policy{OnlyHosts: under}).Check(in)
			}
			if !errors.Is(err, guard.ErrAllowlist) && !errors.Is(err, guard.ErrBadHostPattern) {
				t.Fatalf("OnlyHosts %q on %q = %v, want ErrAllowlist", "*."+host, in, err)
			}
		}
		if list == nil || perr != nil {
			return
		}
		rest, wildcard := strings.CutPrefix(pattern, "*.")
		if strings.Contains(rest, ":") && !strings.HasPrefix(rest, "[") {
			rest = "[" + rest + "]"
		}
		pu, err := whatwg.Parse("http://" + rest + "/")
		h, want := strings.TrimSuffix(host, "."), strings.TrimSuffix(pu.Hostname(), ".")
		if err != nil || !wildcard && h != want || wildcard && !strings.HasSuffix(h, "."+want) {
			t.Fatalf("OnlyHosts %q allows %q, whose host is %q", pattern, in, host)
		}
	})
}
