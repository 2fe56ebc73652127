package uri

import (
	"errors"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The targets in this file check that the parts of the package read one
// input the same way: the parser, resolution, normalization, relativization,
// the host functions, escaping, the query and path helpers and the net/url
// bridge, and the Append forms with the forms that allocate. Each agreement
// below follows from RFC 3986 or from a documented promise of this package;
// the comments say which. The fuzz targets of one source file's API are in
// that file's tests (FuzzParse in parse_test.go, FuzzResolve in
// resolve_test.go, ...); FuzzInvariant, which needs package legacy, is in
// invariant_test.go.

// crossBases are the bases every fuzz input is resolved against: the RFC's
// own, and bases whose normal form differs from their text in each way
// normalization can change it.
var crossBases = []string{
	"http://a/b/c/d;p?q",                           // RFC 3986, Section 5.4
	"HTTP://User@Example.COM:80/%7Ea/./b/../c?x#f", // case, port, percent, dots
	"http://a",                       // empty path: "/" after normalization
	"foo:a/b/../c",                   // rootless, with dot segments
	"x:/.//a/b",                      // the "/." prefix of STYLE, Section 10
	"file://LocalHost/etc/",          // the file scheme's default authority
	"mailto:Joe@Example.COM",         // the mailto domain rule
	"http://[2001:DB8:0::1]:8080/a/", // an IPv6 literal, RFC 5952 text
	"s://h/%2e%2E/x/%2E/y",           // encoded dot segments in the base
}

// crossRefs are resolved against the fuzz input when it is a URI.
var crossRefs = []string{"", "#f", "?y", "g", "../g", "../../../g", "./g:h", "%2E%2E/g", "//g/x", "/./g/..", "s:x/../y"}

// FuzzCrossCheck parses one input and runs it through every part of the
// package that takes a URI, checking the agreements listed in crossCheck
// and checkHostAgreement. The input is resolved against each of crossBases
// and, when it is a URI, used as a base for each of crossRefs.
func FuzzCrossCheck(f *testing.F) {
	for _, s := range crossBases {
		f.Add(s)
	}
	for _, s := range crossRefs {
		f.Add(s)
	}
	for _, s := range []string{"http://0x7f.1/", "http://127.0.0.1/", "http://[::ffff:1.2.3.4]/", "http://%31%32%37.0.0.1/",
		"http://good.example@evil.example/", "http://a/b/..%2F..%2Fetc", "http://a/%2E%2E/%2e%2e/x", "http://b%C3%BCcher.example/",
		"?a=1&b=%41+&&c", "http://u:p@h/p?q=%7e#%7E"} {
		f.Add(s)
	}
	counts := map[string]int{}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		if err != nil {
			return
		}
		checkStartRulesAgree(t, s, u)
		checkHostAgreement(t, u)
		checkDecodedAgreement(t, u)
		checkNetURLTrip(t, u, counts)
		for _, base := range crossBases {
			crossCheck(t, MustParse(base), u)
		}
		if u.HasScheme() {
			for _, ref := range crossRefs {
				crossCheck(t, u, MustParse(ref))
			}
		}
	})
}

// checkStartRulesAgree: every start rule and ParseIRI that accepts the
// text gives the very value Parse gives (RFC 3986, Section 4; RFC 3987,
// Section 2.2 is a superset of RFC 3986's grammar).
func checkStartRulesAgree(t *testing.T, s string, u URI) {
	t.Helper()
	for _, sr := range startRules {
		if v, err := sr.parse(s); err == nil && v != u {
			t.Fatalf("%s(%q) = %#v, Parse gives %#v", sr.name, s, v, u)
		}
	}
	if v, err := ParseIRI(s); err != nil || v.ref != u.ref {
		t.Fatalf("ParseIRI(%q) = %#v, %v; Parse gives %#v", s, v, err, u)
	}
}

