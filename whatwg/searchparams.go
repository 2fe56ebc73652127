package whatwg

import (
	"cmp"
	"iter"
	"math/bits"
	"slices"
	"strings"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/query"
)

// This file holds the application/x-www-form-urlencoded parser and
// serializer (URL Standard, section 5) and the URLSearchParams class
// (section 6.2) as SearchParams, with the URL methods that connect the two.

// SearchParams is the list of name-value pairs of the URLSearchParams class
// (URL Standard, section 6.2): the pairs in order, a name possibly more
// than once. Names and values are strings of Unicode scalar values: every
// method that takes a string reads ill-formed UTF-8 in it as U+FFFD, one
// per maximal subpart, as the parser and the USVString conversion of the
// class's methods do.
//
// The zero SearchParams is the empty list. A SearchParams is a value, as
// a struct of strings is: a copy (q := p, an argument, a result) is a list
// of its own, and changing either leaves the other as it was, whatever the
// two do and in which goroutines. Copies share the array of their pairs
// until one of them changes it, so a copy costs nothing: a method that
// changes pairs in place (Delete, DeleteValue, Set, Sort) writes the new
// list to a new array, one allocation, and Append adds at the end of the
// array only in room that no copy has taken first.
type SearchParams struct {
	list []param
	// room counts the pairs of list's array, from its start, that some
	// list holds, when the array has room after them: Append writes there
	// only after it has moved the count from len(list) to one more. It is
	// nil for an array that no Append made, which no one appends to.
	room *atomic.Int64
	src  string // what ParseForm parsed, which String's output often equals
	// canon is the number of pairs that ParseForm found when src is in
	// serialized form, and 0 otherwise (see String).
	canon int
	// A list of one pair from ParseForm is held in one, with n1 set and
	// list nil, so that parsing it allocates nothing.
	one param
	n1  bool
}

// pairs returns the list. It does not allocate: p does not escape through
// it when the caller keeps the result to itself.
func (p *SearchParams) pairs() []param {
	if p.n1 {
		return unsafe.Slice(&p.one, 1)
	}
	return p.list
}

// setList makes list p's list: a new array, which no other SearchParams
// holds.
func (p *SearchParams) setList(list []param) {
	p.list, p.room, p.one, p.n1 = list, nil, param{}, false
}

// param is one name-value tuple of the list.
type param struct{ name, value string }

// ParseSearchParams returns the list of new URLSearchParams(query) (URL
// Standard, section 6.2): one leading "?" is removed, as the constructor
// does, and the rest is parsed with [ParseForm], which says what it
// allocates.
func ParseSearchParams(query string) SearchParams {
	return ParseForm(strings.TrimPrefix(query, "?"))
}

// ParseForm is the application/x-www-form-urlencoded parser (URL
// Standard, section 5.1): s is split on "&", empty pieces are skipped,
// each piece is split at its first "=" into name and value (the value is
// "" without "="), "+" becomes a space, and each is percent-decoded and
// read as UTF-8 with U+FFFD for ill-formed sequences ("%FF" is U+FFFD; a
// BOM stays). A "%" without two hex digits after it is kept. Ill-formed
// UTF-8 in s itself is replaced first, as the string parser's input is a
// scalar value string.
//
// A name or value with nothing to decode is a substring of s. The list of
// pairs is one allocation, none for a single pair; the decoded names and
// values share one more.
func ParseForm(s string) SearchParams {
	var p SearchParams
	if s != "" {
		p.parse(s)
	}
	return p
}

