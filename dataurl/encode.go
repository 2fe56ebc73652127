package dataurl

import (
	"encoding/base64"
	"math"
	"strconv"
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/mimetype"
	"github.com/gouri/uri/whatwg"
)

// An encoding says how [Encode] writes a body.
type encoding uint8

const (
	shortest encoding = iota
	percent
	base64Body
)

// Encode returns a data: URL whose MIME type is mt and whose body is
// body, written percent-encoded or in base64, whichever makes the shorter
// URL (percent-encoded when they are as long). The URL is in the URL
// Standard's serialized form, so whatwg.Parse returns it as it is, and
// [Parse] gives back mt and body. The zero MIMEType, and
// text/plain;charset=US-ASCII, which the processor gives a URL without a
// MIME type, are written as no MIME type ("data:,...").
//
// Percent-encoding keeps the printable ASCII bytes other than "%", "#",
// `"`, "<" and ">" as they are, and writes every other byte as "%" and
// two upper-case hex digits. Base64 is RFC 4648's standard alphabet with
// padding, after ";base64".
//
// On failure it returns "" and a [*uri.Error] with Op [uri.OpBuild]:
// [ErrCannotEncode] for a MIME type that a data: URL cannot carry, with
// the offset of the byte at fault in its serialization, or [ErrTooLong].
// Encode allocates the URL once.
func Encode(mt mimetype.MIMEType, body []byte) (string, error) { return encode(mt, body, shortest) }

// EncodeBase64 is [Encode] with the body always in base64.
func EncodeBase64(mt mimetype.MIMEType, body []byte) (string, error) {
	return encode(mt, body, base64Body)
}

// EncodePercent is [Encode] with the body always percent-encoded.
func EncodePercent(mt mimetype.MIMEType, body []byte) (string, error) {
	return encode(mt, body, percent)
}

// keep reports, for each byte, whether percent-encoding keeps it: the
// bytes that the URL parser leaves as they are in an opaque path and in a
// query, other than "%", which percent-decoding would read. It is written
// once, when the package is initialized, and only read after that.
var keep = func() (t [256]bool) {
	for c := 0x21; c <= 0x7E; c++ {
		t[c] = !strings.ContainsRune(`%#"<>`, rune(c))
	}
	return t
}()

func encode(mt mimetype.MIMEType, body []byte, enc encoding) (string, error) {
	typ := mt.String()
	if typ == defaultType {
		typ = ""
	}
	if off, detail := checkType(typ); detail != "" {
		return "", &uri.Error{Op: uri.OpBuild, Input: typ, Offset: off, Err: ErrCannotEncode, Detail: detail}
	}
	kept := 0
	for _, c := range body {
		if keep[c] {
			kept++
		}
	}
	pctLen := uint64(len(body))*3 - 2*uint64(kept)
	b64Len := uint64(len(";base64")) + uint64(base64.StdEncoding.EncodedLen(len(body)))
	if enc == shortest {
		enc = percent
		if b64Len < pctLen {
			enc = base64Body
		}
	}
	n := uint64(len("data:")+len(typ)+len(",")) + pctLen
	if enc == base64Body {
		n += b64Len - pctLen
	}
	if n > math.MaxInt32 {
		return "", &uri.Error{Op: uri.OpBuild, Input: typ, Err: ErrTooLong,
			Detail: strconv.FormatUint(n, 10) + " bytes"}
	}
	b := make([]byte, 0, n)
	b = append(append(b, "data:"...), typ...)
	if enc == base64Body {
		b = append(b, ";base64,"...)
		return abnf.String(base64.StdEncoding.AppendEncode(b, body)), nil
	}
	b = append(b, ',')
	for _, c := range body {
		if keep[c] {
			b = append(b, c)
		} else {
			b = append(b, '%', abnf.UpperHex[c>>4], abnf.UpperHex[c&15])
		}
	}
	return abnf.String(b), nil
}

// checkType returns, for the serialization of a MIME type that a data:
// URL cannot carry as it is, the offset of the first byte at fault and
// why; "" when it can. The processor reads the MIME type up to the first
// "," of the URL without its fragment, and does not percent-decode it, so
// the URL parser must leave it as it is.
func checkType(typ string) (int, string) {
	if i := strings.IndexAny(typ, ",#"); i >= 0 {
		return i, strconv.Quote(typ[i:i+1]) + " would end the MIME type"
	}
	simple := true
	for i := 0; i < len(typ); i++ {
		if c := typ[i]; c <= ' ' || c >= 0x7F || c == '?' {
			simple = false
			break
		}
	}
	if simple {
		return 0, ""
	}
	// Spaces, and after a "?" quotes and angle brackets, depend on what
	// comes next; let the URL parser say.
	in := "data:" + typ + ","
	u, err := whatwg.Parse(in)
	href := u.Href()
	if err == nil && href == in {
		return 0, ""
	}
	i := 0
	for i < len(in) && i < len(href) && in[i] == href[i] {
		i++
	}
	i = min(max(i-len("data:"), 0), len(typ))
	return i, "the URL parser would rewrite it"
}