// crossCheck checks the agreements between resolution, normalization,
// relativization and comparison for one base b (with a scheme) and one
// reference r.
func crossCheck(t *testing.T, b, r URI) {
	t.Helper()
	T := b.Resolve(r)
	checkResolved(t, "Resolve("+b.String()+", "+r.String()+")", T)
	nT := T.Normalize()
	checkHostAgreement(t, T)

	// Section 5.2.1 lets an implementation normalize the base or not; both
	// give the same normal form of the target, because Section 6.2.2 keeps
	// what the base identifies, and Section 5.2 copies the scheme, authority
	// and query and runs remove_dot_segments from left to right, so removing
	// the base's dot segments early changes nothing. Except in two cases,
	// where a base with dot segments is read two ways: its last segment is
	// "." or "..", which merge (Section 5.2.3) drops as text while its
	// normal form applies it; or it has a percent-encoded dot segment
	// ("%2E%2E"), which strict resolution does not read as a dot (Section
	// 5.2.4 works on the text) while its normal form does (Section 2.3).
	// TestCrossExceptions pins both.
	nb := b.Normalize()
	if !hasEncodedDotSegment(b.Path()) && !lastSegmentIsDot(b.Path()) {
		if got := nb.Resolve(r).Normalize(); got != nT {
			t.Fatalf("Resolve(%q, %q) normalizes to %q, but with the base normalized first to %q", b, r, nT, got)
		}
		if a, z := b.ResolveNonStrict(r).Normalize(), nb.ResolveNonStrict(r).Normalize(); a != z {
			t.Fatalf("ResolveNonStrict(%q, %q) normalizes to %q, but with the base normalized first to %q", b, r, a, z)
		}
	}
	// Normalizing the reference first does not change it either, for the
	// same reasons, and because a relative-path reference loses only "."
	// segments and "seg/.." pairs (NormalizeDotSegments); again except for
	// percent-encoded dots, and except against a base whose directory is
	// empty ("mailto:x", "x:"), where Section 5.2.4 reads a pair at the very
	// start of the merged path as "/" ("a/../b" gives "x:/b", "b" gives
	// "x:b"). TestCrossExceptions pins both cases.
	if !hasEncodedDotSegment(r.Path()) && !(emptyDirectory(b) && isRelativePath(r)) {
		if got := b.Resolve(r.Normalize()).Normalize(); got != nT {
			t.Fatalf("Resolve(%q, %q) normalizes to %q, but with the reference normalized first to %q", b, r, nT, got)
		}
	}

	// Equivalent is an equivalence relation (Section 6.2: it compares normal
	// forms), and a normal form is equivalent to what it came from.
	if !Equivalent(T, T) || !Equivalent(T, nT) || !Equivalent(nT, T) || Equivalent(b, T) != Equivalent(T, b) {
		t.Fatalf("Equivalent is not reflexive or symmetric on %q, %q, %q", b, T, nT)
	}

	// Relativize is the inverse of Resolve (Section 5.2), on the text as it
	// is and on normal forms, which have no dot segments left.
	for _, pair := range [][2]URI{{b, T}, {nb, nT}} {
		base, target := pair[0], pair[1]
		if lp, _ := target.resolvedPath(); hasDotSegment(lp) {
			continue
		}
		rel, ok := base.Relativize(target)
		if !ok || base.Resolve(rel) != target {
			t.Fatalf("Relativize(%q, %q) = %q, %v, which resolves to %q", base, target, rel, ok, base.Resolve(rel))
		}
	}
}

// emptyDirectory reports whether merging a relative path with b's path
// (RFC 3986, Section 5.2.3) leaves nothing of b's path: b has no authority
// and no "/" in its path.
func emptyDirectory(b URI) bool { return !b.HasAuthority() && !strings.Contains(b.Path(), "/") }

// isRelativePath reports whether r is a relative-path reference with a
// non-empty path (RFC 3986, Section 4.2), the kind that is merged.
func isRelativePath(r URI) bool {
	return !r.HasScheme() && !r.HasAuthority() && r.Path() != "" && r.Path()[0] != '/'
}