// parse is ParseForm, into p, which is the zero SearchParams. It takes a
// pointer, so that ParseForm inlines and the list is not copied.
//
// The pieces come from the module's splitter, query.Marks.Next, which
// also finds the first byte of each piece that needs a look. While s may
// be in serialized form (each piece a name, one "=" and a value, all of
// bytes that the serializer writes as they are), those are the bytes that
// the serializer does not keep, which include those that need decoding;
// after the first piece that is not in that form, only the latter.
func (p *SearchParams) parse(s string) {
	var l formList
	var buf []byte
	marks, canon := formNotKept, true
	for i := 0; ; {
		sp, mark := marks.Next(s, i)
		if sp.End > i {
			kv := param{name: s[i:sp.NameEnd]}
			if sp.HasValue() {
				kv.value = s[sp.NameEnd+1 : sp.End]
			}
			if canon && (mark >= 0 || !sp.HasValue()) {
				marks, canon = formNeedsDecoding, false
			}
			if mark >= 0 {
				// mark is the first byte that may need decoding: in the
				// name when it comes before the "=".
				if mark < sp.NameEnd {
					kv.name, buf = formDecode(kv.name, buf, len(s)-i)
				}
				kv.value, buf = formDecode(kv.value, buf, len(s)-i)
			}
			if l.n < len(l.stack) {
				l.stack[l.n] = kv
				l.n++
			} else {
				l.add(kv, s[sp.End:])
			}
		} else {
			canon = false
		}
		if sp.End == len(s) {
			break
		}
		i = sp.End + 1
	}
	p.src = s
	if canon {
		p.canon = l.n
	}
	l.into(p)
}

// formList collects the pairs that parse finds: the first eight in an
// array on the stack, the others in a slice of the right size, allocated
// once, when the ninth comes.
type formList struct {
	stack [8]param
	list  []param // nil while the pairs fit in stack
	n     int
}

// add appends kv when the stack is full, with rest the text after it,
// where the pairs that follow are.
func (l *formList) add(kv param, rest string) {
	switch {
	case l.n == len(l.stack):
		l.list = make([]param, l.n, l.n+query.Count(rest))
		copy(l.list, l.stack[:])
		fallthrough
	default:
		l.list = append(l.list, kv)
	}
	l.n++
}

// into gives p the list: a single pair in p.one, without allocating, and
// more in one allocation of the right size.
func (l *formList) into(p *SearchParams) {
	switch {
	case l.n == 1:
		p.one, p.n1 = l.stack[0], true
	case l.n > 1 && l.list == nil:
		p.list = make([]param, l.n)
		copy(p.list, l.stack[:l.n])
	default:
		p.list = l.list
	}
}

// The marks of parse: the bytes that the serializer does not write as
// they are, and those that a name or value cannot keep as they are.
var (
	formNotKept       = query.NewMarks(func(c byte) bool { return !formKeep[c] })
	formNeedsDecoding = query.NewMarks(func(c byte) bool { return formDecodeStop[c] })
)

// formEncodeStops are the bytes that the urlencoded serializer does not
// write as they are, for scan.
var formEncodeStops = func() (t stopSet) {
	for c := range 256 {
		if !formKeep[c] {
			t[c] = 1
		}
	}
	return t
}()

// formDecodeStop marks the bytes that a name or value cannot keep as they
// are: "%", "+" and the bytes of non-ASCII code points.
var formDecodeStop = func() (t [256]bool) {
	t['%'], t['+'] = true, true
	for c := 0x80; c < 0x100; c++ {
		t[c] = true
	}
	return t
}()

// formDecode returns s decoded as the urlencoded parser decodes a name or a
// value: s itself when nothing changes, or else the decoded bytes appended
// to buf, which is made with room for hint bytes when it is nil. Strings
// handed out from buf are never written again: a later append that grows
// buf copies it.
func formDecode(s string, buf []byte, hint int) (string, []byte) {
	if formPlain(s) {
		return s, buf
	}
	if buf == nil {
		buf = make([]byte, 0, hint+8)
	}
	start := len(buf)
	buf = appendFormDecoded(buf, s)
	if len(buf) == start {
		return "", buf
	}
	return unsafe.String(&buf[start], len(buf)-start), buf
}

// formPlain reports whether s decodes to itself: it has no "%", no "+"
// and no ill-formed UTF-8.
func formPlain(s string) bool {
	i := 0
	for i < len(s) && !formDecodeStop[s[i]] {
		i++
	}
	if i == len(s) {
		return true
	}
	return strings.IndexByte(s[i:], '%') < 0 && strings.IndexByte(s[i:], '+') < 0 && utf8.ValidString(s[i:])
}

