// Command uri parses, resolves, normalizes, compares and escapes URI
// references as RFC 3986 defines them, and reads URLs as the WHATWG URL
// Standard and Go's net/url do.
//
// Usage:
//
//	uri parse      [--json] [--zone | --grammar G | --grammar whatwg [--base BASE]] [--get FORMAT] [--default-scheme S] [REF...]
//	uri resolve    --base BASE [--json] [--non-strict | --grammar G] [REF...]
//	uri relativize --base BASE [--json] [--grammar whatwg] [TARGET...]
//	uri normalize  [--syntax] [--default-scheme S] [--json] [REF...]
//	uri equal      [--syntax | --grammar rfc2616] [--json] [A B]
//	uri edit       [--grammar whatwg [--strict]] [--json] [--get FORMAT] [--default-scheme S] [EDIT...] [URL...]
//	uri escape     --component C [--json] [STRING...]
//	uri unescape   [--component C] [--utf8] [--json] [STRING...]
//	uri iri-to-uri [--json] [IRI...]
//	uri uri-to-iri [--json] [URI...]
//	uri display    [--profile P] [--json] [URL...]
//	uri file-path  [--os posix|windows] [--json] [URI...]
//	uri file-uri   [--os posix|windows] [--vscode] [--json] [PATH...]
//	uri readings   [--json] [URL...]
//	uri template expand [--json] [--vars FILE] [TEMPLATE...]
//	uri template match  [--json] [--extra-params] [--kind NAME=KIND] TEMPLATE [URI...]
//	uri pattern exec [--base B] [--ignore-case] [--json] PATTERN [URL...]
//	uri pattern test [--base B] [--ignore-case] [--json] PATTERN [URL...]
//	uri guard      [--resolve] [--allow-scheme S]... [--allow-port P]... [--allow-private] [--allow-network CIDR]... [--allow-host H]... [--only-host PATTERN]... [--json] [URL...]
//	uri canon      [--profile P] [--surt] [--base BASE] [--drop NAME]... [--drop-tracking] [--sort-query] [--drop-fragment] [--default-scheme S] [--json] [URL...]
//	uri site       [--json] [URL...]
//	uri target     [--method M] [--host H] [--scheme S] [--json] [TARGET...]
//	uri redirect   --from URL [--allow ORIGIN]... [--json] [TARGET...]
//	uri redirect   --local [--json] [TARGET...]
//	uri data       [--max N] [--out FILE] [--json] [URL...]
//	uri data       --encode TYPE [--base64] [--json] < FILE
//	uri robots     --agent TOKEN (--file ROBOTS.TXT | --status CODE) [--google] [--max N] [--json] [URL...]
//	uri help [COMMAND]
//	uri --version
//
// Run "uri help" for a summary and "uri help COMMAND" for a command's flags;
// docs/command.md in the module gives examples of each command.
// Flags may come before, between or after the operands; every argument
// after "--" is an operand, so an input that starts with "-" goes there
// ("uri parse -- -foo").
//
// With no operands, a command reads one input per line from standard input
// (for equal, one pair per line, separated by a tab). One CR at the end of a
// line is dropped, so files with Windows line endings read as they should;
// any other control character in a line makes that line an error, except
// where a line is read as a browser or a server reads a string: in the URL
// Standard's grammar (--grammar whatwg of parse, resolve and edit) and in
// readings, guard, canon, site, display, redirect, data and robots, a line is read as an
// operand is, as the standard reads a string, and bytes that are not UTF-8
// are read as U+FFFD, as the Encoding Standard's UTF-8 decoder reads them.
// Each command's help says which it does.
// Lines up to 16 MiB are read; a longer line gets an error of its own, which
// shows its beginning, and the rest of the input is still processed. Without
// --json, each result is one line on standard output and each error one line
// on standard error, after the number of its line ("uri: line 3: ...") or
// operand ("uri: operand 2: ..."), so that a pipe never reads an error
// message as data. Standard output is buffered: it is written when its
// buffer is full, before an error line, at the end, and before a read of
// standard input that may wait, so that a pipe costs a write per buffer and
// a program that writes a line and waits for its answer still gets it.
//
// With --aligned, text mode too writes exactly one line per input: an
// input that fails gets an empty line on standard output (as many tabs as
// a --get FORMAT holds, so that every line has its fields), its error still
// on standard error, so that an engine that pipes records through the
// command (Spark's RDD.pipe, Hadoop Streaming, ClickHouse's executable
// functions) zips its lines with the inputs by position. --tsv is
// --aligned for the TabSeparated format: a line of standard input is a
// field, whose escapes \\ \t \n \r \0 \b \f \v \a \' and \xHH are decoded
// (another backslash is itself; the field \N, NULL, is an error), and each
// part of a result is written with a backslash as \\, tab, LF and CR as \t
// \n \r, and each byte of another control character, of a bidirectional
// formatting character and each byte that is not UTF-8 as \xHH; the tabs
// of --get FORMAT separate the fields. uri extract --aligned reads a text
// a line from standard input and writes the URLs found in it on one line,
// separated by spaces; with --json, {"input":S,"ok":true,"urls":[...]},
// each URL the object of uri extract --json without "file".
//
// With --json, each input, errors included, gets exactly one line on
// standard output, one JSON object (JSON Lines), so that line n of the
// output answers input n. uri parse prints
//
//	{"input":S,"ok":true,"scheme":S|null,"userinfo":S|null,"host":S|null,"port":S|null,"path":S,"query":S|null,"fragment":S|null,"params":P}
//	{"input":S,"ok":false,"error":S,"offset":N}
//
// where null means the component is absent and "" that it is present and
// empty, and components are exactly as written. "params" lists the
// name=value pairs of the query, as trurl's JSON does,
//
//	[{"key":S,"value":S}...]|null
//
// in order, decoded as uri.URI.QueryPairs reads them ("+" is a space, a
// name without "=" has the value ""), [] for a query without pairs and null
// for none. uri parse --grammar whatwg
// prints the values that the getters of the URL Standard's URL class
// (section 6.1) return, exactly as they return them, and "site", the
// registrable domain of the host (as uri site prints it), or null when the
// host has none:
//
//	{"input":S,"ok":true,"href":S,"protocol":S,"username":S,"password":S,"host":S,"hostname":S,"port":S,"pathname":S,"search":S,"hash":S,"origin":S,"site":S|null,"params":P}
//	{"input":S,"ok":false,"error":S,"offset":N}
//
// with "params" as above, the pairs of url.searchParams.
//
// uri resolve --grammar whatwg --base BASE, which resolves each input as
// new URL(input, BASE) does, prints the same objects with the members of
// every object of resolve: "base":BASE after "input", and "result", the
// href, after "ok".
//
// uri readings prints, for each input,
//
//	{"input":S,"rfc3986":R|null,"rfc3986_error":S|null,"whatwg":R|null,"whatwg_error":S|null,"neturl":R|null,"neturl_error":S|null,"dial":S|null,"dial_error":S|null,"agree":B,"differences":[S...]}
//
// where each reading R, null when that parser rejects the input (its error
// is then in the "_error" member beside it), is
//
//	{"scheme":S|null,"username":S|null,"password":S|null,"host":S|null,"host_kind":S,"port":S|null,"path":S,"query":S|null,"fragment":S|null}
//
// with the components as that parser gives them (package
// github.com/gouri/uri/readings, type Reading): for rfc3986 as written;
// for whatwg the getters' values without their delimiters, so percent-
// encoded, lower-cased, the host through IDNA and the default port null;
// for neturl as url.URL gives them, with the username and password decoded,
// the host from Hostname() (decoded, no brackets) and the path as it is
// sent (EscapedPath, or Opaque); decoded bytes that are not UTF-8 are shown
// as U+FFFD. null is an absent component; "host_kind" is "none",
// "empty", "reg-name", "domain", "opaque", "IPv4", "IPv6" or "IPvFuture"
// (uri.HostKind: "domain" and "opaque" are the URL Standard's, "reg-name"
// RFC 3986's and net/url's name of a host). "dial" is the
// host:port that Go's net/http would dial for the input, or null, with
// the reason in "dial_error", when it would not dial. "agree" is true when
// all three parsers accept the input and "differences" is empty; each
// difference is a string "ASPECT: DETAIL", where ASPECT is valid, scheme,
// userinfo, host, port, path, query, fragment or dial. A line of standard
// input is the URL as it is, control characters included, as an operand is;
// a line that is no input (too long) gets the error object of every
// command.
//
// uri template match prints, for each URI that matches TEMPLATE, the
// values of the template's defined variables, in the template's order: a
// string, an array for a list and an object for an associative array
// (package github.com/gouri/uri/template, Template.Match). Text mode
// prints the object of variables alone, one per line:
//
//	{"input":S,"template":S,"ok":true,"vars":{NAME:S|[S...]|{S:S...}...}}
//
// uri pattern exec prints, for each URL, the result of URLPattern's exec
// (package github.com/gouri/uri/urlpattern): for each component its input
// and its groups, in the pattern's order, null for a group that did not
// take part; uri pattern test prints true or false. A URL that does not
// match, or is not a URL, has "match":false; the exit status is then 1:
//
//	{"input":S,"ok":true,"match":B,"result":{"protocol":{"input":S,"groups":{NAME:S|null...}},...}|null}
//
// uri guard prints, for each input, the host:port that net/http would dial
// for it, when package guard's policy allows it, or why it is refused:
//
//	{"input":S,"ok":true,"target":S}
//	{"input":S,"ok":false,"error":S,"rule":S,"offset":N|null}
//
// where "rule" is parse, scheme, userinfo, disagree, localhost, metadata,
// address, port, allowlist or resolve, and "offset" is where the URL Standard's
// parser stopped, for a parse error that it found. With --resolve, every
// object ends in "addresses": the addresses that the name resolved to (an
// IPv4 address as IPv4), also when one of them is refused, or the literal
// address of an allowed URL; [] for a URL refused before the lookup. A
// line of standard input is a URL as it is, control characters included,
// as an operand is.
//
// uri data runs the Fetch Standard's data: URL processor on each URL
// (package github.com/gouri/uri/dataurl) and prints its MIME type and the
// size of its body; --out FILE writes the bodies (--out -, to standard
// output, with nothing else there), --in FILE reads one URL from FILE, and
// --max N refuses a body over N bytes before decoding it. With --json:
//
//	{"input":S,"ok":true,"mime":S,"size":N,"body_base64":S}
//
// where "mime" is the serialized MIME type and "body_base64" the body in
// standard base64. uri data --encode TYPE reads a body from standard
// input and prints a data: URL of it, {"input":TYPE,"ok":true,"result":S}.
//
// uri edit applies its EDIT flags (--set NAME=VALUE, --set NAME:=VALUE,
// --append path=SEGMENT, --append query=NAME=VALUE, --append
// query:=NAME=VALUE, --trim query=NAME, --drop-tracking, --sort-query), in
// the order given, to each URL, with the editors of package uri, or with
// --grammar whatwg as the URL Standard's setters and URLSearchParams do;
// the message of an edit's error starts with the edit.
//
// With --get FORMAT, uri parse and uri edit print FORMAT for each URL, each
// {NAME} in it replaced by a part of the (edited) URL: {scheme}, {host},
// {hostname}, {port}, {path}, {query}, {fragment}, {username},
// {password}, {protocol}, {pathname}, {search}, {hash}, {href}, {origin},
// {query:NAME}, {query-all:NAME} (every value, separated by spaces),
// {default:port} or {site} ("uri help parse" says what each is in each
// grammar); before a name, "decoded:" percent-decodes a component
// ({decoded:path}), and ":" or "url:" gives a part as the URL writes it
// ({:query:NAME}), as trurl's qualifiers do. "{{" is a "{". With --json,
// the object gets the line as "get", after its other members.
//
// With --default-scheme S, uri parse, edit, normalize and canon read an
// input without a scheme with S, as trurl reads one: "example.com/x" as
// "S://example.com/x", "//cdn.example/x" as "S://cdn.example/x"; an input
// with a scheme, or one that starts with "/", "?" or "#", is read as it
// is. "input" stays the input as given.
//
// uri site prints the registrable domain of each URL, read as the URL
// Standard reads it (package github.com/gouri/uri/site), as a "result";
// a URL whose host is no domain, or a public suffix, has none, which is
// an error.
//
// uri target prints, for each request-target, the target URI that a
// server rebuilds from it (RFC 9112, Section 3.3), and its form:
//
//	{"input":S,"ok":true,"form":"origin"|"absolute"|"authority"|"asterisk","uri":S}
//
// uri redirect prints, for each TARGET, the href that a server may send a
// browser to (package github.com/gouri/uri/origin), or why it is refused:
//
//	{"input":S,"ok":true,"result":S}
//	{"input":S,"ok":false,"error":S,"rule":S,"offset":N|null}
//
// where "rule" is parse, scheme, userinfo, cross-origin or local-path, and
// "offset" the byte at fault when there is one. A line of standard input
// is a TARGET as it is, control characters included.
//
// uri robots decides, for each URL, whether the crawler --agent may fetch
// it under the robots.txt file --file, or under the status --status of a
// fetch of it (RFC 9309, package github.com/gouri/uri/robots), and prints
// "allowed" or "disallowed", the URL and the rule that decided with its
// line; the lines of the file that it ignores go to standard error first.
// With --json:
//
//	{"input":S,"ok":true,"allowed":B,"reason":S,"line":N|null,"rule":"allow"|"disallow"|null,"pattern":S|null}
//
// where "reason" is rule (the rule of "line" decided), no-rule, no-group,
// robots.txt, unavailable or unreachable.
//
// The other commands print {"input":S,"ok":true,"result":S}, with "base"
// after "input" for resolve, relativize and canon --base; for template expand, the input
// is the template and the result its expansion.
//
// Every error object of every command has the same members:
//
//	{"input":S,"ok":false,"error":S,"offset":N}
//
// with "base" after "input" for resolve and relativize, and "template" for
// template match, as in their results.
// "error" is the message, and "offset" the byte offset in the input at which
// the error was found: for equal, in the pair "A\tB"; for a control
// character, its byte; for a line longer than 16 MiB, 16777216, where it
// passed the limit. When an input is not valid UTF-8, "input" shows it with
// U+FFFD replacements and "input_hex" holds its bytes. No output, text or
// JSON, carries a control character (C0, DEL, C1) or a bidirectional
// formatting character of its input as it is: JSON escapes them ("\u009b"),
// and text shows them as Go escapes.
//
// The exit status is 0 when every input succeeds (for equal: when every
// pair is equivalent; for readings: when the readings of every input
// agree; for guard, redirect and robots: when every input is allowed), 1 when any fails (or is
// not equivalent, or its readings disagree, or it is refused), and 2 for a
// usage error.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Exit statuses.
const (
	exitOK      = 0
	exitInvalid = 1
	exitUsage   = 2
)

