package match

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/gouri/uri/template/internal/expr"
)

// TestSize checks that Matcher.size, the count by which a template is
// refused before its automata are built, is the number of instructions
// that compile builds, for every operator, modifier and variant, on
// templates written to reach each case and on random ones: were the count
// low, a budget would let a template build more than it pays for.
func TestSize(t *testing.T) {
	templates := []string{
		"", "abc", "%41b%7a", "caf%C3%A9/{x}",
		"{x}", "{+x}", "{#x}", "{.x}", "{/x}", "{;x}", "{?x}", "{&x}",
		"{x*}", "{+x*}", "{#x*}", "{.x*}", "{/x*}", "{;x*}", "{?x*}", "{&x*}",
		"{x:1}", "{x:64}", "{x:65}", "{x:9999}", "{+x:3}", "{;x:2}", "{?x:64}", "{.x:5}",
		"{x,y}", "{x,y,z}", "{+x,y:2}", "{#x*,y}", "{;x,y*}", "{?x,y*,z:3}", "{&x%41,y}",
		"/s{?q,lang}{&x*}#top", "?q={q}&lang={l}", "?a=1&b={b}{&c}", "/p?x=1{&y}#f{#z}",
		"{/a*}{?b}", "#frag{?x}", "{#x}?{y}", "?q={x}{y}",
	}
	r := rand.New(rand.NewPCG(6570, 1))
	for range 2000 {
		templates = append(templates, randomTemplate(r))
	}
	variants := []*variant{
		{},
		{nonEmpty: true, plus: true},
		{named: map[string]Kind{"x": KindString, "y": KindList}},
		{named: map[string]Kind{"x": KindList, "z": KindString}},
	}
	for _, tmpl := range templates {
		parts, names, err := expr.Parse(tmpl)
		if err != nil {
			continue
		}
		mt := &Matcher{Parts: parts, Names: names}
		for _, v := range variants {
			c := mt.compile(v)
			built := len(c.all.insts)
			if c.head != nil {
				built += len(c.head.insts) + len(c.tail.insts)
			}
			for _, it := range c.query {
				if it.prog != nil {
					built += len(it.prog.insts)
				}
			}
			if got := mt.size(v); got != built || c.size != built {
				t.Errorf("size(%q) with %+v = %d, compiled's size %d; compile builds %d instructions", tmpl, *v, got, c.size, built)
			}
		}
	}
}

// randomTemplate returns a template of up to six parts: literals, with
// the "?", "&", "=" and "#" that split a query, and expressions of every
// operator with up to three variables and any modifier.
func randomTemplate(r *rand.Rand) string {
	lits := []string{"/", "a", "%41", "?", "&", "=", "#", "?q=", "&x=1", "/p?a=1&b="}
	ops := []string{"", "+", "#", ".", "/", ";", "?", "&"}
	names := []string{"x", "y", "z", "x%41"}
	var b strings.Builder
	for range r.IntN(7) {
		if r.IntN(3) == 0 {
			b.WriteString(lits[r.IntN(len(lits))])
			continue
		}
		b.WriteString("{" + ops[r.IntN(len(ops))])
		for k := range 1 + r.IntN(3) {
			if k > 0 {
				b.WriteByte(',')
			}
			b.WriteString(names[r.IntN(len(names))])
			switch r.IntN(4) {
			case 0:
				b.WriteByte('*')
			case 1:
				b.WriteString(":" + strconv.Itoa(1+r.IntN(70)))
			}
		}
		b.WriteByte('}')
	}
	return b.String()
}