// appendFormDecoded appends s to dst as the urlencoded parser decodes it
// (section 5.1, steps 3.4 and 3.5): "+" as a space, percent-decoded, then
// UTF-8 decoded without BOM, with U+FFFD for each ill-formed sequence. A
// ill-formed sequence in s itself is replaced before decoding.
func appendFormDecoded(dst []byte, s string) []byte {
	start, high := len(dst), false
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '+':
			dst = append(dst, ' ')
			i++
		case c == '%' && i+2 < len(s) && abnf.IsHex(s[i+1]) && abnf.IsHex(s[i+2]):
			d := abnf.Unhex(s[i+1])<<4 | abnf.Unhex(s[i+2])
			high = high || d >= utf8.RuneSelf
			dst = append(dst, d)
			i += 3
		case c < utf8.RuneSelf:
			j := i + 1
			for j < len(s) && !formDecodeStop[s[j]] {
				j++
			}
			dst = append(dst, s[i:j]...)
			i = j
		default:
			dst, i = appendScalar(dst, s, i)
		}
	}
	if high && !utf8.Valid(dst[start:]) {
		bad := string(dst[start:])
		dst = appendScalarValues(dst[:start], bad)
	}
	return dst
}

// Len returns the number of pairs, the size getter of URLSearchParams.
func (p SearchParams) Len() int {
	if p.n1 {
		return 1
	}
	return len(p.list)
}

// All returns an iterator over the pairs in order, name and value, as the
// class's iterator (section 6.2, "value pairs to iterate over") gives them.
func (p SearchParams) All() iter.Seq2[string, string] {
	list, one, n1 := p.list, p.one, p.n1
	return func(yield func(string, string) bool) {
		if n1 {
			yield(one.name, one.value)
			return
		}
		for _, kv := range list {
			if !yield(kv.name, kv.value) {
				return
			}
		}
	}
}

// Get returns the value of the first pair named name, and true; or "" and
// false when there is none (the get method, which returns null then).
func (p SearchParams) Get(name string) (string, bool) {
	name = toScalarValues(name)
	for _, kv := range p.pairs() {
		if kv.name == name {
			return kv.value, true
		}
	}
	return "", false
}

// GetAll returns the values of the pairs named name, in order, or nil when
// there is none (the getAll method).
func (p SearchParams) GetAll(name string) []string {
	name = toScalarValues(name)
	var vs []string
	for _, kv := range p.pairs() {
		if kv.name == name {
			vs = append(vs, kv.value)
		}
	}
	return vs
}

// Has reports whether a pair is named name: the has method with one
// argument.
func (p SearchParams) Has(name string) bool {
	_, ok := p.Get(name)
	return ok
}

// HasValue reports whether a pair has the name and the value: the has
// method with two arguments.
func (p SearchParams) HasValue(name, value string) bool {
	name, value = toScalarValues(name), toScalarValues(value)
	for _, kv := range p.pairs() {
		if kv.name == name && kv.value == value {
			return true
		}
	}
	return false
}

// Append adds the pair name=value at the end (the append method). It
// allocates when the list grows out of its array, and for the first
// pair that a copy of p appends after the pairs that they share.
func (p *SearchParams) Append(name, value string) {
	p.add(param{toScalarValues(name), toScalarValues(value)})
}

// add appends kv to the list. A list of one pair is held in p itself. A
// longer one is appended to in place only in room of its array that p
// claims, so that a copy that shares the array, and has appended first,
// keeps its pair; otherwise the pairs move to a new array with room for
// as many again, so that appending n pairs costs O(n).
func (p *SearchParams) add(kv param) {
	n := p.Len()
	switch {
	case n == 0:
		p.list, p.room, p.one, p.n1 = nil, nil, kv, true
		return
	case !p.n1 && p.room != nil && n < cap(p.list) && p.room.CompareAndSwap(int64(n), int64(n+1)):
		p.list = append(p.list, kv)
		return
	}
	list := make([]param, n+1, max(2*n, 4))
	copy(list, p.pairs())
	list[n] = kv
	p.setList(list)
	p.room = new(atomic.Int64)
	p.room.Store(int64(n + 1))
}

