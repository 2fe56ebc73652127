package display

import "github.com/gouri/uri/internal/testrows"

// chromiumKnown are the rows of Chromium's IDNToUnicode test that this
// package decides otherwise, each with its reason.
var chromiumKnown = testrows.Known{
	// Unicode 17.0's IdentifierStatus.txt no longer has these code points
	// Allowed (their Identifier_Type is Uncommon_Use or Limited_Use), where
	// the ICU data of the test's Chromium still had them: the label is kept
	// in A-labels here, shown there.
	"IDNToUnicode/13":  "U+309A COMBINING KATAKANA-HIRAGANA SEMI-VOICED SOUND MARK is Uncommon_Use in Unicode 17.0",
	"IDNToUnicode/359": "U+3127 BOPOMOFO LETTER I is Limited_Use in Unicode 17.0",
	"IDNToUnicode/424": "U+10FD and U+10FF, Georgian letters, are Uncommon_Use in Unicode 17.0",
	"IDNToUnicode/425": "U+10FD and U+10FF, Georgian letters, are Uncommon_Use in Unicode 17.0",
	"IDNToUnicode/433": "the Myanmar Shan digits U+1090 to U+1097 are Uncommon_Use in Unicode 17.0",
	"IDNToUnicode/434": "the Myanmar Shan digits U+1090 to U+1097 are Uncommon_Use in Unicode 17.0",
	// Rows that are no hosts of this module, both kept as they are, as
	// Chromium keeps them, but without their Unicode form.
	"IDNToUnicode/277": "\"!\" in a label: UTS #46 with the STD3 rules (x/net/idna's profiles) refuses to decode it, so the label has no Unicode form",
	"IDNToUnicode/325": "\"?\" is no character of a host (RFC 3986, Section 3.2.2): Host returns an error",
}
