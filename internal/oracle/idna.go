package oracle

import (
	"fmt"
	"strings"
)

// IDNALabelSeeds are hosts whose labels IDNA could lose: a bare "xn--" in
// every place, after every full stop, in the spellings that the mapping of
// UTS #46 turns into "xn--" (upper case, full-width, with a soft hyphen),
// percent-encoded, and Punycode of ASCII only. UTS #46, section 4, step 4
// (revision 33 on) makes each an error.
var IDNALabelSeeds = []string{
	"\u00e9.xn--.com", "\u00e9vil.xn--", "xn--.\u00e9", "\u00e9.xn--.", "xn--", "a.xn--",
	"a\u3002xn--", "a\uff0exn--", "a\uff61xn--", "xn--\u3002\u00e9",
	"\u00e9.XN--.com", "\u00e9.Xn--", "\u00e9.\uff58\uff4e\uff0d\uff0d", "\u00e9.x\u00adn--", "\u00e9.xn-\u00ad-",
	"%C3%A9.xn--", "\u00e9%2Exn--", "\u00e9%E3%80%82xn--",
	"\u00e9.xn--go-.com", "\u00e9.xn--a-", "\u00e9.\u00ad.com",
}

// LabelsKept checks that out, what IDNA made of the name dec (decoded from
// any percent-encoding), has the labels of dec, and returns what is wrong,
// or "". IDNA maps, lower-cases and encodes labels, and empties those that
// UTS #46 maps to nothing (U+00AD, for one), but loses or gains none, and
// none with an ASCII or full-width letter, digit or "-", which UTS #46
// never maps to nothing, comes out empty. Labels of dec are split at the
// full stops that UTS #46 maps to "." (U+002E, U+3002, U+FF0E and U+FF61),
// those of out at ".".
func LabelsKept(dec, out string) string {
	labels := strings.Split(strings.NewReplacer("\u3002", ".", "\uff0e", ".", "\uff61", ".").Replace(dec), ".")
	outLabels := strings.Split(out, ".")
	if len(outLabels) != len(labels) {
		return fmt.Sprintf("%d labels from %d", len(outLabels), len(labels))
	}
	for k, l := range labels {
		if outLabels[k] == "" && strings.IndexFunc(l, solid) >= 0 {
			return fmt.Sprintf("label %q comes out empty", l)
		}
	}
	return ""
}

// solid reports whether UTS #46 keeps r, or maps it to an ASCII character:
// the ASCII letters, digits and "-", and their full-width forms.
func solid(r rune) bool {
	if r >= 0xff01 && r <= 0xff5e {
		r -= 0xff01 - 0x21
	}
	return r == '-' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
}
