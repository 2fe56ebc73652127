package tree

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gouri/uri/internal/schemes"
)

// onlyInRule is a rule that only some packages follow.
type onlyInRule struct {
	name  string // the rule's name in TestOnlyInRules
	what  string
	match func(f *ast.File, n ast.Node) bool
	pkgs  []string // the packages whose non-test files may
	tests []string // the test files that may; nil for a rule that tests need not follow
}

// onlyIn are the rules that only some packages follow: a call or a literal
// that spells a rule of a standard, written once. Each names the packages
// (or, for tests, the files) allowed to make it, and why.
var onlyIn = []onlyInRule{
	{
		"idna-conversion",
		"a conversion of x/net/idna (ToASCII or ToUnicode): IDNA goes through internal/idnacheck, with its limit and its check of labels",
		idnaConversion,
		[]string{"internal/idnacheck"},
		// They compare the module's readings with x/net/idna alone.
		[]string{"security_test.go", "whatwg/wpt_test.go", "internal/idnacheck/idnacheck_test.go"},
	},
	{
		"idna-profile",
		"a profile of x/net/idna (idna.New and its options): the URL Standard's (whatwg, section 3.3) and idnacheck's named ones",
		func(f *ast.File, n ast.Node) bool { return isPkgCall(f, n, "golang.org/x/net/idna", "New") },
		[]string{"internal/idnacheck", "whatwg"},
		[]string{"internal/idnacheck/idnacheck_test.go", "whatwg/wpt_test.go"},
	},
	{
		"ampersand",
		"splitting at \"&\": query pairs are split by internal/query",
		splitsAtAmpersand,
		[]string{"internal/query"},
		nil,
	},
	{
		"port-table",
		"a scheme beside its default port, as a table of default ports holds them (a map entry, a row, a case, a condition, the arguments of a call): scheme facts come from internal/schemes",
		defaultPortTable,
		// The generator of urlpattern's rows picks ports to test with.
		[]string{"internal/schemes", "internal/oracle", "urlpattern/internal/gencases"},
		nil,
	},
	{
		"port-text",
		"a default port as text (\"80\", \"443\"): scheme facts come from internal/schemes",
		func(f *ast.File, n ast.Node) bool {
			l, ok := n.(*ast.BasicLit)
			return ok && (l.Value == `"80"` || l.Value == `"443"`)
		},
		// The generator of urlpattern's rows picks ports to test with.
		[]string{"internal/schemes", "internal/oracle", "urlpattern/internal/gencases"},
		nil,
	},
	{
		"hex",
		"a hex digit read or written by hand (a range check of 'a' to 'f', a case of the six letters, c-'a'+10, the hex alphabet): internal/abnf has IsHex, Unhex, UpperHex, LowerHex and UpperHexDigit",
		hexDigitCode,
		// The generator of test inputs picks hex digits.
		[]string{"internal/abnf", "internal/oracle"},
		nil,
	},
}

// TestOnlyIn checks the rules of onlyIn on every file of the module. Test
// files follow the rules that list test files, but for those; the others
// bind non-test code only, since tests hold expected values and slow
// references of their own.
func TestOnlyIn(t *testing.T) {
	fset := token.NewFileSet()
	for _, f := range moduleFiles(t, fset) {
		for _, r := range onlyIn {
			if f.test && (r.tests == nil || slices.Contains(r.tests, f.path)) || !f.test && slices.Contains(r.pkgs, f.pkg) {
				continue
			}
			ast.Inspect(f.ast, func(n ast.Node) bool {
				if n != nil && r.match(f.ast, n) {
					t.Errorf("%s: %s", fset.Position(n.Pos()), r.what)
					return false // one report for the outermost node that breaks the rule
				}
				return true
			})
		}
	}
}

