// Package extract finds the URLs in free text: chat messages, Markdown,
// logs and the output of language models. Each URL found comes with its
// byte offsets and its offsets in UTF-16 code units (which editors and
// JavaScript count in), its text as written, and its URL as the URL
// Standard's parser reads it (package whatwg): a candidate that the parser
// refuses is not a URL, so that every URL found is one a browser opens.
//
// # Modes
//
//   - Default finds URLs written with a scheme of an allow list
//     ("https://example.com/a", "mailto:a@example.com"; DefaultSchemes, or
//     Options.Schemes) and links that start with "www." and whose domain
//     has a suffix listed in the Public Suffix List. A special scheme of
//     the URL Standard (section 4.2: http, https, ws, wss, ftp, file) and
//     the other schemes whose URLs have an authority (ftps, sftp, git, ssh,
//     irc, ircs) are found only with "//" after the colon, so that "http:"
//     in prose is no URL; "mailto:" only with an address.
//   - Relaxed also finds bare domains whose suffix the Public Suffix List
//     lists ("example.com/path"; not "node.js", whose "js" only the
//     list's rule "*" makes a suffix), e-mail addresses ("a@example.com",
//     with local parts of RFC 5322, section 3.4.1, quoted words included),
//     IPv4 addresses in dotted decimal and IPv6 addresses in brackets, each
//     with a port and a path. They are read with "http://" or "mailto:"
//     before them. An address followed by ":" and a path is none: in
//     "git@github.com:x/y.git" it is a user at a host, as scp and git read
//     it. A bare domain, an address or "www." does not start right
//     after a letter, a digit, ":", "/", "\" or "@" (a path, a file name).
//   - GFM finds what GitHub links in Markdown: the autolink literals of
//     the GitHub Flavored Markdown spec (section 6.9: www, url and email
//     autolinks) as GitHub renders them, which differs from the spec's text
//     in places (a "_" at the end of a domain is trailing punctuation;
//     "Www." links), and CommonMark's autolinks between "<" and ">"
//     (section 6.5) with a scheme of the allow list. Of Markdown it knows
//     only that no www or url literal starts after a "[" not closed in its
//     paragraph; it does not parse links, images or code spans.
//
// # Where a URL ends
//
// In modes Default and Relaxed:
//
//   - Trailing punctuation is left out: "?", "!", ".", ",", ":", ";",
//     "*", "_", "~", and a "'" that has no pair in the URL
//     ("https://example.com/'a'" keeps its quotes).
//   - Parentheses, brackets and braces are kept when balanced in the URL:
//     a closing one without its opening one ends it
//     ("(https://en.wikipedia.org/wiki/Go_(language))").
//   - The characters that delimit URLs in text end a URL: "<", ">" and
//     '"' (RFC 2396, Section 2.4.3, left them out of URIs for that reason;
//     RFC 3986, Appendix C), "`" (a code span, a shell command) and "\"
//     (escaped strings in logs). So a URL in a JSON string, an HTML
//     attribute or a Markdown link's title ends at its closing quotation
//     mark: ["https://a.example/1","https://b.example/2"] holds two. The URL
//     Standard percent-encodes '"', "<", ">" and "`" in a path.
//   - A URL that starts right after "'" ends at the "'" that closes it:
//     the first one that is not an apostrophe between two letters or
//     digits ('https://example.com/it's' gives "https://example.com/it's",
//     ['https://a.example/1','https://b.example/2'] two URLs). The
//     typographic quotation marks end every URL (see below).
//   - An HTML character reference at the end ("&amp;", "&#39;") is left
//     out.
//   - After the host, a URL goes on only with "/", "?" or "#", or ":" and
//     a port: "http://a.example,http://b.example" is two URLs.
//
// # URLs in JSON
//
// Model output and the logs of programs are often JSON, whose strings may
// escape characters (RFC 8259, Section 7): PHP's encoder writes "/" as
// "\/" ("https:\/\/example.com\/a"), Go's writes "&", "<" and ">" as
// "\u0026", "\u003c", "\u003e", Python's every character beyond ASCII as
// "\u" and four hex digits. In modes Default and Relaxed a URL goes on
// through "\/" and through a "\u" escape that stands for a character that
// it goes on with (but a bracket), and Match.URL is read with them
// decoded, while Text keeps them as written. An escape in a host is not
// read: the host ends before it. Any other "\" ends a URL, and one that
// starts no escape of JSON after an escape in the URL ("\." in the
// regular expression "https:\/\/example\.com") makes the candidate no
// URL. Mode GFM reads "\" as GitHub does, as it is.
//
// In every mode, GFM included, CJK and full-width punctuation ends a URL
// and is never part of one: the CJK Symbols and Punctuation block
// ("、。「」【】〈〉"), the punctuation of the Halfwidth and Fullwidth Forms
// ("！，（）：；？｜"), the CJK compatibility, vertical and small forms, and the
// quotation marks and ellipsis of General Punctuation and Latin-1 ("“”‘’«»…").
// So does whitespace (Unicode's White_Space), a control, an invisible or
// bidi formatting character (the bidi controls, the zero width space, the
// word joiner, the byte order mark, the soft hyphen, every character of
// category Cf), a private-use character, and a byte that is not UTF-8.
// The one exception is a zero width joiner or non-joiner right after a
// combining mark, where IDNA2008 allows it in a label (RFC 5892, Appendix
// A.1 and A.2, after a virama): Malayalam and Sinhala words need it. GitHub
// links CJK punctuation with the URL before it; mode GFM does not.
//
// # Hosts
//
// A URL's host is kept as written (Match.Host: "Bücher.example",
// "ｅｘａｍｐｌｅ.com") and is in lower-case A-labels in Match.URL
// (URL.Hostname: "xn--bcher-kva.example"), through the URL Standard's
// domain to ASCII (section 3.3, UTS #46). In modes Default and Relaxed a
// domain has labels: none empty (but after a final "."), none starting
// with "-" ("http://.example.com" is no URL, though the URL Standard's
// parser reads it).
//
// # Cost
//
// Time is linear in the length of the text, in every mode: the text is
// read once, each run of host characters is looked at once, and the work
// of the candidates that fail after their end was looked for is bounded in
// each run of text between two characters that end every URL (about the
// run's length; past that, the rest of the run is skipped). No regular
// expression is used. Extractor.All allocates, in one call, a buffer once
// when a scheme is put before a URL, and for each URL found at most its
// href: when the URL Standard's serialization is not the text as written
// (a scheme put before it, an upper-case host, an encoding the parser
// adds). IDNA, for a host beyond ASCII, allocates in the URL Standard's
// parser too. The first look-up of a top-level domain in the Public Suffix
// List allocates (the list's package tries the name as an IP address
// first); the Extractor remembers the answer for the calls after. A
// Scanner reads an io.Reader in a buffer of bounded size (see Scanner for
// what happens to a run of text longer than the buffer) and allocates each
// URL's Text too, unless it is the href or its end.
//
// # What this package does not do
//
// It does not parse Markdown or HTML (a URL in an href attribute is found
// as text, up to the quotation mark), does not find scheme-relative
// references ("//example.com") or relative paths, does not decode
// percent-encoding in Text, and does not fetch or resolve anything.
//
// # Errors
//
// New returns a *uri.Error with Op uri.OpParse and Name "schemes" for an
// entry of Options.Schemes that is no scheme (Err ErrBadScheme). Finding
// URLs never fails; a Scanner's Err is the reader's error.
package extract