// TestCrossExceptions pins the two cases FuzzCrossCheck leaves out, where
// normalizing the base or the reference before resolving gives another
// result, and says why each is right.
func TestCrossExceptions(t *testing.T) {
	tests := []struct {
		base, ref         string
		normalizeBase     bool
		direct, normFirst string
		why               string
	}{
		{"http://a/b/%2E%2E/c/d", "../../x", true, "http://a/b/x", "http://a/x",
			"strict resolution does not read %2E%2E in the base as a dot segment (STYLE, Section 10), its normal form does"},
		{"http://a/b/c/..", "g", true, "http://a/b/c/g", "http://a/b/g",
			"merge drops the base's last segment, \"..\", as text (Section 5.2.3); normalization applies it"},
		{"a:0/..", "g", true, "a:0/g", "a:/g",
			"the same in a rootless path, where remove_dot_segments leaves \"/\""},
		{"mailto:Joe@Example.COM", "a/../b", false, "mailto:/b", "mailto:b",
			"Section 5.2.4 turns the pair a/.. at the start of the merged path into \"/\"; the normal form of the reference is b"},
		{"x:", "a/..", false, "x:/", "x:",
			"the same with nothing left after the pair"},
	}
	for _, tt := range tests {
		b, r := must(ParseURI(tt.base)), MustParse(tt.ref)
		direct := b.Resolve(r).Normalize().String()
		var first string
		if tt.normalizeBase {
			first = b.Normalize().Resolve(r).Normalize().String()
		} else {
			first = b.Resolve(r.Normalize()).Normalize().String()
		}
		if direct != tt.direct || first != tt.normFirst {
			t.Errorf("(%q, %q): %q and, normalized first, %q; want %q and %q (%s)", tt.base, tt.ref, direct, first, tt.direct, tt.normFirst, tt.why)
		}
	}
}

// lastSegmentIsDot reports whether the last segment of path p is "." or
// "..", written or percent-encoded.
func lastSegmentIsDot(p string) bool {
	d := decodePercent(p[strings.LastIndexByte(p, '/')+1:])
	return d == "." || d == ".."
}

// hasEncodedDotSegment reports whether a segment of path p is "." or ".."
// once its percent-encoded dots are decoded, and was not before.
func hasEncodedDotSegment(p string) bool {
	for _, seg := range strings.Split(p, "/") {
		if strings.Contains(seg, "%") {
			if d := decodePercent(seg); d == "." || d == ".." {
				return true
			}
		}
	}
	return false
}

// checkHostAgreement checks that the host functions read u's host as
// HostKind does (RFC 3986, Section 3.2.2), and that normalization keeps the
// address or name it stands for.
func checkHostAgreement(t *testing.T, u URI) {
	t.Helper()
	h, kind := u.Host(), u.HostKind()
	addr, ok := u.HostAddr()
	amb, isAmb := AmbiguousIPv4(h)
	switch kind {
	case HostIPv4:
		if !ok || !addr.Is4() || addr.String() != h {
			t.Fatalf("HostAddr of the IPv4address %q = %v, %v", h, addr, ok)
		}
	case HostIPv6:
		if !ok || !addr.Is6() || addr.Zone() != "" || addr != netip.MustParseAddr(u.Hostname()) {
			t.Fatalf("HostAddr of the IPv6 literal %q = %v, %v", h, addr, ok)
		}
	default:
		if ok {
			t.Fatalf("HostAddr of the %v host %q = %v, true", kind, h, addr)
		}
	}
	// Section 7.4: a reg-name may be read as an address by a resolver; an
	// IPv4address never needs that second reading.
	if isAmb && kind != HostRegName {
		t.Fatalf("AmbiguousIPv4(%q) = %v for a host of kind %v", h, amb, kind)
	}

	// Normalization keeps the address a host names, whichever of the two
	// readings applies: "%31.2.3.4" becomes the IPv4address "1.2.3.4", and
	// "0X7F.1" the reg-name "0x7f.1", both still read as the same address.
	n := u.Normalize()
	if a, z := hostAddress(u), hostAddress(n); a != z {
		t.Fatalf("the host of %q reads as %v, that of its normal form %q as %v", u, a, n, z)
	}
	if kind == HostIPv6 && n.Hostname() != addr.String() {
		// RFC 5952, Section 4, which net/netip writes too.
		t.Fatalf("Normalize(%q) writes the IPv6 address as %q, RFC 5952 as %q", u, n.Hostname(), addr)
	}
	// The ASCII form of a name (Section 3.2.2, IDNA) does not depend on its
	// case or on percent-encoded unreserved characters. (Scheme-based
	// normalization may drop a host, as "localhost" in a file URI.)
	if kind == HostRegName {
		sn := u.NormalizeWith(SyntaxBased).Host()
		a, errA := HostToASCII(h)
		z, errZ := HostToASCII(sn)
		if a != z || (errA == nil) != (errZ == nil) {
			t.Fatalf("HostToASCII(%q) = %q, %v; of its normal form %q: %q, %v", h, a, errA, sn, z, errZ)
		}
	}
}