// Delete removes every pair named name: the delete method with one
// argument. It allocates the new list once when it removes a pair, and
// not at all when the list had one pair.
func (p *SearchParams) Delete(name string) {
	name = toScalarValues(name)
	p.deleteFunc(func(kv param) bool { return kv.name == name })
}

// DeleteValue removes every pair with the name and the value: the delete
// method with two arguments. It allocates as [SearchParams.Delete] does.
func (p *SearchParams) DeleteValue(name, value string) {
	name, value = toScalarValues(name), toScalarValues(value)
	p.deleteFunc(func(kv param) bool { return kv.name == name && kv.value == value })
}

// deleteFunc removes the pairs for which del is true. The pairs kept go
// to a new array, since copies of p may hold the old one; the list is
// left as it is when no pair goes.
func (p *SearchParams) deleteFunc(del func(param) bool) {
	old := p.pairs()
	i := slices.IndexFunc(old, del)
	if i < 0 {
		return
	}
	kept := make([]param, i, len(old)-1)
	copy(kept, old[:i])
	for _, kv := range old[i+1:] {
		if !del(kv) {
			kept = append(kept, kv)
		}
	}
	p.setList(kept)
}

// Set gives the first pair named name the value and removes the other
// pairs of that name, or appends name=value when there is none (the set
// method). It allocates the new list once, and not at all when the list
// had one pair.
func (p *SearchParams) Set(name, value string) {
	name, value = toScalarValues(name), toScalarValues(value)
	old := p.pairs()
	i := slices.IndexFunc(old, func(kv param) bool { return kv.name == name })
	switch {
	case i < 0:
		p.add(param{name, value})
		return
	case p.n1:
		p.one.value = value // p's own: copies of p have theirs
		return
	}
	list := make([]param, i+1, len(old))
	copy(list, old[:i+1])
	list[i].value = value
	for _, kv := range old[i+1:] {
		if kv.name != name {
			list = append(list, kv)
		}
	}
	p.setList(list)
}

// Sort orders the pairs by name, keeping the order of pairs with the same
// name (the sort method). Names compare by UTF-16 code units, as the
// standard says, and not by bytes or code points: "\U0001F308" (the
// surrogates D83C DF08) sorts before "\uFB03". It allocates the sorted
// list once, and nothing when the pairs are in order already.
func (p *SearchParams) Sort() {
	old := p.pairs()
	byName := func(a, b param) int { return compareUTF16(a.name, b.name) }
	if len(old) < 2 || slices.IsSortedFunc(old, byName) {
		return
	}
	list := slices.Clone(old)
	slices.SortStableFunc(list, byName)
	p.setList(list)
}

// compareUTF16 compares the well-formed UTF-8 strings a and b in the order
// of their UTF-16 code units ("code unit less than", Infra). That order is
// the byte order except where a code point above U+FFFF, whose leading
// surrogate is D800 to DBFF, meets one from U+E000 to U+FFFF.
func compareUTF16(a, b string) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	if i == len(a) || i == len(b) {
		return cmp.Compare(len(a), len(b))
	}
	for i > 0 && a[i]&0xc0 == 0x80 { // back to the start of the code point
		i--
	}
	ra, _ := utf8.DecodeRuneInString(a[i:])
	rb, _ := utf8.DecodeRuneInString(b[i:])
	if c := cmp.Compare(utf16Lead(ra), utf16Lead(rb)); c != 0 {
		return c
	}
	return cmp.Compare(ra, rb)
}

// utf16Lead returns the first UTF-16 code unit of r.
func utf16Lead(r rune) rune {
	if r >= 0x10000 {
		return 0xd800 + (r-0x10000)>>10
	}
	return r
}