// run is the whole program; main only connects it to the process.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 {
			if g := lookupGroup(args[1]); g != nil {
				return g.run(append([]string{"help"}, args[2:]...), nil, stdout, stderr)
			}
			return help(args[1], stdout, stderr)
		}
		usage(stdout)
		return exitOK
	case "version", "-version", "--version":
		fmt.Fprintln(stdout, version())
		return exitOK
	}
	if c := lookup(args[0]); c != nil {
		return c.run(args[1:], stdin, stdout, stderr)
	}
	if g := lookupGroup(args[0]); g != nil {
		return g.run(args[1:], stdin, stdout, stderr)
	}
	fmt.Fprintf(stderr, "uri: unknown command %q\n", args[0])
	usage(stderr)
	return exitUsage
}

// lookup returns the command named name, or nil.
func lookup(name string) *command {
	for _, c := range commands() {
		if c.name == name {
			return c
		}
	}
	return nil
}

// help prints the help of one command.
func help(name string, stdout, stderr io.Writer) int {
	c := lookup(name)
	if c == nil {
		fmt.Fprintf(stderr, "uri help: unknown command %q\n", name)
		usage(stderr)
		return exitUsage
	}
	fs, _, _ := c.flagSet(stdout)
	fs.Usage()
	return exitOK
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: uri <command> [flags] [operands]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "commands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
	for _, g := range groups() {
		fmt.Fprintf(w, "  %-10s %s\n", g.name, g.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run 'uri help <command>' for a command's flags, and 'uri --version' for the")
	fmt.Fprintln(w, "version. Without operands, a command reads one input per line from standard")
	fmt.Fprintln(w, "input. It writes each result as one line on standard output, and each error")
	fmt.Fprintln(w, "as one line on standard error; with --json, one object per input on standard")
	fmt.Fprintln(w, "output, errors included, and with --aligned (or --tsv, TabSeparated fields)")
	fmt.Fprintln(w, "one text line per input, empty for an error, for engines that zip inputs with")
	fmt.Fprintln(w, "outputs by position.")
}

// version returns the module's version, as the Go toolchain recorded it in
// the binary: a release tag for "go install ...@v1.2.3", "(devel)" in a
// checkout, with the revision when there is one.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "uri (unknown version)"
	}
	v := info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, dirty string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	out := []string{"uri", info.Main.Path, v}
	if rev != "" {
		out = append(out, rev[:min(len(rev), 12)]+dirty)
	}
	return strings.Join(append(out, info.GoVersion), " ")
}
