package display

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// This file checks the shortcuts of the hot path against the
// straightforward computations they stand for: the checks of UTS #39,
// Section 5.4 skipped for labels whose code points decompose simply,
// the skeleton of TopDomains.Similar made in one pass and the code points
// of the top domains that rule a look-up out, and the tables read without
// a search.

// fastRunes are code points of the kinds the shortcuts tell apart: ASCII,
// letters with one mark, with two (U+01D6) or with a dot above (U+1E0B),
// marks, Cyrillic and Greek look-alikes, "ӏ", letters that Chromium maps
// or reads as two, digits of several systems, CJK and Kana.
var fastRunes = []rune("abcilmnorw019-" + "üéńłøđþœæß" + "\u01d6\u1e0b\u0130" + "\u0301\u0308\u0307\u0327" +
	"аросеіӏοαικ" + "θ০२੨—ω" + "北京大學一丅ノーヘへ" + "ıȷ")

// randomHost returns a host of one to three labels of fastRunes and a
// top-level domain, or a top domain with some letters replaced.
func randomHost(rng *rand.Rand, top []string) string {
	if rng.IntN(3) == 0 {
		rs := []rune(top[rng.IntN(len(top))])
		for range 1 + rng.IntN(2) {
			if i := rng.IntN(len(rs)); rs[i] != '.' {
				rs[i] = fastRunes[rng.IntN(len(fastRunes))]
			}
		}
		return string(rs)
	}
	var b strings.Builder
	for i := range 1 + rng.IntN(3) {
		if i > 0 {
			b.WriteByte('.')
		}
		for range 1 + rng.IntN(8) {
			b.WriteRune(fastRunes[rng.IntN(len(fastRunes))])
		}
	}
	b.WriteString([]string{".com", ".de", ".cn", ".рф", ".ru", ".cat", ""}[rng.IntN(7)])
	return b.String()
}

// TestFastPaths checks the shortcuts on hosts made at random, the same
// ones on every run.
func TestFastPaths(t *testing.T) {
	top := chromiumTopList()
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		checkFastPaths(t, randomHost(rng, top))
	}
}

// FuzzFastPaths checks the shortcuts on any host.
func FuzzFastPaths(f *testing.F) {
	for _, s := range hostSeeds {
		f.Add(s)
	}
	f.Add("gооgle.com")
	f.Add("www.北京大學.cn")
	f.Add("ǖḋ.com")
	f.Fuzz(func(t *testing.T, host string) {
		if len(host) <= 256 {
			checkFastPaths(t, host)
		}
	})
}

func checkFastPaths(t *testing.T, host string) {
	t.Helper()
	top := ChromiumTopDomains()
	if got, want := top.Similar(host), similarReference(top, host); got != want {
		t.Errorf("Similar(%q) = %q, the skeletons of hostSkeletons give %q", host, got, want)
	}
	for _, label := range strings.Split(host, ".") {
		var rbuf [64]rune
		var pbuf [64]prop
		l := readLabel(rbuf[:0], pbuf[:0], label)
		if l.combining || l.complexNFD {
			continue
		}
		for _, p := range []Profile{Chromium, Firefox} {
			if r := nfdChecks(&l, p); r != Safe {
				t.Errorf("label %q: no NFD check, which gives %v", label, r)
			}
		}
	}
}

// similarReference is TopDomains.Similar as its documentation says it,
// with every skeleton of hostSkeletons looked up.
func similarReference(t *TopDomains, host string) string {
	trimmed := strings.TrimSuffix(host, ".")
	if trimmed == "" || utf16Len(trimmed) > maxAlternativeLength {
		return ""
	}
	for _, s := range hostSkeletons(host) {
		if top, ok := t.match(host, []byte(s)); ok {
			return top
		}
	}
	return ""
}

// TestTablesBySearch: the tables read without a search (low, bits and the
// block indexes) say of every code point what a search of the tables
// they stand for says.
func TestTablesBySearch(t *testing.T) {
	// The ranges of props and cccRanges are walked in order beside r.
	i, j := 0, 0
	within := func(e uint64, r rune) bool { return rune(e>>43) <= r && r <= rune(e>>22&(1<<21-1)) }
	for r := rune(0); r < 0x40000; r++ {
		for i < len(props) && rune(props[i]>>22&(1<<21-1)) < r {
			i++
		}
		for j < len(cccRanges) && rune(cccRanges[j]>>22&(1<<21-1)) < r {
			j++
		}
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		p := propOf(r)
		want := prop{}
		if i < len(props) && within(props[i], r) {
			e := props[i]
			want = prop{script: script(e >> 8), flags: uint8(e)}
			if want.digit() {
				want.zero = rune(e >> 43)
			}
		}
		if p != want {
			t.Fatalf("propOf(%U) = %+v, props say %+v", r, p, want)
		}
		var c uint8
		if j < len(cccRanges) && within(cccRanges[j], r) {
			c = uint8(cccRanges[j])
		}
		if got := ccc(r); got != c {
			t.Fatalf("ccc(%U) = %d, cccRanges say %d", r, got, c)
		}
		_, conf := slices.BinarySearch(confKeys[:], uint32(r))
		if _, got := prototypeOf(r); got != conf {
			t.Fatalf("prototypeOf(%U) found %v, confKeys %v", r, got, conf)
		}
		_, dec := slices.BinarySearch(decompKeys[:], uint32(r))
		if hangul := r >= hangulBase && r < hangulBase+hangulCount; maybe(r, bitDecomposes) != (dec || hangul) {
			t.Fatalf("bits say %U decomposes: %v, decompKeys %v", r, !dec, dec)
		}
		if p.simpleNFD() {
			d := appendDecomposed(nil, r)
			if ccc(d[0]) != 0 || len(d) > 2 || len(d) == 2 && (ccc(d[1]) == 0 || d[1] == 0x307) {
				t.Fatalf("%U is simpleNFD, decomposes to %U", r, d)
			}
		}
	}
}
