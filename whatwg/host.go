package whatwg

import (
	"errors"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/idnacheck"
)

// The two runs of Unicode ToASCII (UTS #46, section 4.2) that the domain
// parser of the URL Standard, section 3.3, makes. Both set CheckBidi,
// CheckJoiners and Transitional_Processing=false and leave
// IgnoreInvalidPunycode false (x/net/idna has no such option; it always
// rejects invalid Punycode, which is what false means). With beStrict
// false, CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength are false; with
// beStrict true, which only decides the non-fatal domain-to-ASCII
// validation error, they are true.
//
// MapForLookup turns on the UTS #46 mapping and label validation (and with
// them CheckHyphens and UseSTD3ASCIIRules); the options after it set the
// flags to the standard's values, later options winning.
var (
	lenientToASCII = idna.New(
		idna.MapForLookup(),
		idna.BidiRule(),
		idna.Transitional(false),
		idna.CheckHyphens(false),
		idna.CheckJoiners(true),
		idna.StrictDomainName(false),
		idna.VerifyDNSLength(false),
	)
	strictToASCII = idna.New(
		idna.MapForLookup(),
		idna.BidiRule(),
		idna.Transitional(false),
		idna.CheckHyphens(true),
		idna.CheckJoiners(true),
		idna.StrictDomainName(true),
		idna.VerifyDNSLength(true),
	)
)

// Both run through package idnacheck. It limits what IDNA is given: a
// domain longer than idnacheck.MaxDomain bytes (after percent-decoding)
// with a label over idnacheck.MaxLabel bytes fails with ErrTooLong, so that
// parsing stays linear in time (Punycode in x/net/idna is quadratic in a
// label's length; the URL Standard sets no limit). And it fails a label
// that is "xn--" after the mapping, whose empty Punycode x/net/idna would
// let vanish, as UTS #46 (section 4, step 4) wants.

// host is the host parser of the URL Standard, section 3.5, on in[h:e]
// with isOpaque set for a non-special URL. It writes the host serializer's
// output (section 3.6) and sets the host's kind, or records the failure and
// returns false.
func (p *parser) host(h, e int) bool {
	s := p.in[h:e]
	if len(s) > 0 && s[0] == '[' {
		if s[len(s)-1] != ']' || len(s) < 2 {
			p.fail(ErrIPv6Unclosed, e)
			return false
		}
		a, ok := p.ipv6(s[1:len(s)-1], h+1)
		if !ok {
			return false
		}
		var b [41]byte
		out := append(b[:0], '[')
		out = appendIPv6(out, &a)
		out = append(out, ']')
		p.writeBytes(out)
		p.u.kind = uri.HostIPv6
		return true
	}
	if !p.sch.special() {
		return p.opaqueHost(h, e)
	}
	return p.domain(h, e)
}

// writeBytes writes b.
func (p *parser) writeBytes(b []byte) {
	for _, c := range b {
		p.w.Byte(c)
	}
}

// opaqueHost is the opaque-host parser of section 3.5 on in[h:e]: it fails
// on a forbidden host code point and writes the host UTF-8 percent-encoded
// with the C0 control percent-encode set. An empty in[h:e] is the empty
// host.
func (p *parser) opaqueHost(h, e int) bool {
	s := p.in
	for k := h; k < e; k++ {
		if class[s[k]]&forbiddenHost != 0 {
			p.fail(ErrHostInvalidCodePoint, k)
			return false
		}
	}
	if p.collect {
		// One validation error for code points that are not URL code
		// points, and one for a "%" not followed by two hex digits.
		unit, pct := false, false
		for k := h; k < e; {
			r, n, _ := decodeRune(s, k)
			if r == '%' {
				if !pct && (k+2 >= e || !abnf.IsHex(s[k+1]) || !abnf.IsHex(s[k+2])) {
					p.note(ErrInvalidURLUnit, k)
					pct = true
				}
			} else if !unit && !isURLCodePoint(r) {
				p.note(ErrInvalidURLUnit, k)
				unit = true
			}
			k += n
		}
	}
	p.encodeIn(h, e, encC0, c0Stops)
	if e > h {
		p.u.kind = uri.HostOpaque
	} else {
		p.u.kind = uri.HostEmpty
	}
	return true
}

// forbiddenDecoded returns the offset in the host s, not ASCII or with a
// "%", of the first byte that is, or whose percent-encoding decodes to, a
// forbidden domain code point (section 3.2), or 0 when none does.
func forbiddenDecoded(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) && abnf.IsHex(s[i+1]) && abnf.IsHex(s[i+2]) {
			if d := abnf.Unhex(s[i+1])<<4 | abnf.Unhex(s[i+2]); d < utf8.RuneSelf && class[d]&forbiddenDomain != 0 {
				return i
			}
			i += 2
			continue
		}
		if c < utf8.RuneSelf && class[c]&forbiddenDomain != 0 {
			return i
		}
	}
	return 0
}