// hostAddress is the IP address a client connects to for u's host, read
// as RFC 3986 says or, for a reg-name, as a resolver would; the zero Addr
// for a name.
func hostAddress(u URI) netip.Addr {
	if a, ok := u.HostAddr(); ok {
		return a
	}
	if a, ok := AmbiguousIPv4(u.Host()); ok && u.HostKind() == HostRegName {
		return a
	}
	return netip.Addr{}
}

// checkDecodedAgreement checks that what the decoding helpers read is what
// Escape wrote and what normalization keeps: normalization decodes only
// unreserved characters and changes hex case (Section 6.2.2), so the
// decoded userinfo, query pairs and fragment stay the same; and escaping each
// decoded path segment and query pair again builds a reference that decodes
// to the same segments and pairs.
func checkDecodedAgreement(t *testing.T, u URI) {
	t.Helper()
	n := u.NormalizeWith(SyntaxBased | NormalizeIPv6 | NormalizePort)
	if !slices.Equal(pairsOf(u), pairsOf(n)) {
		t.Fatalf("the query pairs of %q are %q, of its normal form %q: %q", u, pairsOf(u), n, pairsOf(n))
	}
	for _, get := range []func(URI) string{URI.Userinfo, URI.Fragment} {
		if a, z := decodePercent(get(u)), decodePercent(get(n)); a != z {
			t.Fatalf("%q decodes to %q, its normal form %q to %q", u, a, n, z)
		}
	}

	segs := slices.Collect(u.PathSegments())
	var b strings.Builder
	if strings.HasPrefix(u.Path(), "/") {
		b.WriteByte('/')
	}
	for i, seg := range segs {
		if i > 0 {
			b.WriteByte('/')
		}
		b.WriteString(Escape(seg, EscapePathSegment))
	}
	c := u.Components()
	c.Path = b.String()
	v, err := c.URI()
	if err != nil {
		t.Fatalf("the escaped segments of %q, %q, do not build: %v", u, c.Path, err)
	}
	got := slices.Collect(v.PathSegments())
	if len(got) == len(segs)+1 && got[0] == "." {
		got = got[1:] // the "./" that Components.URI puts before "a:b"
	}
	if !slices.Equal(got, segs) {
		t.Fatalf("%q has the segments %q; escaped again as %q, %q", u, segs, v, got)
	}

	w := v.withQuery("", false)
	for k, val := range u.QueryPairs() {
		w = w.AddQueryValue(k, val)
	}
	if !slices.Equal(pairsOf(w), pairsOf(u)) {
		t.Fatalf("%q has the query pairs %q; added again one by one, %q has %q", u, pairsOf(u), w, pairsOf(w))
	}
}

