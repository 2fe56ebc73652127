package dataurl_test

import (
	"strings"

	"github.com/gouri/uri/mimetype"
	"github.com/gouri/uri/whatwg"
)

// This file is the slow reference of the tests: the data: URL processor
// (Fetch, section 6), percent-decoding (URL, section 1.3) and
// forgiving-base64 decode (Infra, section 7), step by step as the
// standards write them, with nothing measured first and no fast path.

// refProcess runs the data: URL processor on input; ok is false for
// failure.
func refProcess(input string) (mime string, body []byte, ok bool) {
	u, err := whatwg.Parse(input)
	if err != nil || u.Scheme() != "data" {
		return "", nil, false
	}
	s := u.Href()
	if u.HasFragment() { // the URL serializer with exclude fragment
		s = s[:len(s)-len("#")-len(u.Fragment())]
	}
	s = strings.TrimPrefix(s, "data:")
	pos := 0
	for pos < len(s) && s[pos] != ',' {
		pos++
	}
	mimeType := strings.Trim(s[:pos], "\t\n\f\r ")
	if pos >= len(s) {
		return "", nil, false
	}
	pos++
	body = refPercentDecode(s[pos:])
	lower := strings.ToLower(mimeType)
	if t := strings.TrimRight(strings.TrimSuffix(lower, "base64"), " "); strings.HasSuffix(lower, "base64") && strings.HasSuffix(t, ";") {
		runes := make([]rune, len(body))
		for i, b := range body {
			runes[i] = rune(b) // isomorphic decode
		}
		body, ok = refForgivingBase64(runes)
		if !ok {
			return "", nil, false
		}
		mimeType = mimeType[:len(mimeType)-6]
		mimeType = strings.TrimRight(mimeType, " ")
		mimeType = mimeType[:len(mimeType)-1]
	}
	if strings.HasPrefix(mimeType, ";") {
		mimeType = "text/plain" + mimeType
	}
	m, err := mimetype.Parse(mimeType)
	if err != nil {
		return "text/plain;charset=US-ASCII", body, true
	}
	return m.String(), body, true
}

// refPercentDecode is "percent-decode" of the URL Standard.
func refPercentDecode(s string) []byte {
	isHex := func(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }
	unhex := func(c byte) byte {
		switch {
		case c <= '9':
			return c - '0'
		case c <= 'F':
			return c - 'A' + 10
		}
		return c - 'a' + 10
	}
	out := []byte{}
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			out = append(out, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
			continue
		}
		out = append(out, s[i])
	}
	return out
}

// refForgivingBase64 is "forgiving-base64 decode" of the Infra Standard.
func refForgivingBase64(data []rune) ([]byte, bool) {
	var d []rune
	for _, r := range data {
		if !strings.ContainsRune("\t\n\f\r ", r) {
			d = append(d, r)
		}
	}
	if len(d)%4 == 0 {
		for k := 0; k < 2 && len(d) > 0 && d[len(d)-1] == '='; k++ {
			d = d[:len(d)-1]
		}
	}
	if len(d)%4 == 1 {
		return nil, false
	}
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	out := []byte{}
	var buffer, bits uint
	for _, r := range d {
		n := strings.IndexRune(alphabet, r)
		if r >= 0x80 || n < 0 {
			return nil, false
		}
		buffer, bits = buffer<<6|uint(n), bits+6
		if bits == 24 {
			out = append(out, byte(buffer>>16), byte(buffer>>8), byte(buffer))
			buffer, bits = 0, 0
		}
	}
	switch bits {
	case 12:
		out = append(out, byte(buffer>>4))
	case 18:
		out = append(out, byte(buffer>>10), byte(buffer>>2))
	}
	return out, true
}
