package uribeam

import (
	"errors"
	"net/netip"

	"github.com/gouri/uri"
	"github.com/gouri/uri/guard"
)

// Policy is the part of a guard.Policy that travels to the workers of a
// pipeline as data: its fields are those of guard.Policy of the same
// names, each allowing more at the risk that guard.Policy's comment states,
// and Hosts and OnlyHosts hold the host patterns that guard.NewHostList
// reads, with AllowPublicSuffixWildcard as guard.HostListOptions has it. The zero
// Policy is guard's safe default. The fields of guard.Policy that hold
// code (OnlyURLs, Resolver) are left out: a decision of [Guard] resolves
// no name and fetches nothing.
type Policy struct {
	Schemes      []string
	Ports        []uint16
	AllowPrivate bool
	Networks     []netip.Prefix
	// Hosts, when not nil, are the patterns of the hosts that are
	// trusted ("localhost", "*.corp.example"), as guard.Policy's Hosts.
	Hosts []string
	// OnlyHosts, when not nil, is an allowlist of host patterns
	// ("hooks.example.com", "*.partner.example"); an empty, non-nil list
	// refuses every URL, as guard's does.
	OnlyHosts                 []string
	AllowPublicSuffixWildcard bool
}

// Guard returns the guard.Policy of p. It compiles Hosts and OnlyHosts
// with guard.NewHostList, and returns its *uri.Error for a bad pattern.
func (p Policy) Guard() (*guard.Policy, error) {
	g := &guard.Policy{Schemes: p.Schemes, Ports: p.Ports, AllowPrivate: p.AllowPrivate, Networks: p.Networks}
	o := guard.HostListOptions{AllowPublicSuffixWildcard: p.AllowPublicSuffixWildcard}
	for _, l := range []struct {
		patterns []string
		list     **guard.HostList
	}{{p.Hosts, &g.Hosts}, {p.OnlyHosts, &g.OnlyHosts}} {
		if l.patterns == nil {
			continue
		}
		list, err := guard.NewHostList(l.patterns, o)
		if err != nil {
			return nil, err
		}
		*l.list = list
	}
	return g, nil
}

// Decision is what a guard.Policy decided for a URL: allowed, with the
// host and port that net/http would dial, or refused by a rule.
type Decision struct {
	Input   string // the URL as it was given
	Allowed bool
	Dial    string        // the host:port that net/http would dial (before DNS), when allowed
	Rule    guard.Rule    // the rule that refused the URL (guard.RuleScheme, ...), "" when allowed
	Reading guard.Reading // the reading that the refusal concerns (guard.ReadingWHATWG, ...), or ""
	Reason  string        // the refusal in plain words, as guard.Error.Reason writes it
	Offset  int           // the byte offset in Input of the fault, or uri.NoOffset (-1)
}

// decide returns the Decision of g for input. A refusal of rule parse is
// no decision but the error: the input is no URL that the readings read,
// and goes where the other transforms' failures go.
func decide(g *guard.Policy, input string) (Decision, error) {
	dial, err := g.Check(input)
	if err == nil {
		return Decision{Input: input, Allowed: true, Dial: dial, Offset: uri.NoOffset}, nil
	}
	var e *guard.Error
	if !errors.As(err, &e) || e.Rule == guard.RuleParse {
		return Decision{}, err
	}
	return Decision{Input: input, Rule: e.Rule, Reading: e.Reading, Reason: e.Reason(), Offset: e.Offset}, nil
}
