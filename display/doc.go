// Package display shows hosts and URLs to people only as they can be
// trusted: an internationalized host in Unicode where it cannot pass for
// another, in A-labels ("xn--...") where it could, as web browsers decide.
// A URL shown in an address bar, a terminal, a chat client or a dialog that
// asks "may I fetch this?" decides where a person thinks it leads:
// "аррӏе.com" in Cyrillic looks like "apple.com", and its A-label
// "xn--80ak6aa92e.com" does not.
//
// # What is implemented
//
//   - [Host] (and [Policy.Host]): the decision for one host, label by label,
//     with the [Reason] for each, as Chromium's IDN spoof checker makes it
//     (its documentation "Internationalized Domain Names (IDN) in Google
//     Chrome", and the rows of its unit test, which this package runs).
//   - [URL] (and [Policy.URL]): the display form of a whole URL as an
//     address bar formats it: no username and password (where
//     "https://accounts.google.com:login@evil.example/" passes for a
//     Google URL), the host by that rule, and the path, query and fragment
//     percent-decoded only where the octets are the UTF-8 of characters
//     that cannot spoof. Parsing the display form with package whatwg gives
//     the same URL back, less its username and password.
//   - [Skeleton]: the skeleton of Unicode Technical Standard #39, Section 4,
//     by which two strings are confusable; and [TopDomains], a list of
//     domains that hosts must not pass for, compared by the skeletons that
//     Chromium computes ([TopDomains.Similar]), with Chromium's own list
//     ([ChromiumTopDomains]) or the caller's ([NewTopDomains]).
//
// # The checks
//
// An A-label is decoded (UTS #46 ToUnicode, through the module's one door
// to x/net/idna) and shown in Unicode only when it passes every check below;
// a label that does not decode is shown as it is ([InvalidIDNA]). The
// Chromium profile, the default, checks, in this order:
//
//   - no deviation character that does not show, U+200C or U+200D
//     ([Deviation]); the others, "ß" and "ς", are shown, as nontransitional
//     processing (UTS #46, Section 4) keeps them;
//   - only code points whose Identifier_Status is Allowed (UTS #39, Section
//     3.1), less those Chromium removes: look-alikes of "/", "-", "'" and
//     "・", the Latin letter kra, the Latin Extended-B Pinyin letters, Latin
//     Extended Additional and Extended-D, Greek Extended, Cyrillic
//     Extended-B and -C, and U+0620 and U+0F8C to U+0F8F, which fonts draw
//     blank ([NotAllowed]);
//   - the Highly Restrictive level of UTS #39, Section 5.2: one script, or
//     Latin with Han and Hiragana and Katakana, with Han and Bopomofo, or
//     with Han and Hangul ([MixedScripts]);
//   - digits of one numbering system (Section 5.3, [MixedNumbers]); no
//     combining mark twice on one letter, and no dot above on a letter that
//     hides it, such as "i" (Section 5.4, [Invisible], [HiddenOverlay]);
//   - "þ" and "ð" only under .is and .fo, "ə" only under .az
//     ([TLDSpecific]); U+00B7 MIDDLE DOT only between two "l" under .cat
//     ([MiddleDot]);
//   - for a label of one script: not all its letters look Latin, for the
//     scripts Chromium lists (Armenian, Cyrillic, Ethiopic, Georgian, Greek,
//     Hebrew, Myanmar, Thai and eight Indic scripts) unless the top-level
//     domain is of that script or one Chromium names for it
//     ([WholeScriptConfusable]: "аррӏе.com" but not "аррӏе.рф" or
//     "аррӏе.ru");
//   - not only digits and characters that look like digits
//     ([DigitLookalike]: "৪২.com" in Bengali digits, which look like "82");
//   - for a label of more than one script: no Latin letter beyond ASCII
//     ([NonASCIILatinMixed]), and none of the patterns of characters that
//     pass for punctuation or other letters beside their neighbours
//     ([DangerousPattern]: Katakana "ノ" between Latin letters, a CJK
//     ideograph that looks like a Latin letter beside one, a combining mark
//     after a letter that is not Latin, Greek or Cyrillic);
//   - and for the whole host, when a label was decoded: its skeleton (UTS
//     #39, Section 4, with the mappings Chromium adds, on the host as it
//     would be shown, less diacritics for Latin, Greek and Cyrillic) is not
//     that of a top domain that the host is not, nor a subdomain of
//     ([SimilarTopDomain]: every label is then kept in A-labels).
//
// The Firefox profile ([Firefox]) checks what Firefox does: its character
// blocklist ([Blocklisted]), the Allowed code points, one numbering system
// and no repeated mark, and the Moderately Restrictive level of UTS #39,
// Section 5.2, which lets Latin mix with any one other script but Cyrillic
// and Greek; it compares with no top domains unless the Policy gives some.
// It has none of Chromium's other checks, so it shows more: "аррӏе.com" in
// Cyrillic is shown in Unicode. The Chromium profile is the safe choice,
// and the default.
//
// # Data
//
// The tables are generated (by internal/cmd/gensecurity, with Go 1.27
// or later) from the Unicode 17.0.0 security files (IdentifierStatus.txt,
// confusables.txt), the Unicode 17.0.0 properties that the generator reads
// from the toolchain (scripts, decompositions, combining classes),
// Firefox's blocklist and Chromium's top domains, so that a decision does
// not depend on the Go release that builds the module: only the decoding of
// raw Unicode hosts and of A-labels with code points that are not plain in
// UTS #46 (marks that compose, right-to-left letters, ...) goes through
// x/net/idna, whose tables follow the Go release. The tables take about
// 243 KB of a binary, and the package with its code about 400 KB
// (docs/performance.md).
//
// Chromium's unit-test rows run as vectors (testdata/conformance/chromium-idn):
// every row agrees but six whose characters Unicode 17.0 no longer has
// Allowed, where the test's ICU data still did, and two inputs that are no
// hosts; they are listed, with their reasons, in chromium_known_test.go.
//
// # Errors
//
// An error is a *uri.Error: [Host], [Policy.Host] and [NewTopDomains] return
// that of [uri.HostToASCII] or [uri.HostToUnicode] (Op uri.OpIDNA) for a
// host that no URI or IRI may hold or that IDNA rejects; [URL] and
// [Policy.URL] return that of the URL Standard's parser (Op uri.OpParse,
// Err a whatwg.Kind). A label that does not decode is no error: it is
// shown as it is, with the Reason [InvalidIDNA]. The package declares no Op
// of its own.
//
// # What it does not do
//
// The decision is about how a name looks, not about where it leads: a host
// shown in Unicode can still be an attacker's, and one kept in A-labels can
// be honest. Confusables outside UTS #39 and Chromium's mappings, and names
// that imitate a domain outside the list of top domains, pass. Package
// display does not shorten URLs beyond leaving out the userinfo (no "www."
// or scheme elided, no path cut): what it shows parses back to the same
// URL less its credentials.
//
// # Allocation and time
//
// [Host] of an ASCII host in lower case with no A-label returns it without
// allocating, in about 15 ns. A host with an A-label allocates twice: its
// Labels, and one string that holds the host with every valid A-label as
// its U-label, which the U-labels share and which is the Host when every
// A-label is shown (a third allocation builds a Host that shows some
// A-labels and not others). It takes 4,300 to 7,000 instructions, which
// ran in 0.3 to 0.6 µs at best (docs/performance.md). An A-label whose
// code points are all plain in UTS #46 is decoded here, with the Unicode
// 17.0.0 tables; any other goes through x/net/idna, as does a host in raw
// Unicode, which [uri.HostToASCII] converts first (about 5,000
// instructions more). The first comparison with Chromium's top domains
// indexes them once (about 55 ms). Every function takes time linear in its
// input.
package display
