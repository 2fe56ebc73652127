package uri_test

import "testing"

// TestInsideDir runs the path-traversal recipe of Example_pathInsideDirectory
// on the adversarial inputs a traversal check meets, each with the reason it
// is in or out.
func TestInsideDir(t *testing.T) {
	tests := []struct {
		target string
		want   bool
		why    string
	}{
		{"/static/app.js", true, "a plain file"},
		{"/static/css/../app.js", true, "dot segments that stay inside (RFC 3986, Section 6.2.2.3)"},
		{"/static/./app.js", true, "a \".\" segment"},
		{"/static/%61pp.js", true, "an encoded unreserved character (Section 6.2.2.2)"},
		{"/static/caf%C3%A9.png", true, "encoded UTF-8"},
		{"/static/a%20b.txt", true, "an encoded space is data"},
		{"/static/app.js?f=../../etc/passwd", true, "the query is not part of the path"},
		{"/static/%2E", true, "the directory itself"},
		{"/static/%EF%BC%8E%EF%BC%8E/etc", true, "U+FF0E is no dot to RFC 3986: a server that applies Unicode compatibility mapping needs its own check"},

		{"/static/../etc/passwd", false, "\"..\" climbs out (Section 5.2.4)"},
		{"/static/%2e%2e/etc/passwd", false, "\"%2e\" is a dot (Section 2.3); normalization decodes it first"},
		{"/static/%2E%2e/etc/passwd", false, "in any case (Section 6.2.2.1)"},
		{"/static/.%2E/.%2e/etc", false, "half encoded"},
		{"/static/..%2F..%2Fetc/passwd", false, "an encoded \"/\" is not a separator to RFC 3986, but becomes one to a server that decodes the path"},
		{"/static/..%2f..%2fetc/passwd", false, "in lower case"},
		{"/static/%2E%2E%2F%2E%2E%2Fetc", false, "all encoded"},
		{"/static/%252E%252E/etc/passwd", false, "double encoding: one more decoding makes \"%2E%2E\" a dot segment"},
		{"/static/%25252E%25252E/etc", false, "triple encoding"},
		{"/static/..;/etc/passwd", false, "servers that cut off \";\" parameters read \"..;\" as \"..\""},
		{"/static/..;jsessionid=1/etc", false, "with a parameter"},
		{`/static/..\etc\passwd`, false, "a backslash is no URI character (Section 2): Parse rejects it"},
		{"/static/%5C..%5Cetc", false, "an encoded backslash, a separator on Windows"},
		{"/static/%C0%AE%C0%AE/etc", false, "an overlong UTF-8 \".\", which lenient decoders read as a dot"},
		{"/static/\xc0\xae\xc0\xae/etc", false, "raw, it is no URI character"},
		{"/static/%00.png", false, "NUL ends a file name in C"},
		{"/static/a b", false, "a space: Parse rejects it"},
		{"/static", false, "the directory without its \"/\" is not inside it"},
		{"/staticfoo/x", false, "a sibling with the same prefix"},
		{"/STATIC/x", false, "paths are case-sensitive (Section 6.2.2.1): a case-insensitive file system needs dir and target folded alike"},
		{"//evil.example/static/x", false, "a network-path reference, not a path"},
		{"http://evil.example/static/x", false, "an absolute URI, not origin-form"},
		{"static/x", false, "a relative path"},
		{"", false, "nothing"},
	}
	for _, tt := range tests {
		if got := insideDir("/static/", tt.target); got != tt.want {
			t.Errorf("insideDir(%q) = %v, want %v: %s", tt.target, got, tt.want, tt.why)
		}
	}
}