// Clone returns a copy of p whose pairs are in an array of its own. A
// plain copy (q := p) is as independent, since a SearchParams is a value;
// Clone also lets go of the room that p's array may have beyond its pairs.
func (p SearchParams) Clone() SearchParams {
	return SearchParams{list: slices.Clone(p.pairs()), src: p.src}
}

// formOut is what the urlencoded serializer writes for each byte: the byte
// itself, "+" for a space, or 0 when the byte is percent-encoded.
var formOut = func() (t [256]byte) {
	for c := range 256 {
		if class[c]&encForm == 0 {
			t[c] = byte(c)
		}
	}
	t[' '] = '+'
	return t
}()

// formKeep marks the bytes that the urlencoded serializer writes as they
// are.
var formKeep = func() (t [256]bool) {
	for c := range 256 {
		t[c] = class[c]&encForm == 0
	}
	return t
}()

// String returns the application/x-www-form-urlencoded serialization of
// the list (URL Standard, section 5.2), which is the class's stringifier:
// "name=value" pairs joined by "&", each name and value UTF-8
// percent-encoded with the application/x-www-form-urlencoded
// percent-encode set, upper-case hex, and a space written as "+". It is ""
// for the empty list. When the list came from [ParseForm] and its
// serialization is the string parsed ("a=1&b=x+y"), String returns that
// string and does not allocate; otherwise it allocates the result once.
func (p SearchParams) String() string { return p.serialize() }

// serialize is String. It takes a pointer, so that String inlines and the
// list is not copied to be serialized.
func (p *SearchParams) serialize() string {
	if p.Len() == 0 {
		return ""
	}
	if p.unchanged() {
		return p.src
	}
	if p.short() {
		return p.encodeShort()
	}
	// While the output equals a prefix of src, only compare; at the first
	// pair that differs, write the rest into a buffer of the exact length.
	k := 0
	for i, kv := range p.pairs() {
		j := k
		if i > 0 {
			if j == len(p.src) || p.src[j] != '&' {
				return p.encodeFrom(k, i)
			}
			j++
		}
		j, ok := formMatch(p.src, j, kv.name)
		if !ok || j == len(p.src) || p.src[j] != '=' {
			return p.encodeFrom(k, i)
		}
		if j, ok = formMatch(p.src, j+1, kv.value); !ok {
			return p.encodeFrom(k, i)
		}
		k = j
	}
	return p.src[:k]
}

// formStack is the length of the result that String writes on the stack.
const formStack = 512

// short reports whether String's result surely fits in formStack bytes.
func (p *SearchParams) short() bool {
	n := 2 * p.Len()
	for _, kv := range p.pairs() {
		n += 3 * (len(kv.name) + len(kv.value))
	}
	return n <= formStack
}

// encodeShort returns String's result for a short list: written on the
// stack, then copied unless it is src.
func (p *SearchParams) encodeShort() string {
	var buf [formStack]byte
	j := p.put(buf[:], 0)
	if string(buf[:j]) == p.src {
		return p.src
	}
	return string(buf[:j])
}

// put writes the serialization of the list into b from j on, and returns
// the index after it. b has room for it (see putForm).
func (p *SearchParams) put(b []byte, j int) int {
	for i, kv := range p.pairs() {
		if i > 0 {
			b[j] = '&'
			j++
		}
		j = putForm(b, j, kv.name)
		b[j] = '='
		j = putForm(b, j+1, kv.value)
	}
	return j
}

// putForm writes s into b from j on, percent-encoded with the
// application/x-www-form-urlencoded percent-encode set (section 1.3; s is
// well-formed UTF-8, so encoding its code points is encoding its bytes),
// a space as "+", and returns the index after it. It copies eight bytes at
// a time, up to the first that needs encoding; each of them writes at
// least one byte, so room for the result is room enough.
func putForm(b []byte, j int, s string) int {
	i := 0
	for i+8 <= len(s) {
		w := s[i : i+8]
		x := formEncodeStops.of8(w)
		copy(b[j:j+8], w)
		if x == 0 {
			i, j = i+8, j+8
			continue
		}
		k := bits.TrailingZeros64(x) >> 3
		j = putFormByte(b, j+k, s[i+k])
		i += k + 1
	}
	for ; i < len(s); i++ {
		j = putFormByte(b, j, s[i])
	}
	return j
}

