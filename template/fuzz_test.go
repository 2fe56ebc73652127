package template_test

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/template"
)

// fuzzVars are the variables that FuzzTemplate expands every template
// with: values that need encoding, reserved characters, an empty string,
// undefined composites, lists and arrays.
var fuzzVars = template.Values{
	"a":    template.String("1"),
	"b":    template.String("x y/z?"),
	"x":    template.String(""),
	"y":    template.String("é#%41%zz[]"),
	"list": template.List("p", "q.r", ""),
	"keys": assoc("k", "v", "a b", "=,;"),
	"e":    template.List(),
	"var":  template.String("value"),
}

// FuzzTemplate checks the contracts of Parse, Expand and Match on any
// template, and of Match on any URI:
//
//   - Parse fails with an *uri.Error whose offset follows the offset rule, or
//     the template's String is the input;
//   - Expand gives an RFC 3986 URI-reference, which AppendExpand writes
//     too, or an *uri.Error of expansion;
//   - Match of an expansion, when it matches, gives values that expand to
//     the same URI; for a template whose expressions are delimited (RFC
//     6570, Section 1.4) and values that cross no boundary, it matches and
//     gives the values back;
//   - Match of any URI does not panic, and what it returns expands to a
//     URI that matches again with the same values.
func FuzzTemplate(f *testing.F) {
	for _, s := range []string{
		"", "http://example.com/~{user}/", "{/list*,a}{?keys*}", "{+y}{#b}", "X{.var:3}", "{;keys,x}",
		"/search{?a,b}{&list*}#top", "?q={var}&lang={a}", "{x,y}/{var}.{a}", "'{var}'", "café/{var}",
		"{var:0}", "{/id*", "{a}:{b}", "%2F{keys}",
	} {
		f.Add(s, "/value/1?a=1&b=2#f")
	}
	f.Fuzz(func(t *testing.T, in, target string) {
		tp, err := template.Parse(in)
		if err != nil {
			var e *uri.Error
			if !errors.As(err, &e) || e.Op != uri.OpParse || e.Input != in {
				t.Fatalf("Parse(%q) = %v: not a parse *uri.Error", in, err)
			}
			checkOffsetRule(t, in, e.Offset)
			return
		}
		if tp.String() != in {
			t.Fatalf("Parse(%q).String() = %q", in, tp.String())
		}

		u, err := tp.Expand(fuzzVars)
		b, appendErr := tp.AppendExpand(nil, fuzzVars)
		if err != nil {
			var e *uri.Error
			if !errors.As(err, &e) || e.Op != template.OpExpand || e.Offset < 0 || e.Offset > len(in) ||
				!(errors.Is(err, template.ErrNotURI) || errors.Is(err, template.ErrPrefixComposite)) {
				t.Fatalf("Expand(%q) = %#v: not an expansion *uri.Error", in, err)
			}
			if appendErr == nil || appendErr.Error() != err.Error() {
				t.Fatalf("Expand(%q) = %v, but AppendExpand = %v", in, err, appendErr)
			}
		} else {
			if again, perr := uri.Parse(u.String()); perr != nil || again != u {
				t.Fatalf("Expand(%q) = %q, which does not parse back: %v", in, u.String(), perr)
			}
			if appendErr != nil || string(b) != u.String() {
				t.Fatalf("Expand(%q) = %q, but AppendExpand = %q, %v", in, u.String(), b, appendErr)
			}
			checkSound(t, tp, u.String())
		}
		checkRoundTrip(t, tp)

		if _, err := uri.Parse(target); err == nil {
			checkReexpands(t, tp, target)
			vals, err := tp.Match(target, nil)
			if err == nil {
				v, err := tp.Expand(vals)
				if err != nil {
					t.Fatalf("Parse(%q).Match(%q) = %v, which does not expand: %v", in, target, view(vals), err)
				}
				// The expansion may cost a few more steps than target: the
				// invariant is the engine's, not the budget's.
				if again, err := tp.Match(v.String(), unbounded); err != nil || !again.Equal(vals) {
					t.Fatalf("Parse(%q).Match(%q) = %v, which expands to %q, which matches as %v, %v", in, target, view(vals), v.String(), view(again), err)
				}
			}
		}
	})
}

// unbounded matches without a budget of steps.
var unbounded = &template.MatchOptions{MaxSteps: -1}

// fuzzOptions are the options that FuzzTemplate matches with, besides
// none.
var fuzzOptions = []*template.MatchOptions{
	{AllowEncodedSlash: true},
	{NonEmpty: true},
	{PlusAsSpace: true},
	{ExtraParams: true, AllowEncodedSlash: true, NonEmpty: true, PlusAsSpace: true},
}

// checkReexpands checks the contract of Match: the values it returns,
// with each of the options, expand back to target, but for the case of
// hex digits, the order of query parameters, triplets of unreserved
// characters when target has some, "+" for "%20" in the query with
// PlusAsSpace, and, with ExtraParams, the parameters it ignored.
func checkReexpands(t *testing.T, tp *template.Template, target string) {
	t.Helper()
	for _, o := range append([]*template.MatchOptions{nil}, fuzzOptions...) {
		vals, err := tp.Match(target, o)
		if err != nil {
			continue
		}
		u, err := tp.Expand(vals)
		if err != nil {
			t.Fatalf("Parse(%q).Match(%q, %+v) = %v, which does not expand: %v", tp.String(), target, o, view(vals), err)
		}
		again, want := u.String(), target
		if o != nil && o.PlusAsSpace {
			again, want = plusInQuery(again), plusInQuery(want)
		}
		if o != nil && o.ExtraParams {
			continue // the URI may hold more than the values write
		}
		if !reexpands(again, want) {
			t.Fatalf("Parse(%q).Match(%q, %+v) = %v, which expands to %q", tp.String(), target, o, view(vals), u.String())
		}
	}
}

