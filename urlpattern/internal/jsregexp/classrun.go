package jsregexp

import "unicode/utf8"

// A ClassRun is an expression that is one class repeated, such as \d+ or
// [a-z0-9]{2,8}: it matches a string when each of its code points is a
// member and their number is within the counts. Where a match makes it
// end does not change that, whether it is greedy or lazy, so that a
// caller that knows where it ends can match it without RE2.
type ClassRun struct {
	ascii    [2]uint64 // the ASCII members, one bit each
	set      runeSet   // all members, for the others
	min, max int       // max < 0: no limit
}

// ClassRunOf returns the ClassRun of source, read as [Compile] reads it
// with flags, if source is one: a class, a code point or a non-capturing
// group of one, repeated, and valid. Unlike Compile, it takes counts above
// RE2's limit of 1000, which a caller that matches without RE2 can honour.
// It allocates the class.
func ClassRunOf(source string, flags Flags) (*ClassRun, bool) {
	ctx := &reContext{ignoreCase: flags&IgnoreCase != 0}
	n, err := ctx.parse(source, nil)
	if err != nil || ctx.unsupported != nil {
		return nil, false
	}
	for n.kind == reGroup && !n.capture {
		n = n.subs[0]
	}
	if n.kind != reRepeat {
		return nil, false
	}
	x := n.subs[0]
	for x.kind == reGroup && !x.capture {
		x = x.subs[0]
	}
	if x.kind != reSet {
		return nil, false
	}
	c := &ClassRun{set: x.set, min: n.min, max: n.max}
	for b := 0; b < utf8.RuneSelf; b++ {
		if x.set.contains(rune(b)) {
			c.ascii[b>>6] |= 1 << (b & 63)
		}
	}
	return c, true
}

// Contains reports whether r is a member of the class.
func (c *ClassRun) Contains(r rune) bool { return c.set.contains(r) }

// Matches reports whether s is a run of members of the right length.
func (c *ClassRun) Matches(s string) bool {
	n := 0
	for i := 0; i < len(s); {
		if b := s[i]; b < utf8.RuneSelf {
			if c.ascii[b>>6]&(1<<(b&63)) == 0 {
				return false
			}
			i++
		} else {
			r, size := utf8.DecodeRuneInString(s[i:])
			if !c.set.contains(r) {
				return false
			}
			i += size
		}
		n++
	}
	return n >= c.min && (c.max < 0 || n <= c.max)
}
