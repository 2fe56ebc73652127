package main

import (
	"strings"
	"testing"

	"github.com/gouri/uri"
)

// TestFileCommandTestdata runs the RFC 8089 rows of testdata/file.jsonl
// through file-path and file-uri, as operands and on standard input.
func TestFileCommandTestdata(t *testing.T) {
	testCommandRows(t, "../../testdata/file.jsonl", 80)
}

// TestFileCommand covers what the rows do not: text output, the default
// style, flags, standard input and the round trip.
func TestFileCommand(t *testing.T) {
	tests := []struct {
		name           string
		args           []string
		stdin          string
		code           int
		stdout, stderr string // stderr: a substring
	}{
		{"text output", []string{"file-path", "--os", "posix", "file:///a%20b", "file://localhost/etc/hosts"}, "", exitOK, "/a b\n/etc/hosts\n", ""},
		{"windows text output", []string{"file-path", "--os", "windows", "file:///C:/a%20b", "file://srv/share/x"}, "", exitOK, `C:\a b` + "\n" + `\\srv\share\x` + "\n", ""},
		{"an error takes its input's line", []string{"file-path", "--os", "posix", "file:///a", "file://h/b", "file:///c"}, "", exitInvalid,
			"/a\n/c\n", "uri: operand 2: file-path: host that the path style cannot name (POSIX paths name local files only) in host at offset 7 of \"file://h/b\"\n"},
		{"file-uri text", []string{"file-uri", "--os", "windows", `C:\Users\Zoë`, `\\Server\share`}, "", exitOK,
			"file:///C:/Users/Zo%C3%AB\nfile://server/share\n", ""},
		{"VS Code's spelling", []string{"file-uri", "--os", "windows", "--vscode", `C:\a b\c+d`, `\\Server\c$\x`}, "", exitOK,
			"file:///c%3A/a%20b/c%2Bd\nfile://server/c%24/x\n", ""},
		{"VS Code's spelling of a POSIX path", []string{"file-uri", "--os", "posix", "--vscode", "/a:b@c"}, "", exitOK,
			"file:///a%3Ab%40c\n", ""},
		{"Windows paths on standard input, with CRLF", []string{"file-uri", "--os", "windows"}, "C:\\a b\r\n\\\\s\\sh\\x\r\n", exitOK,
			"file:///C:/a%20b\nfile://s/sh/x\n", ""},
		{"a control character on standard input", []string{"file-uri", "--os", "posix"}, "/a\x1bb\n/c\n", exitInvalid,
			"file:///c\n", `uri: line 1: control character U+001B at offset 2 of "/a\x1bb"` + "\n"},
		{"a NUL operand", []string{"file-uri", "--os", "posix", "/a\x00b"}, "", exitInvalid,
			"", "uri: operand 1: file-uri: NUL byte in path at offset 2 of \"/a\\x00b\"\n"},
		{"decoded controls and bidi controls are escaped in text", []string{"file-path", "--os", "posix", "file:///%1B%5B2J%E2%80%AE%C2%9B"}, "", exitOK,
			`/\x1b[2J\u202e\u009b` + "\n", ""},
		{"decoded octets that are not UTF-8", []string{"file-path", "--os", "posix", "--json", "file:///%FF%FE"}, "", exitOK,
			`{"input":"file:///%FF%FE","ok":true,"result":"/\ufffd\ufffd","result_hex":"2ffffe"}` + "\n", ""},
		{"--local-only refuses a UNC server", []string{"file-path", "--os", "windows", "--local-only", "file://evil.example/etc/passwd", "file:///C:/a"}, "", exitInvalid,
			"C:\\a\n", "uri: operand 1: file-path: host that the path style cannot name (a UNC server, which Windows would reach over SMB, refused by FileOptions.LocalOnly) in host at offset 7"},
		{"--local-only refuses a UNC path", []string{"file-uri", "--os", "windows", "--local-only", `\\evil.example\share`}, "", exitInvalid,
			"", "uri: operand 1: file-uri: host that the path style cannot name"},
		{"--remove-dots, both ways", []string{"file-uri", "--os", "windows", "--remove-dots", `C:\a\..\..\b`}, "", exitOK, "file:///C:/b\n", ""},
		{"--remove-dots, a URI", []string{"file-path", "--os", "windows", "--remove-dots", "file://srv/share/a/%2E%2E/b"}, "", exitOK, `\\srv\share\b` + "\n", ""},
		{"a name that Windows forbids", []string{"file-uri", "--os", "windows", `C:\a\b?.txt`}, "", exitInvalid,
			"", "uri: operand 1: file-uri: character that Windows forbids in a file name in path at offset 6"},
		{"empty stdin", []string{"file-path"}, "", exitOK, "", ""},
		{"an empty line is no path", []string{"file-uri", "--os", "posix", "--json"}, "\n", exitInvalid,
			`{"input":"","ok":false,"error":"uri: file-uri: not an absolute path in path at offset 0 (end of input) of \"\"","offset":0}` + "\n", ""},
		{"an operand that looks like a flag", []string{"file-uri", "--os", "posix", "--", "-x"}, "", exitInvalid,
			"", "uri: operand 1: file-uri: not an absolute path in path at offset 0 of \"-x\"\n"},
		{"unknown style", []string{"file-path", "--os", "plan9", "file:///a"}, "", exitUsage, "", `unknown path style "plan9" (posix or windows)`},
		{"style in another case", []string{"file-uri", "--os", "Windows", `C:\a`}, "", exitUsage, "", `unknown path style "Windows"`},
		{"--os without a value", []string{"file-uri", "--os"}, "", exitUsage, "", "flag needs an argument"},
		{"help", []string{"file-path", "-h"}, "", exitOK, "", "usage: uri file-path"},
		{"help lists --os", []string{"file-uri", "-h"}, "", exitOK, "", "-os style"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCmd(t, tt.stdin, tt.args...)
			if code != tt.code || out != tt.stdout || !strings.Contains(errOut, tt.stderr) {
				t.Errorf("uri %q: exit %d, stdout %q, stderr %q; want %d, %q, stderr with %q",
					tt.args, code, out, errOut, tt.code, tt.stdout, tt.stderr)
			}
		})
	}
	for _, name := range []string{"file-path", "file-uri"} {
		if code, out, _ := runCmd(t, "", "help", name); code != exitOK || !strings.HasPrefix(out, "usage: uri "+name+" ") {
			t.Errorf("uri help %s: exit %d, %q", name, code, out)
		}
		if _, out, _ := runCmd(t, "", "help"); !strings.Contains(out, "\n  "+name+" ") {
			t.Errorf("uri help does not list %s:\n%s", name, out)
		}
	}
}