// isPkgCall reports whether n calls the function name of the package p.
func isPkgCall(f *ast.File, n ast.Node, p, name string) bool {
	c, ok := n.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != name {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && id.Name == importName(f, p) && importName(f, p) != ""
}

// idnaConversion reports whether n is a call of ToASCII or ToUnicode in a
// file that imports x/net/idna, other than through internal/idnacheck: of
// the package (idna.ToASCII), of its profiles (idna.Lookup.ToASCII) or of a
// profile that the file holds.
func idnaConversion(f *ast.File, n ast.Node) bool {
	c, ok := n.(*ast.CallExpr)
	if !ok || importName(f, "golang.org/x/net/idna") == "" {
		return false
	}
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "ToASCII" && sel.Sel.Name != "ToUnicode" {
		return false
	}
	root := sel.X
	for {
		s, ok := root.(*ast.SelectorExpr)
		if !ok {
			break
		}
		root = s.X
	}
	id, ok := root.(*ast.Ident)
	return !ok || id.Name != importName(f, modulePath+"/internal/idnacheck")
}

// splitsAtAmpersand reports whether n calls a function of strings or bytes
// with a "&" or '&' argument that looks for it or splits at it.
func splitsAtAmpersand(f *ast.File, n ast.Node) bool {
	c, ok := n.(*ast.CallExpr)
	if !ok || len(c.Args) < 2 {
		return false
	}
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok || id.Name != importName(f, "strings") && id.Name != importName(f, "bytes") {
		return false
	}
	switch sel.Sel.Name {
	case "Split", "SplitN", "SplitSeq", "SplitAfter", "Cut", "Index", "IndexByte", "LastIndex", "LastIndexByte", "Count", "Fields", "FieldsFunc":
	default:
		return false
	}
	l, ok := c.Args[1].(*ast.BasicLit)
	return ok && (l.Value == `"&"` || l.Value == `'&'`)
}

// defaultPortTable reports whether n pairs a scheme with its default port,
// the fact that internal/schemes holds, whatever the form of the table: n
// is a map entry or a row of a composite literal, a case of a switch with
// the values that it returns or assigns, an if with its condition and the
// values that its body returns or assigns, a condition joined by && or
// ||, or a call, and holds both a scheme that internal/schemes knows a
// default port of ("http", "HTTPS", "ws:", "ftp://") and that port, as an
// integer in any base (80, 0x50) or as text ("80", ":80").
func defaultPortTable(_ *ast.File, n ast.Node) bool {
	var parts []ast.Node
	switch n := n.(type) {
	case *ast.KeyValueExpr:
		parts = []ast.Node{n.Key, n.Value}
	case *ast.CompositeLit:
		for _, e := range n.Elts {
			if _, row := e.(*ast.CompositeLit); !row {
				parts = append(parts, e)
			}
		}
	case *ast.CaseClause:
		for _, e := range n.List {
			parts = append(parts, e)
		}
		parts = append(parts, results(n.Body)...)
	case *ast.IfStmt:
		parts = append([]ast.Node{n.Cond}, results(n.Body.List)...)
	case *ast.BinaryExpr:
		if n.Op != token.LAND && n.Op != token.LOR {
			return false
		}
		parts = []ast.Node{n}
	case *ast.CallExpr:
		for _, e := range n.Args {
			parts = append(parts, e)
		}
	default:
		return false
	}
	ports := map[int64]bool{}
	var named []string // the default ports of the schemes named
	for _, p := range parts {
		ast.Inspect(p, func(x ast.Node) bool {
			switch x := x.(type) {
			case *ast.FuncLit, *ast.CompositeLit:
				return x == p // not into a function or a nested row
			case *ast.BasicLit:
				if v, ok := intValue(x); ok {
					ports[v] = true
				}
				if s, err := strconv.Unquote(x.Value); err == nil && x.Kind == token.STRING {
					if v, err := strconv.ParseInt(strings.TrimPrefix(s, ":"), 10, 64); err == nil {
						ports[v] = true
					}
					scheme := strings.TrimSuffix(strings.TrimSuffix(s, "//"), ":")
					if port := schemes.Lookup(scheme).Port; port != "" {
						named = append(named, port)
					}
				}
			}
			return true
		})
	}
	for _, port := range named {
		if v, err := strconv.ParseInt(port, 10, 64); err == nil && ports[v] {
			return true
		}
	}
	return false
}

// results returns the values that the statements return or assign, each
// statement alone, not those of blocks inside them.
func results(stmts []ast.Stmt) []ast.Node {
	var out []ast.Node
	for _, s := range stmts {
		switch s := s.(type) {
		case *ast.ReturnStmt:
			for _, e := range s.Results {
				out = append(out, e)
			}
		case *ast.AssignStmt:
			for _, e := range s.Rhs {
				out = append(out, e)
			}
		}
	}
	return out
}

// intValue returns the value of an integer or character literal, in any
// base.
func intValue(l *ast.BasicLit) (int64, bool) {
	switch l.Kind {
	case token.INT:
		v, err := strconv.ParseInt(l.Value, 0, 64)
		return v, err == nil
	case token.CHAR:
		s, err := strconv.Unquote(l.Value)
		if r := []rune(s); err == nil && len(r) == 1 {
			return int64(r[0]), true
		}
	}
	return 0, false
}

// hexDigitCode reports whether n reads or writes a hex digit by hand, as
// internal/abnf does once for the module: a range check of a byte against
// 'a' to 'f' or 'A' to 'F' (joined by &&, the bounds in any literal form,
// 'f' or 102 or 0x66, inclusive or not: c < 'g'), or the same check made
// as c-'a' < 6; a case that lists the six letters; the value of a digit
// letter computed as c-'a'+10 (or 10+c-'a'); or the alphabet of hex
// digits as a string ("0123456789abcdef", in either case or both).
func hexDigitCode(_ *ast.File, n ast.Node) bool {
	switch n := n.(type) {
	case *ast.BinaryExpr:
		switch n.Op {
		case token.LAND:
			return hexRange(n)
		case token.ADD:
			// c-'a'+10 is (c-'a')+10; 10+c-'a' is (10+c)-'a', below.
			return isInt(n.Y, 10) && isLetterOffset(n.X) || isInt(n.X, 10) && isLetterOffset(n.Y)
		case token.SUB:
			add, ok := unparen(n.X).(*ast.BinaryExpr)
			return ok && add.Op == token.ADD && (isInt(add.X, 10) || isInt(add.Y, 10)) && (isInt(n.Y, 'a') || isInt(n.Y, 'A'))
		case token.LSS, token.LEQ, token.GTR, token.GEQ:
			// c-'a' < 6, c-'a' <= 5, 6 > c-'a'
			lo, hi := compared(n)
			return hi.ok && (hi.v == 5) && isLetterOffset(hi.x) && lo.x == nil
		}
	case *ast.CaseClause:
		seen := map[int64]bool{}
		for _, e := range n.List {
			if l, ok := unparen(e).(*ast.BasicLit); ok {
				if v, ok := intValue(l); ok {
					seen[v] = true
				}
			}
		}
		for _, first := range []int64{'a', 'A'} {
			all := true
			for c := first; c < first+6; c++ {
				all = all && seen[c]
			}
			if all {
				return true
			}
		}
	case *ast.BasicLit:
		s, err := strconv.Unquote(n.Value)
		switch {
		case err != nil || n.Kind != token.STRING:
		case s == "0123456789abcdef", s == "0123456789ABCDEF", s == "0123456789abcdefABCDEF", s == "0123456789ABCDEFabcdef":
			return true
		}
	}
	return false
}

// bound is one side of a comparison: the expression compared, and the
// constant that bounds it, when the other side is one.
type bound struct {
	x  ast.Expr
	v  int64
	ok bool
}

// compared returns the lower and the upper bound that the comparison n
// puts on an expression, both inclusive: 'a' <= c gives lo 'a'; c < 'g'
// gives hi 'f'. The side that n does not bound has ok false.
func compared(n *ast.BinaryExpr) (lo, hi bound) {
	op, x, lit := n.Op, n.X, n.Y
	if l, ok := unparen(n.X).(*ast.BasicLit); ok {
		// k < x is x > k.
		x, lit = n.Y, l
		op = map[token.Token]token.Token{token.LSS: token.GTR, token.LEQ: token.GEQ, token.GTR: token.LSS, token.GEQ: token.LEQ}[op]
	}
	l, ok := unparen(lit).(*ast.BasicLit)
	if !ok {
		return
	}
	v, ok := intValue(l)
	if !ok {
		return
	}
	switch op {
	case token.GEQ:
		lo = bound{x, v, true}
	case token.GTR:
		lo = bound{x, v + 1, true}
	case token.LEQ:
		hi = bound{x, v, true}
	case token.LSS:
		hi = bound{x, v - 1, true}
	}
	return
}

// hexRange reports whether the comparisons joined by && in n bound a byte
// to 'a'..'f' or 'A'..'F'.
func hexRange(n *ast.BinaryExpr) bool {
	var los, his []int64
	var walk func(x ast.Expr)
	walk = func(x ast.Expr) {
		b, ok := unparen(x).(*ast.BinaryExpr)
		if !ok {
			return
		}
		if b.Op == token.LAND {
			walk(b.X)
			walk(b.Y)
			return
		}
		lo, hi := compared(b)
		if lo.ok {
			los = append(los, lo.v)
		}
		if hi.ok {
			his = append(his, hi.v)
		}
	}
	walk(n)
	return slices.Contains(los, 'a') && slices.Contains(his, 'f') || slices.Contains(los, 'A') && slices.Contains(his, 'F')
}

// isLetterOffset reports whether x is e-'a' or e-'A', with the letter in
// any literal form.
func isLetterOffset(x ast.Expr) bool {
	b, ok := unparen(x).(*ast.BinaryExpr)
	return ok && b.Op == token.SUB && (isInt(b.Y, 'a') || isInt(b.Y, 'A'))
}

// isInt reports whether x is an integer or character literal of the value v.
func isInt(x ast.Expr, v int64) bool {
	l, ok := unparen(x).(*ast.BasicLit)
	if !ok {
		return false
	}
	got, ok := intValue(l)
	return ok && got == v
}

// unparen returns x without its parentheses.
func unparen(x ast.Expr) ast.Expr {
	for {
		p, ok := x.(*ast.ParenExpr)
		if !ok {
			return x
		}
		x = p.X
	}
}

// TestOnlyInRules shows that each rule of onlyIn catches what it names, by
// its meaning and in the forms that code takes, and leaves alone what
// only looks like it: each row is a small source file, the name of a
// rule, and whether the rule finds a violation in it. Every rule has a
// planted violation and a file it passes.
func TestOnlyInRules(t *testing.T) {
	tests := []struct {
		rule string
		src  string // a file's declarations, after "package p"
		bad  bool
	}{
		{"idna-conversion", `import "golang.org/x/net/idna"; func f(s string) { idna.ToASCII(s) }`, true},
		{"idna-conversion", `import "golang.org/x/net/idna"; func f(s string) { idna.Lookup.ToUnicode(s) }`, true},
		{"idna-conversion", `import x "golang.org/x/net/idna"; var p = x.New(); func f(s string) { p.ToASCII(s) }`, true},
		{"idna-conversion", `import ("golang.org/x/net/idna"; "github.com/gouri/uri/internal/idnacheck"); var p *idna.Profile; func f(s string) { idnacheck.ToASCII(p, s) }`, false},
		{"idna-conversion", `func f(p interface{ ToASCII(string) }) { p.ToASCII("a") }`, false},

		{"idna-profile", `import "golang.org/x/net/idna"; var p = idna.New(idna.MapForLookup())`, true},
		{"idna-profile", `import idna "example.com/idna"; var p = idna.New()`, false},

		{"ampersand", `import "strings"; func f(q string) { strings.Split(q, "&") }`, true},
		{"ampersand", `import "strings"; func f(q string) { strings.Cut(q, "&") }`, true},
		{"ampersand", `import "bytes"; func f(q []byte) { bytes.IndexByte(q, '&') }`, true},
		{"ampersand", `import "strings"; func f(q string) { strings.Split(q, "=") }`, false},

		// A table of default ports in any of its shapes.
		{"port-table", `var m = map[string]int{"http": 80, "https": 443}`, true},
		{"port-table", `var m = map[string]uint16{"ws": 0x50}`, true},
		{"port-table", `var m = map[uint16]string{0o673: "HTTPS"}`, true},
		{"port-table", `var rows = []struct{ s string; p int }{{"ftp", 21}}`, true},
		{"port-table", `var rows = []info{{Scheme: "gopher", Port: "70"}}`, true},
		{"port-table", `func f(s string) string { switch s { case "gopher": return "70" }; return "" }`, true},
		{"port-table", `func f(s string) (p int) { switch s { case "http", "ws": p = 80 }; return }`, true},
		{"port-table", `func f(p int) string { switch p { case 443: return "wss" }; return "" }`, true},
		{"port-table", `func f(s string, p int) bool { return s == "HTTPS" && p == 443 }`, true},
		{"port-table", `func f(s, p string) bool { if s == "http:" { return p == ":80" }; return false }`, true},
		{"port-table", `func f() { register("ftp://", 21) }`, true},
		{"port-table", `var m = map[string]int{"http": 8080}`, false},
		{"port-table", `func f(p int) bool { return p == 80 || p == 8080 }`, false},
		{"port-table", `var schemes, ports = []string{"http", "https"}, []int{80, 443}`, false},
		{"port-table", `func f(s string) int { if s == "http" { return 1 }; return 80 }`, false},
		{"port-table", `var m = map[string]int{"urn": 80}`, false},

		{"port-text", `var p = "443"`, true},
		{"port-text", `var p = "8443"`, false},

		// Hex digits read or written by hand, as the module once did in
		// four packages.
		{"hex", `func up(c byte) byte { if 'a' <= c && c <= 'f' { return c - 'a' + 'A' }; return c }`, true},
		{"hex", `func f(c byte) { switch { case '0' <= c && c <= '9', c == ':': case 'A' <= c && c <= 'F': } }`, true},
		{"hex", `func f(c byte, hex bool) bool { return '0' <= c && c <= '9' || hex && 'a' <= c|0x20 && c|0x20 <= 'f' }`, true},
		{"hex", `func f(c byte) bool { return c >= 0x61 && c < 0x67 }`, true},
		{"hex", `func f(c byte) bool { return c|0x20-'a' < 6 }`, true},
		{"hex", `func f(c byte) bool { return 6 > c-'A' }`, true},
		{"hex", `func unhex(c byte) byte { switch { case c <= '9': return c - '0'; case c <= 'F': return c - 'A' + 10 }; return 0 }`, true},
		{"hex", `func v(c byte) byte { return 10 + c - 'a' }`, true},
		{"hex", `func f(c byte) bool { switch c { case 'a', 'b', 'c', 'd', 'e', 'f': return true }; return false }`, true},
		{"hex", `const hex = "0123456789abcdef"`, true},
		{"hex", "var digits = []byte(`0123456789ABCDEF`)", true},
		{"hex", `func f(c byte) bool { return 'a' <= c && c <= 'z' }`, false},
		{"hex", `func f(c byte) bool { return c == 'f' || c == 'F' }`, false},
		{"hex", `func f(c byte) bool { switch c { case 'f', 'n', 'r', 't', 'v': return true }; return false }`, false},
		{"hex", "const token = \"!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ\"", false},
		{"hex", `func f(n int) int { return n - 1 + 10 }`, false},
		{"hex", `import "github.com/gouri/uri/internal/abnf"; func f(c byte) bool { return abnf.IsHex(c) }`, false},
	}
	planted, passed := map[string]bool{}, map[string]bool{}
	for _, tt := range tests {
		i := slices.IndexFunc(onlyIn, func(r onlyInRule) bool { return r.name == tt.rule })
		if i < 0 {
			t.Fatalf("no rule %q", tt.rule)
		}
		f, err := parser.ParseFile(token.NewFileSet(), "p.go", "package p\n"+tt.src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatalf("%s: %v", tt.src, err)
		}
		found := false
		ast.Inspect(f, func(n ast.Node) bool {
			found = found || n != nil && onlyIn[i].match(f, n)
			return !found
		})
		if found != tt.bad {
			t.Errorf("rule %s on %s: found a violation: %v, want %v", tt.rule, tt.src, found, tt.bad)
		}
		planted[tt.rule] = planted[tt.rule] || tt.bad
		passed[tt.rule] = passed[tt.rule] || !tt.bad
	}
	for _, r := range onlyIn {
		if !planted[r.name] || !passed[r.name] {
			t.Errorf("rule %s: no planted violation (%v) or no file that passes (%v)", r.name, planted[r.name], passed[r.name])
		}
	}
}
