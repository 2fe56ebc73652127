// Package mimetype parses and serializes MIME types as the MIME Sniffing
// Standard (https://mimesniff.spec.whatwg.org/) does: the reading of
// Content-Type headers, data: URLs and type attributes that browsers,
// Node.js and Deno share. It is what package dataurl uses for the MIME
// type of a data: URL, and it serves any code that reads a Content-Type
// as a browser would.
//
// # What is implemented
//
// Section numbers are those of the MIME Sniffing Standard.
//
//   - 4.1 MIME type representation: [MIMEType], with its type, subtype and
//     ordered parameters ([MIMEType.Type], [MIMEType.Subtype],
//     [MIMEType.Param], [MIMEType.Params]), and 4.2 its essence
//     ([MIMEType.Essence]).
//   - 4.4 Parsing a MIME type: "parse a MIME type from bytes" ([Parse]),
//     for header values and other bytes, and "parse a MIME type" of a
//     string of code points ([ParseText]), with the Fetch Standard's
//     "collect an HTTP quoted string" (section 2.2) for quoted values.
//   - 4.5 Serializing a MIME type: [MIMEType.String].
//
// # Strictness
//
// The parser is the standard's, which is forgiving by design, and this
// package adds no strict mode: it never fails where the standard returns a
// MIME type, and never returns one where the standard fails. It fails only
// when the type or the subtype is empty or is not an HTTP token, or when
// there is no "/"; the error is a [*uri.Error] with Op uri.OpParse (this
// package declares no operation of its own) and Err [ErrInvalid], whose
// Offset is the first byte that no MIME type can have there
// (Input[:Offset] is the longest prefix of the input that begins some
// MIME type). Everything else is
// read as the standard reads it, and what it drops is dropped silently:
// parameters whose name is empty or not a token, whose value holds a code
// point that is not an HTTP quoted-string token code point, or whose name
// came before; text after a quoted value up to the next ";"; empty
// unquoted values. Type, subtype and parameter names are lowered in ASCII;
// values keep their case. So "TEXT/html ; Charset=\"UTF-8\"; charset=x"
// reads as text/html;charset=UTF-8.
//
// An RFC 9110 media-type (section 8.3.1) is a string that this package
// reads as the standard does, but not every string that it reads is one:
// "text/html;" and "text/html;;x" parse. The standard calls the strings
// that match media-type "valid MIME type strings" (section 4.3) and keeps
// them for conformance checkers. The serialization always is one (bytes
// >= 0x80 are RFC 9110's obs-text), so it is the form to write.
//
// # Bytes and code points
//
// The standard's MIME type is made of code points up to U+00FF. A Go
// string is bytes: [Parse] reads each byte as one code point, as the
// Fetch Standard decodes a header's bytes, so a UTF-8 "é" in a parameter
// value is the two code points U+00C3 U+00A9 and its bytes come back as
// they went in. [ParseText] reads the string as UTF-8 text, as a browser
// reads a type attribute or a Blob's type: "é" is U+00E9, and a code
// point above U+00FF (or invalid UTF-8) in a value drops the parameter.
// The two differ only for bytes >= 0x80.
//
// # Not implemented
//
// The package leaves out what is about resources rather than MIME types:
// MIME type groups (section 4.6), "minimize a supported MIME type"
// (section 4.2), sniffing (sections 5 to 8), and the Encoding Standard's
// charset labels, which a caller looks up from Param("charset"). It does
// not implement RFC 2045's or RFC 9110's own grammars, nor Go's
// mime.ParseMediaType (RFC 2231 continuations, which the standard does
// not read).
package mimetype
