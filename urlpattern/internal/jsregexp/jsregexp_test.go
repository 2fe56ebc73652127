package jsregexp

import (
	"errors"
	"strings"
	"testing"
	"time"
	"unicode"
)

// TestFaults pins the faults of sources that ECMAScript rejects (Syntax)
// or that RE2 cannot match alike (Unsupported): the kind, the offset by
// the rule that source[:Offset] is the longest prefix of a valid source,
// and the detail.
func TestFaults(t *testing.T) {
	tests := []struct {
		name   string
		source string
		spans  []Span
		kind   Kind
		off    int
		detail string
	}{
		{"22.2.1: \\m is no escape", `\m`, nil, Syntax, 1, `"\" before a character that needs no escape`},
		{"22.2.1: - must be escaped in a class with v", `[a-]`, nil, Syntax, 3, "a ] must be escaped in a class"},
		{"22.2.1: a lone {", `a{`, nil, Syntax, 2, `"{" not followed by a count and "}"`},
		{"22.2.1: counts out of order", `a{3,1}`, nil, Syntax, 5, "the counts of {n,m} are out of order"},
		{"22.2.1.1: a reference to no group", `\2`, nil, Syntax, 0, "a back-reference to a group that does not exist"},
		{"22.2.1.1: an unknown property", `\p{Foo}`, nil, Syntax, 3, "unknown Unicode property Foo"},
		{"22.2.1.1: a second group of a name", `(?<a>x)(?<a>y)`, nil, Syntax, 11, "a second group named a"},
		{"22.2.1: a group not closed", `(?:a`, nil, Syntax, 4, "group not closed"},
		{"22.2.1: a ) that closes nothing", `a)b`, nil, Syntax, 1, `")" closes no group`},
		{"look-ahead", `a(?=b)`, nil, Unsupported, 1, "look-ahead"},
		{"look-behind", `(?<!b)a`, nil, Unsupported, 0, "look-behind"},
		{"a back-reference", `(?<x>a)\k<x>`, nil, Unsupported, 7, "a back-reference"},
		{"the m modifier", `(?m:^a)`, nil, Unsupported, 2, `the "m" modifier`},
		{"a group in a repetition", `(?:(?<x>a)b)+`, nil, Unsupported, 12, "a capturing group inside a repetition"},
		{"a repetition of what matches empty in two ways", `(?:a?b?)*`, nil, Unsupported, 8,
			"a repetition of an expression that can match the empty string in several ways"},
		{"a count above RE2's limit", `a{1001}`, nil, Unsupported, 1, "a count above 1000, RE2's limit"},
		{"a property of strings", `\p{RGI_Emoji}`, nil, Unsupported, 0, "a property of strings"},
		{"Script_Extensions", `\p{scx=Latn}`, nil, Unsupported, 3, "Unicode property scx=Latn, which Go's tables lack"},
		{"a syntax error after an unsupported construct wins", `(?=a)\m`, nil, Syntax, 6, `"\" before a character that needs no escape`},
		// A span ends every construct open in it: the class, the property
		// name and the group name end with the span, whatever follows it.
		{"span: a class not closed", `^([a)$`, []Span{{2, 4}}, Syntax, 4, "class not closed"},
		{"no span: the ) is in the class", `^([a)$`, nil, Syntax, 4, "a ) must be escaped in a class"},
		{"span: \\p{ not closed", `^(\p{L)\}$`, []Span{{2, 6}}, Syntax, 6, `\p{ not closed by "}"`},
		{"span: a group name not closed", `^((?<ab)$`, []Span{{2, 7}}, Syntax, 7, `group name not closed by ">"`},
		{"span: a ) that closes nothing in it", `^(a)b)$`, []Span{{2, 5}}, Syntax, 3, `")" closes no group`},
		{"span: a back-reference to a group outside it", `^(a)((?<x>b))(\k<x>)$`, []Span{{2, 3}, {14, 19}}, Unsupported, 14, "a back-reference"},
		{"span: a name repeated in two spans", `^((?<x>a))((?<x>b))$`, []Span{{2, 9}, {11, 18}}, Syntax, 15, "a second group named x"},
		{"span: nesting counted from its start", "^(" + strings.Repeat("(?:", 1000) + strings.Repeat(")", 1000) + ")$",
			[]Span{{2, 2 + 4000}}, Unsupported, 2 + 3*1000, "groups nested deeper than 1000, RE2's limit"},
		{"no span: the nesting of the whole source", "^(" + strings.Repeat("(?:", 999) + strings.Repeat(")", 999) + ")$",
			nil, Unsupported, 2 + 3*999, "groups nested deeper than 1000, RE2's limit"},
	}
	for _, tt := range tests {
		re, err := Compile(tt.source, 0, tt.spans)
		var f *Fault
		if !errors.As(err, &f) || re != nil {
			t.Errorf("%s: Compile(%q) = %v, %v, want a *Fault", tt.name, tt.source, re, err)
			continue
		}
		if f.Kind != tt.kind || f.Offset != tt.off || f.Detail != tt.detail {
			t.Errorf("%s: Compile(%q): %+v, want kind %d at %d: %q", tt.name, tt.source, *f, tt.kind, tt.off, tt.detail)
		}
	}
	if _, err := Compile("^(?:"+strings.Repeat("(?:", 999)+strings.Repeat(")", 999)+")$", 0, []Span{{4, 4 + 3*999 + 999}}); err != nil {
		t.Errorf("999 nested groups in a span: %v", err)
	}
}

