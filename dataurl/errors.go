package dataurl

import "errors"

// Sentinel reasons carried in the Err field of the [*uri.Error] values
// that this package returns. Test for them with [errors.Is].
var (
	// ErrNotURL: the input is not a URL under the URL Standard's basic URL
	// parser, which the data: URL processor runs on (Fetch, section 6:
	// "data:" URLs). The Error's Detail names the URL Standard's
	// validation error, such as "port-invalid", and its Offset is where
	// that parser stopped.
	ErrNotURL = errors.New("not a URL")

	// ErrNotData: the URL's scheme is not "data" (the processor's step 1).
	// The Offset is the first byte at which the input stops spelling
	// "data:".
	ErrNotData = errors.New(`scheme is not "data"`)

	// ErrNoComma: no "," ends the MIME type (the processor's step 7), so
	// the URL has no body. The Offset is the end of the input, or its "#":
	// the fragment is not part of what the processor reads.
	ErrNoComma = errors.New(`no "," after the MIME type`)

	// ErrBase64: the body of a ";base64" data: URL is not what the
	// forgiving-base64 decoder of the Infra Standard (section 7) reads:
	// a byte outside the base64 alphabet and ASCII whitespace once
	// percent-decoded, "=" where no padding can be, or 4n+1 base64
	// characters. The Offset is the byte at fault, or the end of the body
	// when it ends too early.
	ErrBase64 = errors.New("invalid base64 body")

	// ErrTooLarge: the decoded body would be longer than
	// [Options.MaxSize]. It is found by measuring the encoded body before
	// any of it is decoded or allocated; the Offset is the encoded byte
	// that would make the body one byte too long, and the Detail gives the
	// limit.
	ErrTooLarge = errors.New("body larger than the limit")

	// ErrCannotEncode: [Encode] was given a MIME type that a data: URL
	// cannot carry as it is: its serialization holds a "," or a "#", which
	// would end the MIME type or the URL early, or a byte that the URL
	// parser would percent-encode (a control, a byte >= 0x80, a space the
	// URL parser would rewrite), which the processor does not decode in
	// the MIME type.
	ErrCannotEncode = errors.New("MIME type that a data: URL cannot carry")

	// ErrTooLong: [Encode] would write a data: URL longer than the URL
	// parser of package whatwg accepts, 2,147,483,647 bytes.
	ErrTooLong = errors.New("data: URL longer than 2 GiB")
)