// pairsOf lists u's decoded query pairs.
func pairsOf(u URI) [][2]string {
	var out [][2]string
	for k, v := range u.QueryPairs() {
		out = append(out, [2]string{k, v})
	}
	return out
}

// FuzzQueryPath checks the query and path helpers on any URI or IRI, with
// any key, value or path element: the iterators decode what a plain
// split-and-unescape reads (the rules in query.go and RFC 3986, Section 3.3),
// and each edit gives a reference that parses to itself, changes only its
// query or path, and reads back as the edit says.
func FuzzQueryPath(f *testing.F) {
	f.Add("http://h/a/b?x=1&y=2&x=3#f", "x", "v w")
	f.Add("?a=%41+b&&=&c", "", "")
	f.Add("a:b/c", "a=b&c", "%zz")
	f.Add("", "..", ".")
	f.Add("http://h/v1/", "..%2Fadmin", `a\%2e%2E`)
	f.Add("http://h/", "...", ".a%2F..x")
	f.Add("//h", "k", "")
	f.Add("http://\u00e9/\u00e9?\u00e9=\u00e9", "\u00e9", "\xff")
	f.Fuzz(func(t *testing.T, s, key, value string) {
		u, err := Parse(s)
		if err != nil {
			return
		}
		if got, want := slices.Collect(u.PathSegments()), refSegments(u.Path()); !slices.Equal(got, want) {
			t.Fatalf("PathSegments(%q) = %q, want %q", s, got, want)
		}
		pairs := pairsOf(u)
		if want := refPairs(u.Query()); !slices.Equal(pairs, want) {
			t.Fatalf("QueryPairs(%q) = %q, want %q", s, pairs, want)
		}
		var values []string
		for _, p := range pairs {
			if p[0] == key {
				values = append(values, p[1])
			}
		}
		v, ok := u.QueryValue(key)
		if ok != (len(values) > 0) || ok && v != values[0] || !slices.Equal(u.QueryValues()[key], values) {
			t.Fatalf("QueryValue(%q, %q) = %q, %v; QueryValues has %q; the pairs have %q", s, key, v, ok, u.QueryValues()[key], values)
		}
		without := slices.DeleteFunc(slices.Clone(pairs), func(p [2]string) bool { return p[0] == key })

		checkEdit := func(op string, w URI, want [][2]string) {
			t.Helper()
			if p, err := Parse(w.String()); err != nil || p != w {
				t.Fatalf("%s(%q, %q, %q) = %q, which parses to %#v, %v", op, s, key, value, w, p, err)
			}
			if w.String()[:w.pathEnd] != u.String()[:u.pathEnd] || w.Fragment() != u.Fragment() || w.HasFragment() != u.HasFragment() {
				t.Fatalf("%s(%q, %q, %q) = %q changes more than the query", op, s, key, value, w)
			}
			if got := pairsOf(w); !slices.Equal(got, want) {
				t.Fatalf("%s(%q, %q, %q) = %q, whose pairs are %q, want %q", op, s, key, value, w, got, want)
			}
		}
		set := u.WithQueryValue(key, value)
		first := slices.IndexFunc(pairs, func(p [2]string) bool { return p[0] == key })
		want := slices.Clone(without)
		if first < 0 {
			want = append(want, [2]string{key, value})
		} else {
			want = slices.Insert(want, first, [2]string{key, value})
		}
		checkEdit("WithQueryValue", set, want)
		checkEdit("AddQueryValue", u.AddQueryValue(key, value), append(slices.Clone(pairs), [2]string{key, value}))
		del := u.DeleteQueryKey(key)
		checkEdit("DeleteQueryKey", del, without)
		if first < 0 && del != u {
			t.Fatalf("DeleteQueryKey(%q, %q) = %q, but no pair has the key", s, key, del)
		}
		// SortQuery is a stable sort of the pairs by decoded key.
		sortedPairs := slices.Clone(pairs)
		slices.SortStableFunc(sortedPairs, func(a, b [2]string) int { return strings.Compare(a[0], b[0]) })
		checkEdit("SortQuery", u.SortQuery(), sortedPairs)
		// DeleteQueryFunc sees each pair once, decoded, and keeps the others.
		calls := 0
		drop := func(p [2]string) bool { return p[0] == key || p[1] == value }
		byFunc := u.DeleteQueryFunc(func(k, v string) bool { calls++; return drop([2]string{k, v}) })
		checkEdit("DeleteQueryFunc", byFunc, slices.DeleteFunc(slices.Clone(pairs), drop))
		if calls != len(pairs) || !slices.ContainsFunc(pairs, drop) && byFunc != u {
			t.Fatalf("DeleteQueryFunc(%q, %q, %q) = %q after %d calls for %d pairs", s, key, value, byFunc, calls, len(pairs))
		}

		// The Text setters and the segment editors keep the invariant and
		// decode back to what they were given.
		reparse := func(op string, w URI, err error) bool {
			t.Helper()
			if err != nil {
				return false
			}
			if p, perr := Parse(w.String()); perr != nil || p != w {
				t.Fatalf("%s on %q = %q, which parses to %#v, %v", op, s, w, p, perr)
			}
			return true
		}
		if w, err := u.WithFragmentText(value); reparse("WithFragmentText", w, err) {
			if d, _ := Unescape(w.Fragment(), EscapeFragment); d != value || w.String()[:w.queryEnd] != u.String()[:u.queryEnd] {
				t.Fatalf("WithFragmentText(%q) on %q = %q", value, s, w)
			}
		}
		if w, err := u.WithQueryText(value); reparse("WithQueryText", w, err) {
			if d, _ := Unescape(w.Query(), EscapeQuery); d != value || w.Fragment() != u.Fragment() {
				t.Fatalf("WithQueryText(%q) on %q = %q", value, s, w)
			}
		}
		if w, err := u.WithUser(key); reparse("WithUser", w, err) {
			pw, ok := u.Password()
			pw2, ok2 := w.Password()
			if d, _ := Unescape(w.Username(), EscapeUserinfo); d != key || pw != pw2 || ok != ok2 || w.Host() != u.Host() {
				t.Fatalf("WithUser(%q) on %q = %q", key, s, w)
			}
		} else if u.HasAuthority() {
			t.Fatalf("WithUser(%q) on %q: %v", key, s, err)
		}
		for _, segs := range [][]string{nil, {key}, {key, value}} {
			w, err := u.WithSegments(segs...)
			if navigates := slices.ContainsFunc(segs, refNavigates); navigates != (err != nil) {
				t.Fatalf("WithSegments(%q) on %q = %q, %v", segs, s, w, err)
			}
			if !reparse("WithSegments", w, err) {
				continue
			}
			got := slices.Collect(w.PathSegments())
			if len(got) == len(segs)+1 && got[0] == "." {
				got = got[1:] // the "./" or "/." that keeps the path what it is
			}
			if !slices.Equal(got, segs) || w.String()[w.pathEnd:] != u.String()[u.pathEnd:] {
				t.Fatalf("WithSegments(%q) on %q = %q, with the segments %q", segs, s, w, got)
			}
		}
		if w := u.WithoutLastSegment(); reparse("WithoutLastSegment", w, nil) {
			want := refSegments(u.Path())
			got := slices.Collect(w.PathSegments())
			if len(want) > 0 {
				want = want[:len(want)-1]
			}
			if len(want) == 0 && len(got) == 1 && got[0] == "" && !strings.HasPrefix(u.Path(), "/") {
				got = nil
			}
			if !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 1 && want[0] == "") {
				t.Fatalf("WithoutLastSegment on %q = %q, with the segments %q, want %q", s, w, got, want)
			}
		}

		// JoinPath: each element one segment, decoded back as it was given.
		for _, elem := range [][]string{{key}, {key, value}} {
			w, err := u.JoinPath(elem...)
			if navigates := slices.ContainsFunc(elem, refNavigates); navigates != (err != nil) {
				t.Fatalf("JoinPath(%q, %q) = %q, %v; the reference says the elements navigate: %v", s, elem, w, err, navigates)
			}
			if err != nil {
				var e *Error
				if !errors.As(err, &e) || e.Err != ErrDotSegment || !slices.Contains(elem, e.Input) {
					t.Fatalf("JoinPath(%q, %q): %#v", s, elem, err)
				}
				continue
			}
			if p, err := Parse(w.String()); err != nil || p != w {
				t.Fatalf("JoinPath(%q, %q) = %q, which parses to %#v, %v", s, elem, w, p, err)
			}
			if w.String()[w.pathEnd:] != u.String()[u.pathEnd:] || w.String()[:w.pathStart] != u.String()[:u.pathStart] {
				t.Fatalf("JoinPath(%q, %q) = %q changes more than the path", s, elem, w)
			}
			want := refSegments(u.Path())
			if n := len(want); n > 0 && want[n-1] == "" {
				want = want[:n-1]
			}
			want = append(want, elem...)
			got := slices.Collect(w.PathSegments())
			if len(got) == len(want)+1 && got[0] == "." {
				got = got[1:] // the "./" that keeps a first segment "" or "a:b" what it is
			}
			if !slices.Equal(got, want) {
				t.Fatalf("JoinPath(%q, %q) = %q, with the segments %q, want %q", s, elem, w, got, want)
			}
		}
	})
}

