package display

// Reason says why a label is shown in Unicode or kept in A-labels: Safe
// when it is shown, or the first check that it failed. Its text, from
// String and MarshalText, is a name in lower case with hyphens.
type Reason uint8

const (
	// Safe: the label passed every check (or is not an A-label) and is
	// shown as Unicode.
	Safe Reason = iota
	// InvalidIDNA: the label starts with "xn--" but is no valid A-label
	// under the UTS #46 processing of the module (internal/idnacheck): it
	// is shown as it is.
	InvalidIDNA
	// Deviation: the label holds U+200C ZERO WIDTH NON-JOINER or U+200D
	// ZERO WIDTH JOINER, deviation characters of UTS #46 that do not show.
	Deviation
	// NotAllowed: a character of the label is not Allowed in identifiers
	// (UTS #39, Section 3.1, Identifier_Status), or is one that the
	// profile does not show (Chromium's removals: look-alikes of "/",
	// "-" and "'", rare Latin, Greek and Cyrillic blocks).
	NotAllowed
	// Blocklisted: a character of the label is on Firefox's blocklist
	// (the Firefox profile).
	Blocklisted
	// MixedScripts: the label mixes scripts beyond the restriction level
	// (UTS #39, Section 5.2: Highly Restrictive for Chromium, Moderately
	// Restrictive for Firefox).
	MixedScripts
	// MixedNumbers: the label has digits of more than one numbering system
	// (UTS #39, Section 5.3).
	MixedNumbers
	// Invisible: the label has the same combining mark twice on one
	// letter (UTS #39, Section 5.4).
	Invisible
	// HiddenOverlay: the label has U+0307 COMBINING DOT ABOVE on a letter
	// that hides it, such as "i" (UTS #39, Section 5.4).
	HiddenOverlay
	// TLDSpecific: the label has a letter shown only under one top-level
	// domain: "þ" and "ð" under .is and .fo, "ə" under .az.
	TLDSpecific
	// MiddleDot: the label has U+00B7 MIDDLE DOT other than between two
	// "l" under .cat (RFC 5892, Appendix A.3).
	MiddleDot
	// WholeScriptConfusable: every letter of the label is of one script
	// and looks like a Latin letter ("аррӏе" in Cyrillic), and the
	// top-level domain is not of that script.
	WholeScriptConfusable
	// DigitLookalike: the label has only digits and characters that look
	// like digits, one at least.
	DigitLookalike
	// NonASCIILatinMixed: the label mixes Latin letters beyond ASCII with
	// another script.
	NonASCIILatinMixed
	// DangerousPattern: the label has characters that pass for
	// punctuation or other letters beside their neighbours (Katakana
	// "ノ" between Latin letters, a combining mark after a letter of
	// another script, ...).
	DangerousPattern
	// SimilarTopDomain: the host's skeleton is that of a top domain it is
	// not: every label of the host is kept in A-labels.
	SimilarTopDomain
)

var reasonNames = [...]string{
	Safe:                  "safe",
	InvalidIDNA:           "invalid-idna",
	Deviation:             "deviation",
	NotAllowed:            "not-allowed",
	Blocklisted:           "blocklisted",
	MixedScripts:          "mixed-scripts",
	MixedNumbers:          "mixed-numbers",
	Invisible:             "invisible",
	HiddenOverlay:         "hidden-overlay",
	TLDSpecific:           "tld-specific",
	MiddleDot:             "middle-dot",
	WholeScriptConfusable: "whole-script-confusable",
	DigitLookalike:        "digit-lookalike",
	NonASCIILatinMixed:    "non-ascii-latin-mixed",
	DangerousPattern:      "dangerous-pattern",
	SimilarTopDomain:      "similar-top-domain",
}

// String returns the reason's name, such as "whole-script-confusable".
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return "unknown"
}

// MarshalText returns the reason's name. It implements
// [encoding.TextMarshaler].
func (r Reason) MarshalText() ([]byte, error) { return []byte(r.String()), nil }
