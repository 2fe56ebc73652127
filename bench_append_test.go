package uri

import (
	"strings"
	"testing"
)

// The benchmarks of this file put the Append forms beside the allocating
// forms, on the inputs of BenchmarkResolve and BenchmarkNormalize, with
// sub-benchmarks named shape=<input>/form=<append|value>, so that benchstat
// compares the two:
//
//	go test -run '^$' -bench 'Append' -benchmem -count 10 . > append.txt
//	benchstat -col /form append.txt
//
// form=value is the method that returns a URI; form=append appends the same
// text to a buffer that is reused, and allocates nothing.

// BenchmarkAppendResolve resolves each kind of reference against the
// real-world bases of BenchmarkResolve (RFC 3986, Section 5.2).
func BenchmarkAppendResolve(b *testing.B) {
	bases := benchBases(b)
	parsed := make([]URI, len(bases))
	for j, s := range bases {
		parsed[j], _ = ParseURI(s)
	}
	for _, rk := range resolveBenchRefs {
		size := 0
		for _, s := range bases {
			size += len(s) + len(rk.ref)
		}
		size /= len(bases)
		ref := MustParse(rk.ref)
		buf := make([]byte, 0, 4096)
		bench := func(form string, op func(i int)) {
			b.Run("shape="+rk.name+"/form="+form, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(size))
				i := 0
				for b.Loop() {
					op(i)
					if i++; i == len(bases) {
						i = 0
					}
				}
			})
		}
		bench("value", func(i int) { sinkURI = parsed[i].Resolve(ref) })
		bench("append", func(i int) { buf = AppendResolve(buf[:0], parsed[i], ref) })
	}
}

// BenchmarkAppendNormalize normalizes the shapes of BenchmarkNormalize and
// the corpus samples (RFC 3986, Section 6).
func BenchmarkAppendNormalize(b *testing.B) {
	var sets []inputSet
	for _, sh := range normalizeShapes {
		sets = append(sets, inputSet{strings.ReplaceAll(sh.name, "/", "-"), []string{sh.in}})
	}
	sets = append(sets, corpusSets(b, true)...)
	for _, set := range sets {
		us := make([]URI, len(set.inputs))
		for j, s := range set.inputs {
			us[j] = MustParse(s)
		}
		buf := make([]byte, 0, 4096)
		for _, f := range []struct {
			form string
			op   func(u URI)
		}{
			{"value", func(u URI) { sinkURI = u.Normalize() }},
			{"append", func(u URI) { buf = AppendNormalize(buf[:0], u) }},
		} {
			b.Run("shape="+set.name+"/form="+f.form, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(totalBytes(set.inputs))
				for b.Loop() {
					for _, u := range us {
						f.op(u)
					}
				}
			})
		}
	}
}