// TestMeaning pins the translation where ECMAScript and RE2 differ (see
// urlpattern's documentation), each as the group of ^(X)$ with X a span.
func TestMeaning(t *testing.T) {
	tests := []struct {
		name       string
		regexp     string
		ignoreCase bool
		input      string
		want       any // the group's value, false for no match, nil for undefined
	}{
		{". does not match CR", ".+", false, "a\rb", false},
		{". matches a space", ".+", false, "a b", "a b"},
		{"\\s matches VT, which RE2's \\s does not", "\\s", false, "\v", "\v"},
		{"\\s matches NBSP", "\\s", false, "\u00a0", "\u00a0"},
		{"\\w is ASCII", "\\w+", false, "\u00e9", false},
		{"\\w with ignore case has U+017F", "\\w", true, "\u017f", "\u017f"},
		{"\\W with ignore case lacks U+212A", "\\W", true, "\u212a", false},
		{"ignore case: K folds to k", "\\u{212A}", true, "k", "k"},
		{"ignore case: a complement of k lacks K", "[^k]", true, "K", false},
		{"set subtraction", "[\\w--\\d]+", false, "ab", "ab"},
		{"set subtraction removes", "[\\w--\\d]+", false, "a1", false},
		{"set intersection", "[\\p{L}&&\\p{Ll}]", false, "a", "a"},
		{"\\q of single code points", "[\\q{a|b}]", false, "b", "b"},
		{"nested class with a complement", "[[^a]b]+", false, "bc", "bc"},
		{"[^] is any code point", "[^]", false, "\n", "\n"},
		{"\\b is a word boundary", "a\\b.*", false, "a-b", "a-b"},
		{"\\cJ is LF", "\\cJ", false, "\n", "\n"},
		{"a surrogate pair escape", "\\uD83D\\uDE00", false, "\U0001F600", "\U0001F600"},
		{"the s modifier", "(?s:.)", false, "\n", "\n"},
		{"the i modifier", "(?i:a)B", false, "AB", "AB"},
		{"the i modifier off", "(?-i:a)", true, "A", false},
		{"(.*)? matches as (.+)?: an empty iteration is rejected", "(?:(.*)?)", false, "", ""},
		{"a named group is numbered", "(?<n>a)|b", false, "a", "a"},
	}
	for _, tt := range tests {
		var flags Flags
		if tt.ignoreCase {
			flags = IgnoreCase
		}
		re, err := Compile("^("+tt.regexp+")$", flags, []Span{{2, 2 + len(tt.regexp)}})
		if err != nil {
			t.Errorf("%s: %s: %v", tt.name, tt.regexp, err)
			continue
		}
		var got any = false
		if loc := re.FindStringSubmatchIndex(tt.input); loc != nil {
			got = nil
			if loc[2] >= 0 {
				got = tt.input[loc[2]:loc[3]]
			}
		}
		if got != tt.want {
			t.Errorf("%s: /^(%s)$/ on %q: %#v, want %#v (RE2 %s)", tt.name, tt.regexp, tt.input, got, tt.want, re)
		}
	}
	// The inner group of (.*)? did not take part: undefined.
	re, _ := Compile(`^((.*)?)$`, 0, nil)
	if loc := re.FindStringSubmatchIndex(""); loc == nil || loc[4] != -1 {
		t.Errorf("(.*)? on the empty string: %v, want the group undefined (RE2 %s)", loc, re)
	}
}

