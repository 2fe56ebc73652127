package match

import (
	"math/bits"
	"math/rand/v2"

	"github.com/gouri/uri/internal/abnf"
)

// textHashes hashes the substrings of a URI, so that a search compares the
// texts of two occurrences of a variable in constant time: a polynomial
// hash modulo the prime 2^61-1 with a base drawn for each URI, so that no
// input makes two different texts collide more often than by chance. The
// hex digits of triplets are hashed in upper case, as texts are compared
// (RFC 3986, Section 2.1).
type textHashes struct {
	prefix, pow []uint64
}

const hashPrime = 1<<61 - 1

func mulMod(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	// a*b = hi*2^64 + lo; 2^64 = 8 (mod 2^61-1)
	r := (lo & hashPrime) + (lo >> 61) + hi<<3
	for r >= hashPrime {
		r -= hashPrime
	}
	return r
}

func newTextHashes(s string) *textHashes {
	h := &textHashes{prefix: make([]uint64, len(s)+1), pow: make([]uint64, len(s)+1)}
	base := 256 + rand.Uint64N(hashPrime-512)
	h.pow[0] = 1
	hex := 0 // the hex digits of a triplet still to come
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case hex > 0:
			c = upper(c)
			hex--
		case c == '%' && i+2 < len(s) && abnf.IsHex(s[i+1]) && abnf.IsHex(s[i+2]):
			hex = 2
		}
		h.prefix[i+1] = (mulMod(h.prefix[i], base) + uint64(c) + 1) % hashPrime
		h.pow[i+1] = mulMod(h.pow[i], base)
	}
	return h
}

// of returns the hash of s[a:b].
func (h *textHashes) of(a, b int) uint64 {
	return (h.prefix[b] + hashPrime - mulMod(h.prefix[a], h.pow[b-a])) % hashPrime
}