// TestFileCommandDefaultStyle: without --os, the style is the running
// system's (uri.OSPathStyle), for both commands.
func TestFileCommandDefaultStyle(t *testing.T) {
	for _, in := range []string{"file:///C:/a", "file://srv/share/a", "file:///a"} {
		want, err := uri.FilePath(uri.MustParse(in), uri.OSPathStyle())
		out, wantErr := want+"\n", ""
		if err != nil {
			out, wantErr = "", "uri: operand 1: "+strings.TrimPrefix(err.Error(), "uri: ")+"\n"
		}
		if _, got, errOut := runCmd(t, "", "file-path", in); got != out || errOut != wantErr {
			t.Errorf("uri file-path %q = %q, stderr %q; want %q, %q (the style of %v)", in, got, errOut, out, wantErr, uri.OSPathStyle())
		}
	}
	for _, in := range []string{`C:\a`, "/a", `\\srv\share`} {
		u, err := uri.FromFilePath(in, uri.OSPathStyle())
		out, wantErr := u.String()+"\n", ""
		if err != nil {
			out, wantErr = "", "uri: operand 1: file-uri: "+strings.TrimPrefix(err.Error(), "uri: file-path: ")+"\n"
		}
		if _, got, errOut := runCmd(t, "", "file-uri", in); got != out || errOut != wantErr {
			t.Errorf("uri file-uri %q = %q, stderr %q; want %q, %q (the style of %v)", in, got, errOut, out, wantErr, uri.OSPathStyle())
		}
	}
	_, _, errOut := runCmd(t, "", "file-path", "-h")
	if want := "here " + uri.OSPathStyle().String() + ")"; !strings.Contains(errOut, want) {
		t.Errorf("the help of file-path does not name the default %q:\n%s", want, errOut)
	}
}

// TestFileCommandRoundTrip: for clean absolute paths, file-uri and then
// file-path on its output give the paths back, line by line.
func TestFileCommandRoundTrip(t *testing.T) {
	paths := map[string][]string{
		"posix":   {"/", "/etc/hosts", "/tmp/a b/#1.txt", "/a?b%c", "/Zoë/日本", "/a:b@c;d=e", `/a\b`, "/a/.../b"},
		"windows": {`C:\`, `C:\a\b`, `C:\Program Files\x#1.txt`, `C:\Users\Zoë\notes.txt`, `\\server\share\a`, `\\localhost\share\x`, `\\192.0.2.1\share`},
	}
	for style, list := range paths {
		code, uris, _ := runCmd(t, strings.Join(list, "\n")+"\n", "file-uri", "--os", style)
		if code != exitOK {
			t.Fatalf("uri file-uri --os %s: exit %d:\n%s", style, code, uris)
		}
		code, back, _ := runCmd(t, uris, "file-path", "--os", style)
		if want := strings.Join(list, "\n") + "\n"; code != exitOK || back != want {
			t.Errorf("uri file-uri --os %s | uri file-path --os %[1]s: exit %d\n%s\nwant\n%s", style, code, back, want)
		}
	}
}
