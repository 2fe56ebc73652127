package lazybuf

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unsafe"
)

// TestUnchangedCostsNothing pins the reason for the type: an output equal
// to its input, written in any pieces, is the input itself.
func TestUnchangedCostsNothing(t *testing.T) {
	in := "http://example.com/a/b?q#f"
	var w Writer
	allocs := testing.AllocsPerRun(100, func() {
		w.Reset(in, nil, 0)
		w.Copy(0, 5)
		w.WriteString("//")
		w.Byte('e')
		w.Copy(8, 20)
		w.Write([]byte("/b?q"))
		w.Copy(24, len(in))
		w.Set(0, 'h')
		if w.String() != in {
			t.Fatal("String() differs from the unchanged input")
		}
	})
	if allocs != 0 {
		t.Errorf("an unchanged output allocated %v times, want 0", allocs)
	}
	w.Reset(in, nil, 0)
	w.Copy(0, 4)
	if got := w.String(); unsafe.StringData(got) != unsafe.StringData(in) {
		t.Errorf("String() of an unchanged prefix is a copy, want a substring of the input")
	}
}

// TestChangesCostOneBuffer pins what the runs are for: an output that
// differs from its input in a few places, written in many pieces, costs
// the one buffer, whichever of Copy, Byte and CopyLower writes the pieces.
func TestChangesCostOneBuffer(t *testing.T) {
	in := `HTTP://Example.com/a\b/c`
	const want = "http://example.com/a/b/c"
	var w Writer
	allocs := testing.AllocsPerRun(100, func() {
		w.Reset(in, nil, 0)
		w.CopyLower(0, 4)
		w.Copy(4, 7)
		w.CopyLower(7, 18)
		w.Copy(18, 20)
		w.Byte('/') // for the "\"
		w.Byte(in[21])
		w.Copy(22, len(in))
		if got := w.String(); got != want {
			t.Fatalf("String() = %q, want %q", got, want)
		}
	})
	if allocs != 1 {
		t.Errorf("an output with three changes allocated %v times, want 1", allocs)
	}
}

// TestAppendTo checks that the output goes after dst's bytes, into dst's
// spare capacity when it has enough, and without allocating then.
func TestAppendTo(t *testing.T) {
	in := "HTTP://a/"
	dst := make([]byte, 3, 64)
	copy(dst, "xyz")
	var w Writer
	allocs := testing.AllocsPerRun(100, func() {
		w.Reset(in, dst[:3], 0)
		w.WriteString("http")
		w.Copy(4, len(in))
		if got := w.AppendTo(); string(got) != "xyzhttp://a/" {
			t.Fatalf("AppendTo() = %q, want %q", got, "xyzhttp://a/")
		}
	})
	if allocs != 0 {
		t.Errorf("AppendTo with room in dst allocated %v times, want 0", allocs)
	}
	// Too little room: the bytes of dst are kept all the same.
	w.Reset(in, []byte("xyz"), 0)
	w.WriteString("http")
	w.Copy(4, len(in))
	w.Insert(4, "s")
	if got := string(w.AppendTo()); got != "xyzhttps://a/" {
		t.Errorf("AppendTo() = %q, want %q", got, "xyzhttps://a/")
	}
	// Unchanged: the input is appended.
	w.Reset(in, []byte("xyz"), 0)
	w.Copy(0, len(in))
	if got := string(w.AppendTo()); got != "xyz"+in {
		t.Errorf("AppendTo() = %q, want %q", got, "xyz"+in)
	}
}

