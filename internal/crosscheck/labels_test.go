package crosscheck

import (
	"math/rand/v2"
	"net/netip"
	"regexp"
	"strings"
	"testing"

	"github.com/gouri/uri"
	"github.com/gouri/uri/canon"
	"github.com/gouri/uri/guard"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/idnacheck"
	"github.com/gouri/uri/internal/oracle"
	"github.com/gouri/uri/readings"
	"github.com/gouri/uri/whatwg"
)

// A host keeps its labels through every package of the module that reads
// or writes it: IDNA maps, lower-cases and encodes them, and the packages
// read numbers as addresses, but none loses or gains a label, as
// x/net/idna alone does with a bare "xn--" (UTS #46, section 4, step 4).
// The packages whose keys collapse empty labels (canon's Safe Browsing,
// Semantic and Aggressive profiles, SURT keys) may drop the empty ones,
// and those that drop a first "www" label (Aggressive, SURT) that one,
// the first of those that are not empty when empty ones collapse.
//
// The labels of the input are counted two ways, since the packages read a
// host two ways: split at the full stops that UTS #46 maps to "." (for
// the packages that run IDNA), or at "." only (for those that keep the
// bytes of a name, as RFC 3986 does); and percent-decoded once, or as
// often as Safe Browsing decodes. An output has the labels of one of them.

// splitLabels splits a decoded host at "." only, or also at the full stops
// of UTS #46 (U+3002, U+FF0E, U+FF61).
func splitLabels(s string, uts46 bool) []string {
	if uts46 {
		s = strings.NewReplacer("\u3002", ".", "\uff0e", ".", "\uff61", ".").Replace(s)
	}
	return strings.Split(s, ".")
}

// mapsToNothing reports whether UTS #46 maps every character of label to
// nothing (U+00AD SOFT HYPHEN, for one), so that it comes out empty.
func mapsToNothing(label string) bool {
	u, _ := idnacheck.Lookup.ToUnicode("a" + label)
	return u == "a"
}

// solid reports whether UTS #46 keeps the label non-empty for sure: it has
// an ASCII letter, digit or "-", or a full-width one.
func solid(label string) bool {
	return strings.IndexFunc(label, func(r rune) bool {
		if r >= 0xff01 && r <= 0xff5e {
			r -= 0xff01 - 0x21
		}
		return r == '-' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
	}) >= 0
}

// decodeAll percent-decodes s until nothing is left to decode, as Safe
// Browsing does.
func decodeAll(s string) string {
	for i := 0; i < 8; i++ {
		d := abnf.Decode(s, false)
		if d == s {
			break
		}
		s = d
	}
	return s
}

// how says how a package may change the labels of a host.
type how struct {
	collapse bool // empty labels may go
	www      bool // a first label "www", "www2"... may go
}

var wwwLabel = regexp.MustCompile(`^www[0-9]*$`)

// kept reports whether out, a host that a package made of the host in of
// an input (both as written in URLs, percent-encoded), has the labels of
// in, read in one of the ways of the comment above.
func kept(in, out string, h how) bool {
	o := splitLabels(abnf.Decode(out, false), false)
	for _, dec := range []string{abnf.Decode(in, false), decodeAll(in)} {
		for _, uts46 := range []bool{true, false} {
			l := splitLabels(dec, uts46)
			if labelsMatch(l, o, h) {
				return true
			}
			if h.www {
				// The first label is the first that collapsing keeps
				// (".www.example.com" loses "" and "www").
				first := l
				if h.collapse {
					first = slicesDelete(l, func(l string) bool { return l == "" })
				}
				if len(first) > 2 && wwwLabel.MatchString(strings.ToLower(first[0])) && labelsMatch(first[1:], o, h) {
					return true
				}
			}
		}
	}
	return false
}

// labelsMatch reports whether out are the labels in, one for one: the
// same number, and none with a solid character empty; or, with collapse,
// as many non-empty ones as in has, but for those of in that UTS #46 maps
// to nothing, which IDNA empties and a name kept as it is keeps.
func labelsMatch(in, out []string, h how) bool {
	if h.collapse {
		n := len(slicesDelete(out, func(l string) bool { return l == "" }))
		nothing := len(slicesDelete(in, func(l string) bool { return l == "" || !mapsToNothing(l) }))
		in = slicesDelete(in, func(l string) bool { return l == "" || mapsToNothing(l) })
		return len(in) <= n && n <= len(in)+nothing
	}
	if len(in) != len(out) {
		return false
	}
	for k := range in {
		if out[k] == "" && solid(in[k]) {
			return false
		}
	}
	return true
}

func slicesDelete(s []string, del func(string) bool) []string {
	var kept []string
	for _, x := range s {
		if !del(x) {
			kept = append(kept, x)
		}
	}
	return kept
}

// isAddr reports whether a host that a package wrote is an IP address,
// which has no labels to keep.
func isAddr(h string) bool {
	_, err := netip.ParseAddr(strings.Trim(h, "[]"))
	return err == nil || strings.HasPrefix(h, "[")
}

// hostOfKey returns the host of a canonical key, "scheme://host[:port]/...".
func hostOfKey(k string) string {
	_, rest, _ := strings.Cut(k, "://")
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	if !strings.HasPrefix(rest, "[") {
		rest, _, _ = strings.Cut(rest, ":")
	}
	return rest
}

// hostOfSURT returns the host of a SURT key, "com,example:80)/...", with
// "." between its labels in their order.
func hostOfSURT(k string) string {
	h, _, _ := strings.Cut(k, ")")
	if !strings.HasPrefix(h, "[") {
		h, _, _ = strings.Cut(h, ":")
	}
	labels := strings.Split(h, ",")
	for i, j := 0, len(labels)-1; i < j; i, j = i+1, j-1 {
		labels[i], labels[j] = labels[j], labels[i]
	}
	return strings.Join(labels, ".")
}