// putFormByte writes c into b at j as putForm writes it, and returns
// the index after it.
func putFormByte(b []byte, j int, c byte) int {
	if o := formOut[c]; o != 0 {
		b[j] = o
		return j + 1
	}
	_ = b[j+2]
	b[j], b[j+1], b[j+2] = '%', abnf.UpperHex[c>>4], abnf.UpperHex[c&15]
	return j + 3
}

// unchanged reports whether src is in serialized form and the list is
// still the one that ParseForm found in it, each name and value the
// substring of src where ParseForm found it. That takes a look at each
// pair, not at each byte: src has exactly canon "=" and canon-1 "&", which
// the check finds between the names and values, so that none of them
// holds one, and all other bytes of src stay as they are when serialized.
func (p *SearchParams) unchanged() bool {
	if p.canon == 0 || p.canon != p.Len() {
		return false
	}
	k := 0
	for i, kv := range p.pairs() {
		if i > 0 {
			k++ // the "&", which canon puts there
		}
		if !at(p.src, k, kv.name) {
			return false
		}
		k += len(kv.name)
		if k >= len(p.src) || p.src[k] != '=' {
			return false
		}
		k++
		if !at(p.src, k, kv.value) {
			return false
		}
		k += len(kv.value)
		if k < len(p.src) && p.src[k] != '&' {
			return false
		}
	}
	return k == len(p.src)
}

// at reports whether s is the substring of src that starts at k, the same
// memory and not only the same bytes.
func at(src string, k int, s string) bool {
	if len(src)-k < len(s) {
		return false
	}
	return len(s) == 0 || unsafe.StringData(s) == unsafe.StringData(src[k:])
}

// encodeFrom returns src[:k], the serialization of the pairs before the
// i-th, followed by that of the others.
func (p *SearchParams) encodeFrom(k, i int) string {
	rest := SearchParams{list: p.pairs()[i:]}
	n := k + rest.encodedLen()
	if i > 0 {
		n++
	}
	b := make([]byte, n)
	j := copy(b, p.src[:k])
	if i > 0 {
		b[j] = '&'
		j++
	}
	rest.put(b, j)
	return abnf.String(b)
}

// formMatch reports whether src from k on starts with s encoded as
// putForm encodes it, and returns the index after it.
func formMatch(src string, k int, s string) (int, bool) {
	for i := 0; i < len(s); i++ {
		j := scan(s, i, &formEncodeStops)
		if len(src)-k < j-i || src[k:k+j-i] != s[i:j] {
			return k, false
		}
		k += j - i
		if j == len(s) {
			break
		}
		c := s[j]
		switch {
		case k >= len(src):
			return k, false
		case c == ' ':
			if src[k] != '+' {
				return k, false
			}
			k++
		default:
			if len(src)-k < 3 || src[k] != '%' || src[k+1] != abnf.UpperHex[c>>4] || src[k+2] != abnf.UpperHex[c&15] {
				return k, false
			}
			k += 3
		}
		i = j
	}
	return k, true
}

// encodedLen returns the length of String's result.
func (p SearchParams) encodedLen() int {
	if p.Len() == 0 {
		return 0
	}
	n := 2*p.Len() - 1
	for _, kv := range p.pairs() {
		n += formLen(kv.name) + formLen(kv.value)
	}
	return n
}

// formLen returns the length of s encoded by putForm.
func formLen(s string) int {
	n := len(s)
	for i := 0; i < len(s); i++ {
		if formOut[s[i]] == 0 {
			n += 2
		}
	}
	return n
}

// SearchParams returns the list of u's query, parsed with [ParseForm]: the
// list of the URL's searchParams object (section 6.1, URL constructor,
// step 4). A null query gives the empty list. A "?" at the start of the
// query is data here ("http://h/??a" has the name "?a"), unlike in
// [ParseSearchParams]. The list is a copy: changing it changes u only
// through [URL.SetSearchParams].
func (u URL) SearchParams() SearchParams { return ParseForm(u.Query()) }

