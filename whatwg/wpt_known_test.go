package whatwg

import (
	"testing"

	"golang.org/x/net/idna"

	"github.com/gouri/uri/internal/testrows"
)

// knownWPTByUnicode lists the known failures of each file of the
// conformance suites wpt-url and wpt-urlencoded, by the version of the
// Unicode data in golang.org/x/net/idna (idna.UnicodeVersion), which it
// takes from the Go toolchain: a file that is not named has none, and
// every case of it must pass. Each toolchain that CI runs has its entry,
// so that a change of the tables shows as a change of this list.
//
// Before Go 1.27, x/net/idna uses its Unicode 15.0.0 tables and the UTS #46
// algorithm of before Unicode 16 (its constant unicode16 follows
// unicode.Version). The WPT data follows UTS #46 for Unicode 16 and later,
// whose table changed the status of some code points: the Georgian capital
// letters U+10A0 to U+10C5 and a few other letters that were disallowed are
// now mapped to lower case, fillers and format characters such as U+115F,
// U+180E and U+206B that were disallowed are now ignored, U+1E9E is now
// mapped to U+00DF and no longer to "ss", and Unicode 17 assigned new CJK
// ideographs (U+32931). Each case below contains such a code point, and each
// gives the expected output when x/net/idna runs with its own Unicode
// 17.0.0 tables, which it uses from Go 1.27 on (GOTOOLCHAIN=go1.27.4 passes
// every case). The reason names the code points and what ToASCII makes of
// each alone with either table.
var knownWPTByUnicode = map[string]map[string]testrows.Known{
	"15.0.0": { // Go 1.26
		"toascii.jsonl": knownToASCIIUnicode15,
		"idna-v2.jsonl": knownIdnaTestV2Unicode15,
	},
	"17.0.0": {}, // Go 1.27
}

// knownWPT returns the known failures of the named file for x/net/idna's
// Unicode version. A version without an entry is logged, and every case
// must pass with it.
func knownWPT(t *testing.T, file string) testrows.Known {
	byFile, ok := knownWPTByUnicode[idna.UnicodeVersion]
	if !ok {
		t.Logf("no known failures recorded for x/net/idna's Unicode %s: every case must pass", idna.UnicodeVersion)
	}
	return byFile[file]
}

var knownToASCIIUnicode15 = testrows.Known{
	"look\u180Eout.net": "U+180E rejected with 15.0, ignored with 17.0",
	"look\u206Bout.net": "U+206B rejected with 15.0, ignored with 17.0",
	"\u04C0.com":        "U+04C0 rejected with 15.0, gives \"xn--s5a\" with 17.0",
	"\u1E9E.com":        "U+1E9E gives \"ss\" with 15.0, gives \"xn--zca\" with 17.0",
	"\u1E9E.foo.com":    "U+1E9E gives \"ss\" with 15.0, gives \"xn--zca\" with 17.0",
	"\u2183.com":        "U+2183 rejected with 15.0, gives \"xn--r5g\" with 17.0",
	"\U0002F868.com":    "U+2F868 rejected with 15.0, gives \"xn--snl\" with 17.0",
}