// checkLabels runs every package that reads or writes the host h, in
// "http://h/" (and "foo://h/" for the readings of opaque hosts), and fails
// when one that succeeds loses or gains a label of it.
func checkLabels(t *testing.T, h string) {
	t.Helper()
	if strings.ContainsAny(decodeAll(h), "/?#@:\\[]%") || strings.IndexFunc(h, func(r rune) bool { return r <= ' ' || r == 0x7f }) >= 0 {
		return // not a host alone in every reading
	}
	in := "http://" + h + "/"
	check := func(who, out string, how how) {
		t.Helper()
		if out != "" && !isAddr(out) && !kept(h, out, how) {
			t.Errorf("%s of %q gives the host %q: a label is lost or gained", who, in, out)
		}
	}
	same, collapse, withWWW := how{}, how{collapse: true}, how{collapse: true, www: true}

	// The root: IDNA of a host, and normalization.
	if a, err := uri.HostToASCII(h); err == nil {
		check("uri.HostToASCII", a, same)
	}
	if u, err := uri.HostToUnicode(h); err == nil {
		check("uri.HostToUnicode", u, same)
	}
	if u, err := uri.Parse(in); err == nil {
		check("uri.URI.NormalizeWith(CrawlerNormalization)", u.NormalizeWith(uri.CrawlerNormalization).Host(), same)
	}
	// The URL Standard, special and opaque hosts.
	for _, s := range []string{in, "foo://" + h + "/"} {
		if u, err := whatwg.Parse(s); err == nil {
			check("whatwg.Parse("+s+").Hostname", u.Hostname(), same)
		}
	}
	// canon's profiles and keys.
	for _, p := range []struct {
		p   canon.Profile
		how how
	}{{canon.WHATWG, same}, {canon.SafeBrowsing, collapse}, {canon.Semantic, collapse}, {canon.Aggressive, withWWW}} {
		if k, err := canon.Canon(in, p.p); err == nil {
			check("canon.Canon "+p.p.String(), hostOfKey(k), p.how)
		}
	}
	if k, err := canon.SURT(in); err == nil && !strings.ContainsAny(decodeAll(h), "(),") {
		// "(", ")" and "," are the syntax of a SURT key, which a host of
		// the Safe Browsing steps may hold: such a key has no one reading.
		check("canon.SURT", hostOfSURT(k), withWWW)
	}
	// readings: each reading's host, and the host net/http dials, which
	// may lose a label only when the report says that net/http dials
	// another host than the readings have.
	r := readings.Compare(in)
	for p := range readings.Of(readings.RFC3986, readings.WHATWG, readings.NetURL).All() {
		if rd := r.Reading(p); rd.OK() && (rd.HostKind == uri.HostRegName || rd.HostKind == uri.HostDomain || rd.HostKind == uri.HostOpaque) {
			check("readings.Compare, reading "+p.String(), rd.Host, same)
		}
	}
	if r.DialErr == nil {
		dial := strings.TrimSuffix(r.Dial, ":80")
		if dial != "" && !isAddr(dial) && !kept(h, dial, same) && !r.Differs(readings.AspectDial) {
			t.Errorf("readings.Compare(%q): net/http dials %q, with other labels, and the report does not say so", in, r.Dial)
		}
	}
	// guard: the target of an allowed URL.
	var policy guard.Policy
	if target, err := policy.Check(in); err == nil {
		check("guard.Policy.Check", strings.TrimSuffix(target, ":80"), same)
	}
}

// hostLabels and hostDots are what randomHost builds hosts of: labels that
// IDNA maps, decodes, lowers, refuses or empties, and every way to
// separate them.
var (
	hostLabels = []string{
		"a", "example", "com", "www", "www2", "xn--", "XN--", "xn--9ca", "xn--bcher-kva", "é", "bücher",
		"ß", "\u00ad", "x\u00adn--", "１２７", "ｘｎ－－", "%41", "%C3%A9", "a_b", "-a", "0x7f", "1", "⒈", "ab⒈c", "",
	}
	hostDots = []string{".", ".", ".", "\u3002", "\uff0e", "\uff61", "%2E", "%252E"}
)

// randomHost returns a host of one to five labels of hostLabels, joined by
// separators of hostDots, sometimes with a final one.
func randomHost(r *rand.Rand) string {
	var b strings.Builder
	n := 1 + r.IntN(5)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(hostDots[r.IntN(len(hostDots))])
		}
		b.WriteString(hostLabels[r.IntN(len(hostLabels))])
	}
	if r.IntN(4) == 0 {
		b.WriteString(hostDots[r.IntN(len(hostDots))])
	}
	return b.String()
}

// TestLabelsKept: the hosts of the tests of IDNA, and 3,000 random hosts
// of labels that IDNA treats in every way, keep their labels through
// every package.
func TestLabelsKept(t *testing.T) {
	for _, h := range oracle.IDNALabelSeeds {
		checkLabels(t, h)
	}
	for _, h := range []string{"a.\u00ad.b", "１２７.１", "www.example.com", "www.\u00ad.example", "a..b", ".a.", "bücher。example"} {
		checkLabels(t, h)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		checkLabels(t, randomHost(r))
		if t.Failed() {
			return
		}
	}
}

// FuzzLabelsKept: any host keeps its labels through every package.
func FuzzLabelsKept(f *testing.F) {
	for _, h := range oracle.IDNALabelSeeds {
		f.Add(h)
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 20 {
		f.Add(randomHost(r))
	}
	f.Fuzz(checkLabels)
}
