package main

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestTargetJSON: the objects of `uri target --json`, one per input, for
// the examples of RFC 9112 and the errors, and the exit status.
func TestTargetJSON(t *testing.T) {
	tests := []struct {
		args  []string
		stdin string
		code  int
		want  []string
	}{
		{[]string{"--host", "www.example.org", "/where?q=now", "http://www.example.org/pub/WWW/TheProject.html"}, "", exitOK, []string{
			`{"input":"/where?q=now","ok":true,"form":"origin","uri":"http://www.example.org/where?q=now"}`,
			`{"input":"http://www.example.org/pub/WWW/TheProject.html","ok":true,"form":"absolute","uri":"http://www.example.org/pub/WWW/TheProject.html"}`,
		}},
		{[]string{"--method", "CONNECT", "--host", "www.example.com", "www.example.com:80", "www.example.com"}, "", exitInvalid, []string{
			`{"input":"www.example.com:80","ok":true,"form":"authority","uri":"http://www.example.com:80"}`,
			`{"input":"www.example.com","ok":false,"error":"uri: no port number in port at offset 15 (end of input) of \"www.example.com\"","offset":15}`,
		}},
		{[]string{"--method", "OPTIONS", "--host", "www.example.org:8080", "--scheme", "https"}, "*\n/x\n", exitOK, []string{
			`{"input":"*","ok":true,"form":"asterisk","uri":"https://www.example.org:8080"}`,
			`{"input":"/x","ok":true,"form":"origin","uri":"https://www.example.org:8080/x"}`,
		}},
		// Without --host there is no Host field; with --host '' an empty one.
		{[]string{"/x"}, "", exitInvalid, []string{
			`{"input":"/x","ok":false,"error":"uri: build: no host (the request has no Host field, and no default host is set) at offset 0 (end of input) of \"\"","offset":null}`,
		}},
		{[]string{"--host", "", "/x", "http://a/x"}, "", exitInvalid, []string{
			`{"input":"/x","ok":false,"error":"uri: build: no host (the Host field is empty, and no default host is set) at offset 0 (end of input) of \"\"","offset":null}`,
			`{"input":"http://a/x","ok":true,"form":"absolute","uri":"http://a/x"}`,
		}},
		{[]string{"--host", "a", "/a b", "/a#b", "*", "/\xff"}, "", exitInvalid, []string{
			`{"input":"/a b","ok":false,"error":"uri: invalid character \" \" in path at offset 2 of \"/a b\"","offset":2}`,
			`{"input":"/a#b","ok":false,"error":"uri: invalid character \"#\" (a request-target has no fragment (RFC 9110, Section 7.1)) in path at offset 2 of \"/a#b\"","offset":2}`,
			`{"input":"*","ok":false,"error":"uri: invalid character \"*\" (asterisk-form is only for OPTIONS (RFC 9112, Section 3.2.4), not \"GET\") at offset 0 of \"*\"","offset":0}`,
			`{"input":"/\ufffd","input_hex":"2fff","ok":false,"error":"uri: invalid character \"\\xff\" in path at offset 1 of \"/\\xff\"","offset":1}`,
		}},
		{[]string{"--host", "a", "http://u@a/"}, "", exitInvalid, []string{
			`{"input":"http://u@a/","ok":false,"error":"uri: build: userinfo not allowed (RFC 9110, Section 4.2.4) in userinfo at offset 7 of \"http://u@a/\"","offset":7}`,
		}},
	}
	for _, tt := range tests {
		args := append([]string{"target", "--json"}, tt.args...)
		code, out, errOut := runCmd(t, tt.stdin, args...)
		if code != tt.code || errOut != "" {
			t.Errorf("uri %q: exit %d, stderr %q; want %d", args, code, errOut, tt.code)
		}
		if d := cmp.Diff(strings.Join(tt.want, "\n")+"\n", out); d != "" {
			t.Errorf("uri %q (-want +got):\n%s", args, d)
		}
	}
}

// TestTargetText: the target URI alone on standard output, errors on
// standard error; an invalid --host is a usage error; empty input is no
// error.
func TestTargetText(t *testing.T) {
	code, out, errOut := runCmd(t, "", "target", "--host", "www.example.org", "--scheme", "https", "/pub/", "//x", "/a b")
	wantOut := "https://www.example.org/pub/\nhttps://www.example.org//x\n"
	wantErr := "uri: operand 3: invalid character \" \" in path at offset 2 of \"/a b\"\n"
	if code != exitInvalid || out != wantOut || errOut != wantErr {
		t.Errorf("uri target: exit %d\nstdout %q\nstderr %q\nwant 1, %q, %q", code, out, errOut, wantOut, wantErr)
	}
	for _, host := range []string{"[]", "[12345::1]", "u@h", "h:65536", "[fe80::1%25eth0]"} {
		if code, _, errOut := runCmd(t, "", "target", "--host", host, "/"); code != exitUsage || !strings.Contains(errOut, "--host") {
			t.Errorf("uri target --host %q: exit %d, stderr %q; want a usage error", host, code, errOut)
		}
	}
	if code, out, errOut := runCmd(t, "", "target", "--host", "a"); code != exitOK || out != "" || errOut != "" {
		t.Errorf("uri target < empty: exit %d, %q, %q; want 0 and nothing", code, out, errOut)
	}
	if code, _, _ := runCmd(t, "", "target", "--scheme", "h t", "--host", "a", "/"); code != exitInvalid {
		t.Errorf("uri target --scheme 'h t': exit %d, want 1", code)
	}
}

// TestTargetLongLine: a line over the limit gets its own error and the
// next line is still read.
func TestTargetLongLine(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates tens of megabytes")
	}
	long := "/" + strings.Repeat("a", maxLine)
	code, out, _ := runCmd(t, long+"\n/b\n", "target", "--host", "h", "--json")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != exitInvalid || len(lines) != 2 || !strings.Contains(lines[0], "longer than") ||
		lines[1] != `{"input":"/b","ok":true,"form":"origin","uri":"http://h/b"}` {
		t.Errorf("uri target with a long line: exit %d, %d lines, last %q", code, len(lines), lines[len(lines)-1])
	}
}