// SetSearchParams makes p u's query as URLSearchParams's update steps do
// (section 6.2, "update"): the query becomes p serialized, and null ("?"
// is removed) when that is "". The rest of the href is kept. The standard
// re-encodes every pair: "?a=b%20~" becomes "?a=b+%7E" even when p is
// u's own list; [URL.DeleteSearchParam] keeps the bytes of the other pairs
// instead. An opaque path keeps its end: the parser writes a space before
// "?" as "%20", so the standard no longer strips trailing spaces here
// ("data:x ?q" becomes "data:x%20"). It allocates the new href once. On the
// zero URL it returns an error, as the setters do.
func (u *URL) SetSearchParams(p SearchParams) error {
	const attr = "search"
	if err := u.zero(attr, ""); err != nil {
		return err
	}
	n := p.encodedLen()
	return u.replaceQuery(attr, n, n > 0, func(b []byte) []byte {
		b = b[:len(b)+n]
		p.put(b, len(b)-n)
		return b
	})
}

// replaceQuery replaces u's query by n bytes that write appends, or makes
// it null when has is false, building the new href in one allocation.
func (u *URL) replaceQuery(attr string, n int, has bool, write func([]byte) []byte) error {
	head, tail := u.href[:u.queryStart], u.href[u.fragStart:]
	size := len(head) + len(tail)
	if has {
		size += 1 + n
	}
	if size > maxLen {
		return newError(OpSet, attr, "", uri.NoOffset, ErrTooLong)
	}
	b := make([]byte, 0, size)
	b = append(b, head...)
	if has {
		b = append(b, '?')
		b = write(b)
	}
	frag := int32(len(b))
	b = append(b, tail...)
	u.href = abnf.String(b)
	u.fragStart = frag
	if has {
		u.flags |= fQuery
	} else {
		u.flags &^= fQuery
		u.queryStart = frag
	}
	return nil
}

// DeleteSearchParam removes from u's query the pairs whose name, decoded
// as [ParseForm] decodes it, is name, each with one "&" next to it, and
// keeps every other byte of the query: "?a=1&b=%20~" without "a" is
// "?b=%20~", where the standard's update steps ([URL.SetSearchParams])
// would write "?b=+%7E". Empty pieces stay ("?&a=1&&b=2" gives "?&&b=2"),
// and a query left without pairs becomes null, "?" and all. This goes
// beyond the standard, for code that must change a URL no more than it
// has to. Without such a pair, u is left as it was and nothing is
// allocated; otherwise the new href is the one allocation.
func (u *URL) DeleteSearchParam(name string) error {
	const attr = "search"
	if err := u.zero(attr, name); err != nil {
		return err
	}
	name = toScalarValues(name)
	q := u.Query()
	// The kept pieces: their total length with the "&" between them, and
	// whether one of them is a pair.
	n, kept, pairs, found := 0, 0, false, false
	for piece := range query.Pieces(q) {
		if pieceNamed(piece, name) {
			found = true
			continue
		}
		if kept > 0 {
			n++
		}
		n += len(piece)
		kept++
		pairs = pairs || piece != ""
	}
	if !found {
		return nil
	}
	return u.replaceQuery(attr, n, pairs, func(b []byte) []byte {
		b, _ = query.AppendKept(b, q, func(piece string) bool { return pieceNamed(piece, name) })
		return b
	})
}

// pieceNamed reports whether piece, a piece of a query between "&", is a
// pair whose decoded name is name. Names of up to 64 bytes are decoded on
// the stack.
func pieceNamed(piece, name string) bool {
	if piece == "" {
		return false
	}
	raw, _, _ := query.Pair(piece)
	if formPlain(raw) {
		return raw == name
	}
	var arr [64]byte
	return string(appendFormDecoded(arr[:0], raw)) == name
}