// TestAgainstBuilder runs random writes through a Writer and a plain
// byte slice, for random inputs and destinations, and compares every
// observation: Len, At, LastIndexByte, Changed, that Advance takes an
// output that is a prefix of the input, and the result. The writes land
// both on outputs that are the input and on outputs that end with a run
// of it after a change, which Copy and a matching Byte extend.
func TestAgainstBuilder(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const alphabet = "abA/"
	word := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteByte(alphabet[rng.IntN(len(alphabet))])
		}
		return b.String()
	}
	for iter := range 20000 {
		in := word(rng.IntN(12))
		var dst []byte
		if rng.IntN(2) == 0 {
			dst = append(make([]byte, 0, rng.IntN(30)), word(rng.IntN(3))...)
		}
		prefix := string(dst)
		var w Writer
		w.Reset(in, dst, rng.IntN(4))
		var want []byte
		for range rng.IntN(10) {
			switch op := rng.IntN(9); op {
			case 0:
				c := alphabet[rng.IntN(len(alphabet))]
				w.Byte(c)
				want = append(want, c)
			case 1:
				s := word(rng.IntN(4))
				w.WriteString(s)
				want = append(want, s...)
			case 2:
				i := rng.IntN(len(in) + 1)
				j := i + rng.IntN(len(in)-i+1)
				w.Copy(i, j)
				want = append(want, in[i:j]...)
			case 3:
				k := rng.IntN(len(want) + 1)
				w.Truncate(k)
				want = want[:k]
			case 4:
				if len(want) > 0 {
					k := rng.IntN(len(want))
					c := alphabet[rng.IntN(len(alphabet))]
					w.Set(k, c)
					want[k] = c
				}
			case 5:
				k := rng.IntN(len(want) + 1)
				s := word(rng.IntN(3))
				w.Insert(k, s)
				want = append(want[:k], append([]byte(s), want[k:]...)...)
			case 6:
				lo := rng.IntN(len(want) + 1)
				c := alphabet[rng.IntN(len(alphabet))]
				wantIdx := strings.LastIndexByte(string(want[lo:]), c)
				if wantIdx >= 0 {
					wantIdx += lo
				}
				if got := w.LastIndexByte(c, lo); got != wantIdx {
					t.Fatalf("iteration %d: LastIndexByte(%q, %d) = %d, want %d (output %q)", iter, c, lo, got, wantIdx, want)
				}
			case 7:
				i := rng.IntN(len(in) + 1)
				if rng.IntN(2) == 0 && len(want) <= len(in) {
					i = len(want) // where it may move the end
				}
				j := i + rng.IntN(len(in)-i+1)
				// Advance must take an output that is in[:i]; it may
				// take others, and then appends in[i:j] all the same.
				inPlace := !w.Changed() && len(want) == i
				got := w.Advance(i, j)
				if inPlace && !got {
					t.Fatalf("iteration %d: Advance(%d, %d) = false on the output %q, a prefix of %q", iter, i, j, want, in)
				}
				if got {
					want = append(want, in[i:j]...)
				}
			case 8:
				i := rng.IntN(len(in) + 1)
				if rng.IntN(2) == 0 && len(want) <= len(in) {
					i = len(want)
				}
				j := i + rng.IntN(len(in)-i+1)
				w.CopyLower(i, j)
				want = append(want, strings.ToLower(in[i:j])...)
			}
			changed := !strings.HasPrefix(in, string(want))
			if w.Len() != len(want) {
				t.Fatalf("iteration %d: Len() = %d, want %d (output %q)", iter, w.Len(), len(want), want)
			}
			for k := range want {
				if w.At(k) != want[k] {
					t.Fatalf("iteration %d: At(%d) = %q, want %q", iter, k, w.At(k), want[k])
				}
			}
			if changed && !w.Changed() {
				t.Fatalf("iteration %d: Changed() = false for %q, which is no prefix of %q", iter, want, in)
			}
		}
		if dst != nil {
			if got := string(w.AppendTo()); got != prefix+string(want) {
				t.Fatalf("iteration %d: AppendTo() = %q, want %q", iter, got, prefix+string(want))
			}
		} else if got := w.String(); got != string(want) {
			t.Fatalf("iteration %d: String() = %q, want %q", iter, got, want)
		}
	}
}