// reexpands reports whether again, the expansion of the values matched
// from target, is target but for what Match's contract allows.
func reexpands(again, target string) bool {
	if sameURI(upperHex(again), upperHex(target)) {
		return true
	}
	return normalized(target) != upperHex(target) && sameURI(normalized(again), normalized(target))
}

// plusInQuery writes each "+" of the query of s as "%20", as PlusAsSpace
// reads it.
func plusInQuery(s string) string {
	u := uri.MustParse(s)
	if !u.HasQuery() {
		return s
	}
	q := strings.ReplaceAll(u.Query(), "+", "%20")
	return strings.Replace(s, "?"+u.Query(), "?"+q, 1)
}

// checkSound checks that the values Match reads from an expansion expand
// to it again.
func checkSound(t *testing.T, tp *template.Template, u string) {
	t.Helper()
	vals, err := tp.Match(u, nil)
	if err != nil {
		return
	}
	if v, err := tp.Expand(vals); err != nil || v.String() != u && !sameParams(v.String(), u) {
		t.Fatalf("Parse(%q).Match(%q) = %v, which expands to %q, %v", tp.String(), u, view(vals), v.String(), err)
	}
}

// sameParams reports whether the URIs a and b differ only in the order of
// their query's parameters, which matching does not read (a parameter may
// come from another expression of the query than the one that wrote it).
func sameParams(a, b string) bool {
	ua, ub := uri.MustParse(a), uri.MustParse(b)
	if ua.HasQuery() != ub.HasQuery() || ua.WithoutQuery() != ub.WithoutQuery() {
		return false
	}
	pa, pb := strings.Split(ua.Query(), "&"), strings.Split(ub.Query(), "&")
	slices.Sort(pa)
	slices.Sort(pb)
	return slices.Equal(pa, pb)
}

// checkRoundTrip expands tp with values that cross no boundary, a
// distinct word of letters and digits for each variable, and, when the
// template's expressions are delimited, checks that Match gives them back.
func checkRoundTrip(t *testing.T, tp *template.Template) {
	t.Helper()
	vals := template.Values{}
	opts := &template.MatchOptions{Kinds: map[string]template.Kind{}, MaxSteps: -1}
	for i, n := range tp.Names() {
		vals[n] = template.String("w" + strconv.Itoa(i))
		opts.Kinds[n] = template.KindString
	}
	u, err := tp.Expand(vals)
	if err != nil || !delimited(tp.String()) {
		return
	}
	got, err := tp.MatchURI(u, opts)
	if err != nil || !got.Equal(vals) {
		t.Fatalf("Parse(%q).Match(%q) = %v, %v; want %v", tp.String(), u.String(), view(got), err, view(vals))
	}
}

// delimited reports whether each expression of a valid template is
// followed by its end or by a character that the expression's expansion
// cannot hold (RFC 6570, Section 1.4), and has no prefix modifier. It reads
// the template's text itself, to be independent of the package.
func delimited(tmpl string) bool {
	type expr struct{ op, sep byte }
	var prev *expr // the expression just read, until what follows it
	for i := 0; i < len(tmpl); {
		c := tmpl[i]
		if prev != nil {
			// What can follow: not a byte of the expansion's alphabet,
			// which is unreserved, "%", "," and "=", and the separator;
			// all bytes after a reserved expansion.
			if prev.op == '+' || prev.op == '#' || abnf.Classes[c]&abnf.Unreserved != 0 || c == '%' || c == ',' || c == '=' || c == prev.sep {
				if c != '{' {
					return false
				}
			}
			if c == '{' {
				next := byte(0)
				if i+1 < len(tmpl) {
					next = tmpl[i+1]
				}
				// Adjacent expressions: only a continuation after a query.
				if !((prev.op == '?' || prev.op == '&') && next == '&') {
					return false
				}
			}
			prev = nil
		}
		if c != '{' {
			i++
			continue
		}
		end := i
		for end < len(tmpl) && tmpl[end] != '}' {
			if tmpl[end] == ':' {
				return false
			}
			end++
		}
		e := expr{sep: ','}
		switch op := tmpl[i+1]; op {
		case '+', '#':
			e.op = op
		case '.', '/', ';':
			e.op, e.sep = op, op
		case '?', '&':
			e.op, e.sep = op, '&'
		}
		prev = &e
		i = end + 1
	}
	return true
}

// TestDelimited pins the predicate of FuzzTemplate's round trip, and that
// the round trip holds for templates that it accepts.
func TestDelimited(t *testing.T) {
	tests := []struct {
		tmpl string
		want bool
	}{
		{"{x}/{y}", true},
		{"/s{?q,lang}{&x}#f", true},
		{"{;a,b}/{.c}?", true},
		{"{x}{y}", false},       // adjacent
		{"{name}.{ext}", false}, // "." can be part of {name}
		{"{/x}/", false},        // the separator
		{"{+x}/", false},        // a reserved expansion holds every literal
		{"{+x}", true},          // but the end
		{"{x:3}/", false},       // a prefix
		{"{x}%20", false},       // a triplet
		{"{?x}{?y}", false},     //
		{"a{x}:{y}!{z}", true},  //
		{"{x},{y}", false},      //
		{"{x}={y}", false},      //
	}
	for _, tt := range tests {
		if got := delimited(tt.tmpl); got != tt.want {
			t.Errorf("delimited(%q) = %v, want %v", tt.tmpl, got, tt.want)
		}
		if tt.want {
			checkRoundTrip(t, template.MustParse(tt.tmpl))
		}
	}
}