var knownIdnaTestV2Unicode15 = testrows.Known{
	"=\u0338\u1899>\u0338.\u1109\u1169\u11BE-\u1874\u10A0": "U+10A0 rejected with 15.0, gives \"xn--rkj\" with 17.0",
	"FA\u1E9E.DE":                                              "U+1E9E gives \"ss\" with 15.0, gives \"xn--zca\" with 17.0",
	"FA\u1E9E.de":                                              "U+1E9E gives \"ss\" with 15.0, gives \"xn--zca\" with 17.0",
	"SS.\U000102F3\u10AC\u0FB8":                                "U+10AC rejected with 15.0, gives \"xn--3kj\" with 17.0",
	"SS\u3002\U000102F3\u10AC\u0FB8":                           "U+10AC rejected with 15.0, gives \"xn--3kj\" with 17.0",
	"SS\uAAF6\u18A5.\u22B6\u10C1\u10B6":                        "U+10C1 rejected with 15.0, gives \"xn--plj\" with 17.0; U+10B6 rejected with 15.0, gives \"xn--elj\" with 17.0",
	"SS\uFF61\U000102F3\u10AC\u0FB8":                           "U+10AC rejected with 15.0, gives \"xn--3kj\" with 17.0",
	"Ss.\U000102F3\u10AC\u0FB8":                                "U+10AC rejected with 15.0, gives \"xn--3kj\" with 17.0",
	"Ss\u3002\U000102F3\u10AC\u0FB8":                           "U+10AC rejected with 15.0, gives \"xn--3kj\" with 17.0",
	"Ss\uAAF6\u18A5.\u22B6\u10C1\u2D16":                        "U+10C1 rejected with 15.0, gives \"xn--plj\" with 17.0",
	"Ss\uFF61\U000102F3\u10AC\u0FB8":                           "U+10AC rejected with 15.0, gives \"xn--3kj\" with 17.0",
	"\u00DF\u3002\U000102F3\u10AC\u0FB8":                       "U+10AC rejected with 15.0, gives \"xn--3kj\" with 17.0",
	"\u00DF\uFF61\U000102F3\u10AC\u0FB8":                       "U+10AC rejected with 15.0, gives \"xn--3kj\" with 17.0",
	"\u03A3\u10C5.\u075A":                                      "U+10C5 rejected with 15.0, gives \"xn--tlj\" with 17.0",
	"\u03A3\u10C5\u3002\u075A":                                 "U+10C5 rejected with 15.0, gives \"xn--tlj\" with 17.0",
	"\u03C2\u10C5\u3002\u075A":                                 "U+10C5 rejected with 15.0, gives \"xn--tlj\" with 17.0",
	"\u06B9.\u1873\u115F":                                      "U+115F rejected with 15.0, ignored with 17.0",
	"\u06B9\uFF0E\u1873\u115F":                                 "U+115F rejected with 15.0, ignored with 17.0",
	"\u08BB.\u10A3\U0001E012":                                  "U+10A3 rejected with 15.0, gives \"xn--ukj\" with 17.0",
	"\u10A1\u755D.<\u0338":                                     "U+10A1 rejected with 15.0, gives \"xn--skj\" with 17.0",
	"\u10A1\u755D.\u226E":                                      "U+10A1 rejected with 15.0, gives \"xn--skj\" with 17.0",
	"\u10B5.\u06F0<\u0338SS\u0745":                             "U+10B5 rejected with 15.0, gives \"xn--dlj\" with 17.0",
	"\u10B5.\u06F0<\u0338Ss\u0745":                             "U+10B5 rejected with 15.0, gives \"xn--dlj\" with 17.0",
	"\u10B5.\u06F0\u226ESS\u0745":                              "U+10B5 rejected with 15.0, gives \"xn--dlj\" with 17.0",
	"\u10B5.\u06F0\u226ESs\u0745":                              "U+10B5 rejected with 15.0, gives \"xn--dlj\" with 17.0",
	"\u10B5\u3002\u06F0<\u0338SS\u0745":                        "U+10B5 rejected with 15.0, gives \"xn--dlj\" with 17.0",
	"\u10B5\u3002\u06F0<\u0338Ss\u0745":                        "U+10B5 rejected with 15.0, gives \"xn--dlj\" with 17.0",
	"\u10B5\u3002\u06F0<\u0338\u00DF\u0745":                    "U+10B5 rejected with 15.0, gives \"xn--dlj\" with 17.0",
	"\u10B5\u3002\u06F0\u226ESS\u0745":                         "U+10B5 rejected with 15.0, gives \"xn--dlj\" with 17.0",
	"\u10B5\u3002\u06F0\u226ESs\u0745":                         "U+10B5 rejected with 15.0, gives \"xn--dlj\" with 17.0",
	"\u10B5\u3002\u06F0\u226E\u00DF\u0745":                     "U+10B5 rejected with 15.0, gives \"xn--dlj\" with 17.0",
	"\u10B6\u0366.":                                            "U+10B6 rejected with 15.0, gives \"xn--elj\" with 17.0",
	"\u10BA.\u03A3":                                            "U+10BA rejected with 15.0, gives \"xn--ilj\" with 17.0",
	"\u10BA.\u03C2":                                            "U+10BA rejected with 15.0, gives \"xn--ilj\" with 17.0",
	"\u10BA.\u03C3":                                            "U+10BA rejected with 15.0, gives \"xn--ilj\" with 17.0",
	"\u10BA\U000102F8.5\uD7F6\u103A":                           "U+10BA rejected with 15.0, gives \"xn--ilj\" with 17.0",
	"\u10BA\U000102F8\U000E0104\u30025\uD7F6\u103A":            "U+10BA rejected with 15.0, gives \"xn--ilj\" with 17.0",
	"\u10BA\U000102F8\U000E0104\u3002\U0001D7DD\uD7F6\u103A":   "U+10BA rejected with 15.0, gives \"xn--ilj\" with 17.0",
	"\u10C1\u10B16\u0318.SS\u1B03":                             "U+10C1 rejected with 15.0, gives \"xn--plj\" with 17.0; U+10B1 rejected with 15.0, gives \"xn--8kj\" with 17.0",
	"\u10C1\u10B16\u0318\u3002SS\u1B03":                        "U+10C1 rejected with 15.0, gives \"xn--plj\" with 17.0; U+10B1 rejected with 15.0, gives \"xn--8kj\" with 17.0",
	"\u10C1\u10B16\u0318\u3002\u00DF\u1B03":                    "U+10C1 rejected with 15.0, gives \"xn--plj\" with 17.0; U+10B1 rejected with 15.0, gives \"xn--8kj\" with 17.0",
	"\u10C1\u2D116\u0318.Ss\u1B03":                             "U+10C1 rejected with 15.0, gives \"xn--plj\" with 17.0",
	"\u10C1\u2D116\u0318\u3002Ss\u1B03":                        "U+10C1 rejected with 15.0, gives \"xn--plj\" with 17.0",
	"\u17B4.\u110D\u1170\u11AE-":                               "U+17B4 rejected with 15.0, ignored with 17.0",
	"\u17B4.\uCB87-":                                           "U+17B4 rejected with 15.0, ignored with 17.0",
	"\u2132\u17D2.=\u0338":                                     "U+2132 rejected with 15.0, gives \"xn--73g\" with 17.0",
	"\u2132\u17D2.\u2260":                                      "U+2132 rejected with 15.0, gives \"xn--73g\" with 17.0",
	"\u2260\u1899\u226F.\uC1A3-\u1874\u10A0":                   "U+10A0 rejected with 15.0, gives \"xn--rkj\" with 17.0",
	"\u3002\u3002\u10A3>\u0338":                                "U+10A3 rejected with 15.0, gives \"xn--ukj\" with 17.0",
	"\u3002\u3002\u10A3\u226F":                                 "U+10A3 rejected with 15.0, gives \"xn--ukj\" with 17.0",
	"\u650C\uABED.\u1896-\u10B8":                               "U+10B8 rejected with 15.0, gives \"xn--glj\" with 17.0",
	"\uA846\u3002\u2183\u0FB5\u1102\u116A\u11C1-":              "U+2183 rejected with 15.0, gives \"xn--r5g\" with 17.0",
	"\uA846\u3002\u2183\u0FB5\uB1AE-":                          "U+2183 rejected with 15.0, gives \"xn--r5g\" with 17.0",
	"\uA9D0\u04C0\u1BAA\u08F6.\u1102\u116F\u11BC":              "U+04C0 rejected with 15.0, gives \"xn--s5a\" with 17.0",
	"\uA9D0\u04C0\u1BAA\u08F6.\uB235":                          "U+04C0 rejected with 15.0, gives \"xn--s5a\" with 17.0",
	"\uA9D0\u04C0\u1BAA\u08F6\uFF0E\u1102\u116F\u11BC":         "U+04C0 rejected with 15.0, gives \"xn--s5a\" with 17.0",
	"\uA9D0\u04C0\u1BAA\u08F6\uFF0E\uB235":                     "U+04C0 rejected with 15.0, gives \"xn--s5a\" with 17.0",
	"\uF951\U0002F868\U0002F874\U0002F91F\U0002F95F\U0002F9BF": "U+2F868 rejected with 15.0, gives \"xn--snl\" with 17.0; U+2F874 rejected with 15.0, gives \"xn--u2t\" with 17.0; U+2F91F rejected with 15.0, gives \"xn--hb5j\" with 17.0; U+2F95F rejected with 15.0, gives \"xn--ruz\" with 17.0; U+2F9BF rejected with 15.0, gives \"xn--gro\" with 17.0",
	"\U00010A57.\u10A9\u10B5":                                  "U+10A9 rejected with 15.0, gives \"xn--0kj\" with 17.0; U+10B5 rejected with 15.0, gives \"xn--dlj\" with 17.0",
	"\U00010A57.\u10A9\u2D15":                                  "U+10A9 rejected with 15.0, gives \"xn--0kj\" with 17.0",
	"\U0001D175\u30029\U0001E008\u4B3A1.":                      "U+1D175 rejected with 15.0, ignored with 17.0",
	"\U0001E903.\u1844\u10AE":                                  "U+10AE rejected with 15.0, gives \"xn--5kj\" with 17.0",
	"\U0001E903\U000E016E.\u1844\u10AE":                        "U+10AE rejected with 15.0, gives \"xn--5kj\" with 17.0",
	"\U0001E903\U000E016E\uFF0E\u1844\u10AE":                   "U+10AE rejected with 15.0, gives \"xn--5kj\" with 17.0",
	"\U0001E925.\u1844\u10AE":                                  "U+10AE rejected with 15.0, gives \"xn--5kj\" with 17.0",
	"\U0001E925\U000E016E.\u1844\u10AE":                        "U+10AE rejected with 15.0, gives \"xn--5kj\" with 17.0",
	"\U0001E925\U000E016E\uFF0E\u1844\u10AE":                   "U+10AE rejected with 15.0, gives \"xn--5kj\" with 17.0",
	"\U0001F0B4\u10AB.<\u0338":                                 "U+10AB rejected with 15.0, gives \"xn--2kj\" with 17.0",
	"\U0001F0B4\u10AB.\u226E":                                  "U+10AB rejected with 15.0, gives \"xn--2kj\" with 17.0",
	"\U0001F57C.\u1160":                                        "U+1160 rejected with 15.0, ignored with 17.0",
	"\U0001F57C\uFF0E\uFFA0":                                   "U+FFA0 rejected with 15.0, ignored with 17.0",
	"\U0003293120.\u97F3.\uA8661.":                             "U+32931 rejected with 15.0, gives \"xn--982o\" with 17.0",
	"\U00032B9A9\uA369\u17D3.SS":                               "U+32B9A rejected with 15.0, gives \"xn--wr3o\" with 17.0",
	"\U00032B9A9\uA369\u17D3.ss":                               "U+32B9A rejected with 15.0, gives \"xn--wr3o\" with 17.0",
}