// TestClassRunOf pins which sources are one class repeated, and their
// members and counts.
func TestClassRunOf(t *testing.T) {
	tests := []struct {
		source  string
		flags   Flags
		ok      bool
		match   []string
		noMatch []string
	}{
		{`\d+`, 0, true, []string{"0", "123"}, []string{"", "1a", "\u0661"}},
		{`[a-z0-9]{2,8}`, 0, true, []string{"ab", "a1b2c3d4"}, []string{"a", "a1b2c3d4e", "A1"}},
		{`(?:\d)+`, 0, true, []string{"1"}, []string{""}},
		{`\d{2000}`, 0, true, []string{strings.Repeat("1", 2000)}, []string{strings.Repeat("1", 1999)}},
		{`k+?`, IgnoreCase, true, []string{"kK\u212a"}, []string{"x"}},
		{`[\p{L}--k]*`, 0, true, []string{"", "a\u00e9"}, []string{"k"}},
		{`\d`, 0, false, nil, nil},
		{`(\d)+`, 0, false, nil, nil},
		{`\d+|x`, 0, false, nil, nil},
		{`(?:\d+)+`, 0, false, nil, nil},
		{`[a`, 0, false, nil, nil},
		{`\p{RGI_Emoji}+`, 0, false, nil, nil},
	}
	for _, tt := range tests {
		c, ok := ClassRunOf(tt.source, tt.flags)
		if ok != tt.ok {
			t.Errorf("ClassRunOf(%q) = %v, want %v", tt.source, ok, tt.ok)
			continue
		}
		for _, s := range tt.match {
			if !c.Matches(s) {
				t.Errorf("ClassRunOf(%q).Matches(%q) = false", tt.source, s)
			}
		}
		for _, s := range tt.noMatch {
			if c.Matches(s) {
				t.Errorf("ClassRunOf(%q).Matches(%q) = true", tt.source, s)
			}
		}
	}
}

// TestIsIdentifierChar checks IsIdentifierChar on every code point
// against \p{ID_Start} and \p{ID_Continue}, the two spellings of the
// rule.
func TestIsIdentifierChar(t *testing.T) {
	start, _ := binaryProperty("ID_Start")
	cont, _ := binaryProperty("ID_Continue")
	for r := rune(0); r <= unicode.MaxRune; r++ {
		wantStart := r == '$' || r == '_' || start.contains(r)
		wantPart := r == '$' || r == 0x200C || r == 0x200D || cont.contains(r)
		if IsIdentifierChar(r, true) != wantStart || IsIdentifierChar(r, false) != wantPart {
			t.Fatalf("IsIdentifierChar(%U) = %v, %v; want %v, %v", r, IsIdentifierChar(r, true), IsIdentifierChar(r, false), wantStart, wantPart)
		}
	}
}

// FuzzCompile compiles ^(?:source)$ without a span, with source as a
// span, and with a span anywhere. None may panic or take long; a refusal
// is a *Fault of a known kind whose offset is inside its source; when the
// first two compile, they compile to the same program, since spans only
// say where errors are found; and when the source is one class repeated,
// ClassRunOf matches the input as the program does.
func FuzzCompile(f *testing.F) {
	for i, s := range []string{`\d+`, `[\w--\d]{2,3}|\p{L}+`, `(?<n>a)\k<n>`, `(?:a*)*`, `[a`, `(?i:k)+`, `\u{212A}`, `[^]*?`} {
		f.Add(s, "a1K", i%2 == 0, 4, i)
	}
	f.Fuzz(func(t *testing.T, source, input string, ignoreCase bool, start, end int) {
		var flags Flags
		if ignoreCase {
			flags = IgnoreCase
		}
		begin := time.Now()
		wrapped := "^(?:" + source + ")$"
		plain, perr := Compile(wrapped, flags, nil)
		spanned, serr := Compile(wrapped, flags, []Span{{4, 4 + len(source)}})
		run, runOK := ClassRunOf(source, flags)
		_, anywhere := Compile(wrapped, flags, []Span{{start, end}})
		if d := time.Since(begin); d > time.Second {
			t.Fatalf("Compile(%q) took %v", source, d)
		}
		for _, err := range []error{perr, serr, anywhere} {
			var fault *Fault
			if err != nil && (!errors.As(err, &fault) || fault.Kind != Syntax && fault.Kind != Unsupported || fault.Offset < 0 || fault.Offset > len(wrapped)) {
				t.Fatalf("Compile(%q): %#v", wrapped, err)
			}
		}
		if perr == nil && serr == nil && plain.String() != spanned.String() {
			t.Fatalf("Compile(%q): %s without a span, %s with one", wrapped, plain, spanned)
		}
		if runOK && serr == nil && run.Matches(input) != spanned.MatchString(input) {
			t.Fatalf("ClassRunOf(%q).Matches(%q) = %v, RE2 %s says %v", source, input, !spanned.MatchString(input), spanned, spanned.MatchString(input))
		}
	})
}