// TestRelease checks that Release hands back the buffer's memory, empty,
// only when the output went to a buffer of the Writer's own, and leaves a
// zero Writer.
func TestRelease(t *testing.T) {
	in := "http://a/b"
	var w Writer
	w.Reset(in, nil, 4)
	w.Copy(0, 4)
	if b := w.Release(); b != nil {
		t.Errorf("Release() of an unchanged output = %q (cap %d), want nil", b, cap(b))
	}
	w.Reset(in, nil, 4)
	w.WriteString("HTTP")
	b := w.Release()
	if len(b) != 0 || cap(b) < len(in)+4 {
		t.Errorf("Release() = len %d, cap %d; want len 0, cap at least %d", len(b), cap(b), len(in)+4)
	}
	if w.in != "" || w.n != 0 || w.buf != nil || w.dst != nil {
		t.Errorf("Release() left %+v, want the zero Writer", w)
	}
	w.Reset(in, make([]byte, 0, 64), 0)
	w.WriteString("HTTP")
	if b := w.Release(); b != nil {
		t.Errorf("Release() of an output in dst = cap %d, want nil", cap(b))
	}
}

// TestLower checks the word at a time lower-casing against a byte at a
// time, on every byte value at every place of a word and with every end:
// the bytes from j on, and those at or above 0x80, are left as they are.
func TestLower(t *testing.T) {
	for c := range 256 {
		for k := range 10 {
			for j := k; j <= 10; j++ {
				b := []byte("@AZ[`az{\x80\xc1")
				b[k] = byte(c)
				want := append([]byte(nil), b...)
				for m := k; m < j; m++ {
					if 'A' <= want[m] && want[m] <= 'Z' {
						want[m] += 'a' - 'A'
					}
				}
				got := append([]byte(nil), b...)
				lower(got, k, j)
				if string(got) != string(want) {
					t.Fatalf("lower(%q, %d, %d) = %q, want %q", b, k, j, got, want)
				}
			}
		}
	}
}

// TestCopyLowerNotes pins how CopyLower writes letters in another case
// while the output has no buffer: it notes the part to lower-case, joins
// two parts with no upper-case letter between them, and makes the buffer
// when a second part cannot be joined or another change comes; the
// output costs one allocation in every case.
func TestCopyLowerNotes(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		write func(w *Writer)
		want  string
	}{
		{"a scheme", "HTTP://h/p", func(w *Writer) { w.CopyLower(0, 4); w.Copy(4, 10) }, "http://h/p"},
		{"scheme and host, joined", "HTTP://H.COM/P", func(w *Writer) {
			w.CopyLower(0, 4)
			w.Copy(4, 7)
			w.CopyLower(7, 12)
			w.Copy(12, 14)
		}, "http://h.com/P"},
		{"scheme and host, an upper-case letter between", "HTTP://U@H/P", func(w *Writer) {
			w.CopyLower(0, 4)
			w.Copy(4, 9)
			w.CopyLower(9, 10)
			w.Copy(10, 12)
		}, "http://U@h/P"},
		{"a change after the part", `HTTP:\\h`, func(w *Writer) {
			w.CopyLower(0, 4)
			w.Byte(':')
			w.WriteString("//")
			w.Copy(7, 8)
		}, "http://h"},
		{"cut inside the part", "ABCD", func(w *Writer) { w.CopyLower(0, 4); w.Truncate(2); w.Byte('C') }, "abC"},
		{"cut before the part", "xABC", func(w *Writer) { w.CopyLower(0, 4); w.Truncate(1); w.Copy(1, 4) }, "xABC"},
		{"nothing to lower", "http://h", func(w *Writer) { w.CopyLower(0, 4); w.Copy(4, 8) }, "http://h"},
	}
	for _, tt := range tests {
		var w Writer
		allocs := testing.AllocsPerRun(10, func() {
			w.Reset(tt.in, nil, 0)
			tt.write(&w)
			if got := w.String(); got != tt.want {
				t.Fatalf("%s: String() = %q, want %q", tt.name, got, tt.want)
			}
		})
		wantAllocs := 1.0
		if tt.want == tt.in[:len(tt.want)] {
			wantAllocs = 0
		}
		if allocs != wantAllocs {
			t.Errorf("%s: %v allocations, want %v", tt.name, allocs, wantAllocs)
		}
	}
}