// refSegments splits a path as RFC 3986, Section 3.3 writes it, after one
// leading "/", and decodes each segment.
func refSegments(p string) []string {
	if p == "" {
		return nil
	}
	var out []string
	for _, seg := range strings.Split(strings.TrimPrefix(p, "/"), "/") {
		d, err := Unescape(seg, EscapePathSegment)
		if err != nil {
			panic(err)
		}
		out = append(out, d)
	}
	return out
}

// refNavigates reports whether JoinPath must refuse the element e: once
// each valid "%HH" in it is decoded, a piece of it split at "/" or "\" is
// "." or "..".
func refNavigates(e string) bool {
	var d []byte
	for i := 0; i < len(e); i++ {
		if e[i] == '%' && i+2 < len(e) {
			if v, err := strconv.ParseUint(e[i+1:i+3], 16, 8); err == nil {
				d = append(d, byte(v))
				i += 2
				continue
			}
		}
		d = append(d, e[i])
	}
	pieces := strings.Split(strings.ReplaceAll(string(d), `\`, "/"), "/")
	return slices.Contains(pieces, ".") || slices.Contains(pieces, "..")
}

// refPairs reads a query as query.go says: pieces between "&", empty ones
// skipped, split at the first "=", decoded as a form.
func refPairs(q string) [][2]string {
	var out [][2]string
	for _, piece := range strings.Split(q, "&") {
		if piece == "" {
			continue
		}
		k, v, _ := strings.Cut(piece, "=")
		dk, err1 := Unescape(k, EscapeForm)
		dv, err2 := Unescape(v, EscapeForm)
		if err1 != nil || err2 != nil {
			panic("a parsed query with a bad escape")
		}
		out = append(out, [2]string{dk, dv})
	}
	return out
}

// FuzzAppend checks that the Append forms give the text of the allocating
// forms for any pair of references, after what dst held.
func FuzzAppend(f *testing.F) {
	for _, s := range []string{"http://a/b/c/d;p?q", "../g", "a:", ".///b", "HTTP://A/%7e/./x", "//h", "?y", "x:/.//y", "a/../../b"} {
		f.Add(s, "../g?y#s")
		f.Add("http://a/b/c/d;p?q", s)
	}
	f.Fuzz(func(t *testing.T, b, r string) {
		bu, err := Parse(b)
		if err != nil {
			return
		}
		checkAppendNormalize(t, bu)
		if ru, err := Parse(r); err == nil {
			checkAppendResolve(t, bu, ru)
		}
	})
}
