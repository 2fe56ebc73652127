// Package dataurl reads and writes data: URLs as the Fetch Standard
// (https://fetch.spec.whatwg.org/#data-urls) defines them: the reading
// that browsers, Node.js and Deno share, which replaced the processing
// rules of RFC 2397. It is for servers that take data: URLs from their
// users, such as an AI gateway receiving images as image_url values, and
// for feed readers, HTML processors and mail tools that meet them in
// documents.
//
// # What is implemented
//
//   - Fetch Standard, section 6 ("data:" URLs): the data: URL processor
//     ([Parse], [ParseURL], [Options.Parse]), on a URL parsed with the URL
//     Standard's basic URL parser (package whatwg): the MIME type up to
//     the first ",", the ";base64" test as the standard writes it (a ";",
//     any number of spaces and "base64" in any case, at the end of the
//     MIME type once stripped of whitespace), percent-decoding of the
//     body, forgiving-base64 decoding, and the default MIME type
//     text/plain;charset=US-ASCII for a MIME type that does not parse.
//     The result is a [Data], the standard's data: URL struct.
//   - Infra Standard, section 7 (Forgiving base64): "forgiving-base64
//     decode", with ASCII whitespace anywhere, padding optional, and
//     nonzero trailing bits allowed.
//   - URL Standard, section 1.3: "percent-decode" of the body.
//   - MIME Sniffing Standard, sections 4.4 and 4.5: the MIME type is
//     parsed and serialized by package mimetype ([mimetype.MIMEType]).
//
// Beyond the standards, for servers: a limit on the size of the decoded
// body ([Options.MaxSize]), checked against the exact decoded length,
// which is measured in the encoded body before any of it is decoded,
// copied or allocated, so that a URL of a gigabyte costs no gigabyte to
// refuse (see Limits); a [Reader] that decodes a large body as it is read
// ([Options.Open]); and [Encode], which writes a data: URL from a MIME
// type and bytes, percent-encoded or in base64, whichever is shorter, in
// the URL Standard's serialized form.
//
// # Limits
//
// A data: URL with an opaque path (every data: URL whose MIME type does
// not begin with "/": all that Encode writes and that browsers make) is
// read in the input as given. What the URL parser would do to its body
// (remove tabs and newlines, strip trailing C0 controls and spaces,
// replace ill-formed UTF-8 with U+FFFD, percent-encode other bytes, which
// percent-decoding reads back) is done as the body is read, so the body
// is measured, percent-encodings, base64 whitespace and all, without
// being copied, and the URL parser runs on the input up to the first ","
// only, once the body is accepted. Refusing such an input, for any reason
// and whatever its body holds, takes time linear in its length and
// allocates no more than [Options.MaxSize] bytes and the error: nothing
// for a body over the limit, and for an invalid ";base64" body the buffer
// that it is first decoded into, as plain base64, to check it: within the
// limit, and three quarters of its length at most. Open refuses the same
// inputs at the same cost (without the buffer), and the [Reader] decodes
// the body from the input.
//
// Any other input is parsed whole first, as [whatwg.Parse] parses it:
// one whose scheme is not "data", and a data: URL with a hierarchical
// path ("data:/x,y", "data://h/,y"), whose host and dot segments the URL
// parser resolves before the processor can find its body. Refusing it
// costs the href, when the URL parser has to write one, which can be nine
// times as long as the input (it writes an ill-formed byte as
// "%EF%BF%BD").
//
// # Strictness
//
// The processor is the standard's, with its forgiveness: it fails only
// where the standard returns failure (an input that is not a URL, a
// scheme other than "data", no "," after the MIME type, a ";base64" body
// that forgiving-base64 rejects) and where the body is over the limit.
// A MIME type that does not parse is not an error: the standard replaces
// it with text/plain;charset=US-ASCII, and so does this package. A
// fragment is ignored; a query is part of the body ("data:,a?b" has the
// body "a?b"). Errors are [*uri.Error] values with Op [uri.OpParse] (or
// [uri.OpBuild] from Encode), one of this package's sentinels in Err, and
// the Offset of the first byte of the input that cannot continue a data:
// URL that the processor accepts within the limit, counted in the input
// as given (tabs and newlines that the URL parser removes included).
//
// The charset parameter is left to the caller: the standard gives bytes,
// and its default charset, US-ASCII, is a label of windows-1252 in the
// Encoding Standard, not of UTF-8.
//
// # Not implemented
//
// RFC 2397's own grammar, which the Fetch Standard replaced (it rejects
// what browsers accept, such as spaces and missing padding); decoding the
// body as text; sniffing the body's real type (a gateway that must know
// that an image/png body is a PNG has to look at its bytes); and the
// "blob:" and "about:" URLs of the same part of the Fetch Standard.
package dataurl
