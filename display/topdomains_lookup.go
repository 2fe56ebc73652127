package display

import (
	"bytes"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
)

// TopDomains is a list of domains that hosts must not pass for, indexed by
// their skeletons as Chromium computes them. It is safe to use from
// several goroutines.
type TopDomains struct {
	bySkeleton map[string]string
	// others are the code points beyond ASCII of the skeletons, sorted:
	// a host whose last two labels give one that is not among them has
	// no top domain's skeleton.
	others []rune
}

// maxSkeletonLabels is how many labels of a skeleton are compared at most:
// the last four, as no top domain has more.
const maxSkeletonLabels = 4

// NewTopDomains returns the list of the given domains, each in ASCII
// (A-labels allowed) or in Unicode, such as "example.com" or "bücher.de".
// Their skeletons are computed once, here: it allocates a map of them. On
// error, for a domain that [uri.HostToUnicode] rejects, it returns nil and
// that error.
func NewTopDomains(domains []string) (*TopDomains, error) {
	t := &TopDomains{bySkeleton: make(map[string]string, len(domains))}
	for _, d := range domains {
		u := d
		if hasALabel(abnf.LowerString(d)) {
			var err error
			if u, err = uri.HostToUnicode(d); err != nil {
				return nil, err
			}
		}
		for _, s := range hostSkeletons(u) {
			if _, ok := t.bySkeleton[s]; !ok {
				t.bySkeleton[s] = d
			}
			for _, r := range s {
				if r >= utf8.RuneSelf {
					t.others = append(t.others, r)
				}
			}
		}
	}
	slices.Sort(t.others)
	t.others = slices.Compact(t.others)
	return t, nil
}

// cannotMatch reports whether no top domain can have the skeleton of
// host, whose last two labels are tail, because the skeleton of tail
// (similarSkeleton, with lgc and without reading "ӏ" as "l") has a code
// point that no skeleton of t has. Each label that lookup compares holds
// tail's, unless a prototype holds a "." (then it reports false).
func (t *TopDomains) cannotMatch(tail string, lgc bool) bool {
	var buf [16]rune
	for _, r := range tail {
		if r < utf8.RuneSelf {
			if asciiDots[r] {
				return false
			}
			continue
		}
		sk, ell := appendSimilar(buf[:0], r, lgc, false)
		if ell {
			continue // "ӏ", which may be read as "l"
		}
		for _, c := range sk {
			if c == '.' {
				return false
			}
		}
		for _, c := range sk {
			if _, found := slices.BinarySearch(t.others, c); c >= utf8.RuneSelf && !found {
				return true
			}
		}
	}
	return false
}

var chromiumTop = sync.OnceValue(func() *TopDomains {
	t, err := NewTopDomains(chromiumTopList())
	if err != nil {
		panic("display: the built-in top domains: " + err.Error())
	}
	return t
})

// ChromiumTopDomains returns the top domains of Chromium's IDN spoof
// checker: 8,460 domains made from the Chrome UX Report of September
// 2023, kept in the module as generated source. The list is indexed on the
// first call, which takes a few milliseconds and allocates about a
// megabyte; later calls return the same list.
func ChromiumTopDomains() *TopDomains { return chromiumTop() }

// Similar returns the top domain whose skeleton is that of host, or of the
// part of host made of its last two, three or four labels, and "" when
// there is none or when host is that top domain or a subdomain of it
// (UTS #39, Section 4, with the mappings that Chromium adds, as its
// GetSimilarTopDomain compares them). host is as it is shown: in Unicode
// where it is, for example "gооgle.com" with Cyrillic "о" gives
// "google.com". Hosts longer than 32 UTF-16 code units, which Chromium
// does not compare, give "". It allocates only for a host with one of the
// letters that look like two ("þ", "œ", "ł").
func (t *TopDomains) Similar(host string) string {
	if t == nil || len(t.bySkeleton) == 0 {
		return ""
	}
	trimmed := strings.TrimSuffix(host, ".")
	if trimmed == "" || utf16Len(trimmed) > maxAlternativeLength {
		return ""
	}
	if hasAlternatives(trimmed) {
		for _, s := range hostSkeletons(host) {
			if top, ok := t.match(host, []byte(s)); ok {
				return top
			}
		}
		return ""
	}
	lgc := lgcOnly(trimmed)
	tail := trimmed
	if i := strings.LastIndexByte(trimmed, '.'); i > 0 {
		if j := strings.LastIndexByte(trimmed[:i], '.'); j >= 0 {
			tail = trimmed[j+1:]
		}
	}
	// The skeleton of a host of Latin, Greek and Cyrillic letters is
	// mostly ASCII, which the look-up decides as fast.
	if !lgc && t.cannotMatch(tail, lgc) {
		return ""
	}
	var b1, b2 [128]byte
	plain, hasEll := similarSkeleton(b1[:0], trimmed, lgc, false)
	var ell []byte
	if hasEll {
		ell, _ = similarSkeleton(b2[:0], trimmed, lgc, true)
		if string(ell) < string(plain) {
			plain, ell = ell, plain
		}
	}
	for _, s := range [...][]byte{plain, ell} {
		if top, ok := t.match(host, s); ok {
			return top
		}
	}
	return ""
}

// match looks skeleton up: ok is true when a top domain has it, and top is
// that domain, or "" when host is the domain or a subdomain of it.
func (t *TopDomains) match(host string, skeleton []byte) (top string, ok bool) {
	if skeleton == nil {
		return "", false
	}
	top = t.lookup(skeleton)
	if top == "" {
		return "", false
	}
	if abnf.EqualFold(host, top) || len(host) > len(top) && host[len(host)-len(top)-1] == '.' && abnf.EqualFold(host[len(host)-len(top):], top) {
		return "", true
	}
	return top, true
}

// lookup returns the domain whose skeleton is skeleton's last labels, four
// at most and two at least, the most first.
func (t *TopDomains) lookup(skeleton []byte) string {
	// starts[k] is where the part of skeleton with its last k+1 labels
	// begins.
	var starts [maxSkeletonLabels]int
	n := 0
	for end := len(skeleton); n < maxSkeletonLabels; n++ {
		i := bytes.LastIndexByte(skeleton[:end], '.')
		starts[n] = i + 1
		if i < 0 {
			n++
			break
		}
		end = i
	}
	for k := n - 1; k >= 1; k-- {
		if d, ok := t.bySkeleton[string(skeleton[starts[k]:])]; ok {
			return d
		}
	}
	return ""
}

// chromiumTopList returns the domains of chromiumTopDomains.
func chromiumTopList() []string { return strings.Split(chromiumTopDomains, "\n") }
