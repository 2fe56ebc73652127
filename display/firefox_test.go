package display

import "testing"

// TestFirefoxProfile: Firefox's profile refuses its blocklist and what
// the Moderately Restrictive level of UTS #39, Section 5.2 refuses, and
// nothing else: it has no whole-script or top-domain checks.
func TestFirefoxProfile(t *testing.T) {
	tests := []struct {
		host              string
		firefox, chromium Reason // of the first label
	}{
		{"bücher.de", Safe, Safe},
		{"abcกข.com", Safe, MixedScripts},           // Latin with Thai: moderately restrictive
		{"pаypal.com", MixedScripts, MixedScripts},  // Latin with Cyrillic: never
		{"παypal.com", MixedScripts, MixedScripts},  // Latin with Greek: never
		{"אב״ג.com", Blocklisted, Safe},             // U+05F4 HEBREW PUNCTUATION GERSHAYIM: Allowed, on Firefox's blocklist
		{"аррӏе.com", Safe, WholeScriptConfusable},  // no whole-script check in Firefox's profile
		{"\u09671.com", MixedNumbers, MixedNumbers}, // Devanagari one and ASCII 1: two numbering systems
	}
	for _, tt := range tests {
		for _, c := range []struct {
			p    Policy
			want Reason
		}{{Policy{Profile: Firefox}, tt.firefox}, {Policy{}, tt.chromium}} {
			d, err := c.p.Host(tt.host)
			if err != nil {
				t.Errorf("%v.Host(%q): %v", c.p.Profile, tt.host, err)
				continue
			}
			if len(d.Labels) == 0 || d.Labels[0].Reason != c.want {
				t.Errorf("%v.Host(%q) = %+v, want the first label %v", c.p.Profile, tt.host, d, c.want)
			}
		}
	}
}