// domain is the host parser of section 3.5 for a special URL, from step 4
// on, on the non-empty in[h:e]: percent-decoding, the domain parser of
// section 3.3 with beStrict false, and the IPv4 parser when the domain
// ends in a number.
//
// A host that is ASCII and has no "%" is decoded to itself, and the domain
// parser returns an ASCII domain lower-cased without running ToASCII (step
// 5 of the domain parser: "If domain is an ASCII string, then set result to
// domain, lowercased"). The union of the classes of the host's bytes tells
// such a host apart: it is copied, lower-cased when it has upper case, and
// IDNA is not involved.
func (p *parser) domain(h, e int) bool {
	s := p.in[h:e]
	acc := classes(s)
	if len(s) == 0 {
		p.note(ErrDomainToASCII, h)
		p.fail(ErrDomainToASCII, h)
		return false
	}
	ascii := acc&decodeBit == 0
	var d string
	if ascii {
		if acc&forbiddenDomain != 0 {
			// The domain is this ASCII string lower-cased, and it
			// contains a forbidden domain code point.
			k := 0
			for class[s[k]]&forbiddenDomain == 0 {
				k++
			}
			p.note(ErrDomainToASCII, h) // the strict run failed too
			p.fail(ErrDomainToASCII, h+k)
			return false
		}
		d = s
	} else {
		// Percent-decoding or the mapping of UTS #46 can turn the host
		// into another: "<" and U+0338 compose to U+226E.
		dec := s
		if k := abnf.IndexPctEncoded(s); k >= 0 {
			p.note(ErrDomainPercentEncoded, h+k)
			dec = abnf.Decode(s, false)
		}
		var kind Kind
		d, kind = domainToASCII(dec)
		if kind != 0 {
			// Any domain that fails fails the strict run of ToASCII too,
			// which the domain parser's step 2 reports first.
			p.note(ErrDomainToASCII, h)
			off := h
			if kind == ErrDomainToASCII {
				// Where the decoded host holds a forbidden domain code
				// point, which fails it whatever else does, the error
				// points at it, or at the "%" that encodes it.
				off += forbiddenDecoded(s)
			}
			p.fail(kind, off)
			return false
		}
	}
	if p.collect && strictFails(abnf.Decode(s, false)) {
		// domain-to-ASCII is also a non-fatal validation error: when
		// Unicode ToASCII with beStrict true fails on the decoded host.
		p.note(ErrDomainToASCII, h)
	}
	if endsInNumber(d) {
		a, ok := p.ipv4(d, h)
		if !ok {
			return false
		}
		var b [15]byte
		p.writeBytes(appendIPv4(b[:0], a))
		p.u.kind = uri.HostIPv4
		return true
	}
	switch {
	case !ascii:
		p.w.WriteString(d)
	case acc&upperBit != 0:
		p.w.CopyLower(h, e)
	default:
		p.w.Copy(h, e)
	}
	p.u.kind = uri.HostDomain
	return true
}

// strictFails reports whether Unicode ToASCII with beStrict true (step 1
// of the domain parser, section 3.3) fails on dec, the percent-decoded
// host.
//
// With VerifyDnsLength true, UTS #46 (section 4.2, step 4) wants every
// label to be 1 to 63 long; only with it false is the empty root label of
// a trailing dot passed through. x/net/idna checks that root label only
// with the UTS #46 algorithm of Unicode 16 and later, which it uses from
// Go 1.27 on, so the check is made here too: the list of validation errors
// does not depend on the Go release.
func strictFails(dec string) bool {
	r, err := idnacheck.ToASCII(strictToASCII, dec)
	return err != nil || strings.HasSuffix(r, ".")
}

// domainToASCII runs steps 5 to 8 of the host parser (section 3.5) and the
// domain parser (section 3.3) with beStrict false on dec, the
// percent-decoded host: UTF-8 decoding, then, for ASCII, lower-casing, and
// otherwise Unicode ToASCII; then the checks for an empty result and for
// forbidden domain code points. It returns the domain, or the reason for
// failure.
func domainToASCII(dec string) (string, Kind) {
	ascii := true
	for k := 0; k < len(dec); k++ {
		if dec[k] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	var d string
	if ascii {
		d = abnf.LowerString(dec)
	} else {
		// UTF-8 decode without BOM replaces ill-formed sequences with
		// U+FFFD, which ToASCII rejects: fail at once.
		if !utf8.ValidString(dec) {
			return "", ErrDomainToASCII
		}
		r, err := idnacheck.ToASCII(lenientToASCII, dec)
		if errors.Is(err, idnacheck.ErrTooLong) {
			return "", ErrTooLong
		} else if err != nil {
			return "", ErrDomainToASCII
		}
		d = r
	}
	if d == "" {
		return "", ErrDomainToASCII
	}
	for k := 0; k < len(d); k++ {
		if class[d[k]]&forbiddenDomain != 0 {
			return "", ErrDomainToASCII
		}
	}
	return d, 0
}
