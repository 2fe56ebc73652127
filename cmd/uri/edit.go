package main

// `uri edit`: each input edited by the EDIT flags, in the order given, with
// the editors of package uri (RFC 3986) or the setters of the URL Standard
// (--grammar whatwg).

import (
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/canon"
	"github.com/gouri/uri/internal/query"
	"github.com/gouri/uri/whatwg"
)

var editCommand = &command{
	name:     "edit",
	lines:    grammarLines,
	operands: "[EDIT...] [URL...]",
	summary:  "change components of URLs: set, append, trim, sort",
	about: "Applies the EDITs, in the order given, to each URL and prints the result.\n" +
		"The EDITs are flags, and each may be given any number of times:\n" +
		"\n" +
		"  --set NAME=VALUE   VALUE is text, percent-encoded for the component\n" +
		"                     (uri.URI.WithFragmentText, WithUser, WithSegments, ...)\n" +
		"  --set NAME:=VALUE  VALUE is already encoded; an error if the component's\n" +
		"                     grammar (RFC 3986, Section 3) rejects it\n" +
		"  --append path=SEGMENT      add one path segment, encoded (JoinPath)\n" +
		"  --append query=NAME=VALUE  add one pair, encoded (AddQueryValue); NAME ends\n" +
		"                     at the first \"=\"\n" +
		"  --append query:=NAME=VALUE add one pair as a query writes it: \"%3D\" is a\n" +
		"                     \"=\" (so NAME may hold one), \"+\" a space; no \"&\"\n" +
		"  --trim query=NAME  remove every pair named NAME (decoded, ASCII letters in\n" +
		"                     either case); a final \"*\" matches a prefix:\n" +
		"                     --trim 'query=utm_*' removes UTM_SOURCE too\n" +
		"  --drop-tracking    remove the pairs of canon.TrackingParams (utm_*, gclid,\n" +
		"                     fbclid, ...), named by the rule of --trim, as uri canon\n" +
		"                     --drop-tracking removes them\n" +
		"  --sort-query       sort the pairs by name, stable (SortQuery)\n" +
		"\n" +
		"NAME is scheme, user, password, host, port, path, query or fragment, or a\n" +
		"name of the URL Standard: protocol, username, hostname, pathname, search,\n" +
		"hash. Data never navigates: a path segment that is \".\" or \"..\" once\n" +
		"decoded is an error, not a step up. --set path=TEXT splits TEXT at \"/\" (one\n" +
		"leading \"/\" is optional) and sets the path from those segments. A host\n" +
		"with non-ASCII text becomes IDNA A-labels (WithHostText: \"bücher.de\" is\n" +
		"\"xn--bcher-kva.de\"); scheme and port, and an ASCII host, are taken as\n" +
		"written with \"=\" too. An empty VALUE gives an empty component, present\n" +
		"(\"http://h/p#\"): RFC 3986 tells empty from absent. --trim and\n" +
		"--drop-tracking keep every other byte of the query, and the query as it is\n" +
		"when no pair matches.\n" +
		"\n" +
		"With --grammar whatwg, each URL is parsed and edited as the WHATWG URL\n" +
		"Standard does, exactly as in a browser: --set NAME=VALUE is url.NAME = VALUE\n" +
		"(scheme is protocol, user username, path pathname, query search, fragment\n" +
		"hash; host is host, with its port); --append query=NAME=VALUE is\n" +
		"url.searchParams.append(NAME, VALUE), and query:=NAME=VALUE appends the\n" +
		"pair that new URLSearchParams(\"NAME=VALUE\") reads, the pair that the RFC\n" +
		"3986 grammar appends as written; --trim query=NAME and --drop-tracking are\n" +
		"url.searchParams.delete(N) for each name N that matches, and so leave the\n" +
		"query as it is when none does; --sort-query is url.searchParams.sort().\n" +
		"The update steps of searchParams re-encode every pair (\"?b=%20~\" becomes\n" +
		"\"?b=+%7E\"). --append path=SEGMENT, which the standard lacks,\n" +
		"percent-encodes SEGMENT (\"/\" included) and appends it to the pathname.\n" +
		"NAME:=VALUE of --set is NAME=VALUE there: the setters keep percent-encoded\n" +
		"bytes. A setter that the standard leaves without effect (a port on a file:\n" +
		"URL) leaves the URL as a browser does; with --strict it is an error\n" +
		"(--strict is for --grammar whatwg only).\n" +
		"\n" +
		"The text line is the edited URL; --json prints {\"input\":S,\"ok\":true,\n" +
		"\"result\":S} or the error object of every command, whose message names the\n" +
		"edit that failed.\n" +
		"\n" + getHelp + "\n" +
		"The parts are those of the edited URL.\n" +
		"\n" + defaultSchemeHelp,
	flags: func(fs *flag.FlagSet) func() (op, string) {
		var edits []edit
		fs.Var(&editFlag{kind: editSet, edits: &edits}, "set", "set a component: NAME=VALUE (text) or NAME:=VALUE (encoded)")
		fs.Var(&editFlag{kind: editAppend, edits: &edits}, "append", "add a path segment (path=SEGMENT) or a query pair (query=NAME=VALUE, or\nquery:=NAME=VALUE with NAME and VALUE as a query writes them)")
		fs.Var(&editFlag{kind: editTrim, edits: &edits}, "trim", "remove the query pairs named NAME (query=NAME, query=PREFIX*)")
		fs.Var(&editFlag{kind: editTracking, edits: &edits}, "drop-tracking", "remove the query pairs of canon.TrackingParams ("+strings.Join(canon.TrackingParams()[:3], ", ")+", ...)")
		fs.Var(&editFlag{kind: editSort, edits: &edits}, "sort-query", "sort the query pairs by name")
		grammar := fs.String("grammar", "", "edit as browsers do: "+whatwgGrammar+" (the WHATWG URL Standard)")
		strict := fs.Bool("strict", false, "with --grammar "+whatwgGrammar+": a setter that leaves the URL unchanged is an error")
		get := getFlag(fs)
		return defaultSchemeFlag(fs, func() (op, string) {
			var f getFormat
			if given(fs, "get") {
				var problem string
				if f, problem = parseGet(*get); problem != "" {
					return op{}, problem
				}
			}
			switch *grammar {
			case "":
				if *strict {
					return op{}, "--strict applies only to --grammar " + whatwgGrammar + ": the editors of RFC 3986 have no setter without effect"
				}
				return op{apply: func(in string) result { return editRFC(in, edits, f) }}, ""
			case whatwgGrammar:
				return op{whole: true, apply: func(in string) result { return editWHATWG(in, edits, *strict, f) }}, ""
			}
			return op{}, "unknown grammar " + strconv.Quote(*grammar) + " (want " + whatwgGrammar + ")"
		})
	},
}

type editKind uint8

const (
	editSet editKind = iota + 1
	editAppend
	editTrim     // and --drop-tracking: the pairs that drop names
	editTracking // the flag; its edit is an editTrim
	editSort
)

// An edit is one EDIT flag, checked when it is parsed.
type edit struct {
	text    string // as given ("--set path=a b"), for the error messages
	kind    editKind
	name    string // the component, by its RFC 3986 name: "path", "query", ...
	alias   string // the name as given, which --grammar whatwg passes on
	value   string // for --append query, the pair's name
	value2  string // for --append query, the pair's value
	encoded bool   // --set NAME:=VALUE, --append query:=NAME=VALUE
	// drop names the query parameters that --trim and --drop-tracking
	// remove, by canon's rule (Canonicalizer.DropsParam), so that they
	// are those that uri canon --drop ... and --drop-tracking drop.
	drop canon.Canonicalizer
}

// componentAliases maps each NAME that --set takes to its RFC 3986 component.
var componentAliases = map[string]string{
	"scheme": "scheme", "user": "user", "password": "password", "host": "host", "port": "port",
	"path": "path", "query": "query", "fragment": "fragment",
	"protocol": "scheme", "username": "user", "hostname": "host", "pathname": "path",
	"search": "query", "hash": "fragment",
}

// editFlag is the flag.Value of one kind of EDIT: each use appends an edit
// to the shared list, so that the edits keep the order of the command line.
type editFlag struct {
	kind  editKind
	edits *[]edit
}

func (f *editFlag) String() string { return "" }

func (f *editFlag) IsBoolFlag() bool { return f.kind == editSort || f.kind == editTracking }

func (f *editFlag) Set(s string) error {
	e := edit{kind: f.kind}
	switch f.kind {
	case editSort, editTracking:
		if b, err := strconv.ParseBool(s); err != nil || !b {
			return err
		}
		e.text = "--sort-query"
		if f.kind == editTracking {
			e.text, e.kind, e.drop.DropParams = "--drop-tracking", editTrim, canon.TrackingParams()
		}
		*f.edits = append(*f.edits, e)
		return nil
	case editSet:
		e.text = "--set " + s
	case editAppend:
		e.text = "--append " + s
	case editTrim:
		e.text = "--trim " + s
	}
	name, value, ok := strings.Cut(s, "=")
	if f.kind != editTrim && strings.HasSuffix(name, ":") {
		name, e.encoded = name[:len(name)-1], true
	}
	e.alias, e.name, e.value = name, componentAliases[name], value
	switch {
	case f.kind == editSet && !ok:
		return errors.New("--set takes NAME=VALUE or NAME:=VALUE")
	case f.kind == editSet && e.name == "":
		return fmt.Errorf("unknown component %q (one of scheme, user, password, host, port, path, query, fragment, protocol, username, hostname, pathname, search, hash)", name)
	case f.kind == editAppend && (!ok || e.name != "path" && e.name != "query" || e.name == "path" && e.encoded):
		return errors.New("--append takes path=SEGMENT, query=NAME=VALUE or query:=NAME=VALUE" + notName(s, ok))
	case f.kind == editTrim && (!ok || e.name != "query"):
		return errors.New("--trim takes query=NAME or query=PREFIX*" + notName(s, ok))
	case f.kind == editAppend && e.name == "query":
		e.value, e.value2, _ = strings.Cut(value, "=")
	case f.kind == editTrim:
		e.drop.DropParams = []string{value}
	}
	*f.edits = append(*f.edits, e)
	return nil
}

// notName is the end of the message of an EDIT flag whose NAME the flag
// does not take: ", not NAME", or "" when the value has no "=".
func notName(s string, hasEq bool) string {
	if !hasEq {
		return ""
	}
	name, _, _ := strings.Cut(s, "=")
	return ", not " + name
}

// editError is the error of an edit: the edit, then what went wrong.
type editError struct {
	edit string
	err  error
}

func (e *editError) Error() string { return "uri: " + e.reason() }

func (e *editError) reason() string { return e.edit + ": " + reason(e.err) }

func (e *editError) Unwrap() error { return e.err }

// editFailure is the result of an input whose edit e failed with err on the
// text at, the input after the edits before e: the offset is known when err
// is about that text and it is still the input.
func editFailure(in, at string, e edit, err error) result {
	var off any
	var ue *uri.Error
	switch {
	case at != in:
	case errors.As(err, &ue) && ue.Input == in:
		off = ue.Offset
	}
	return failureAt(&editError{e.text, err}, off)
}

// editRFC applies the edits to in, read as an RFC 3986 reference, and
// prints the result, or f (--get) of it.
func editRFC(in string, edits []edit, f getFormat) result {
	u, err := uri.Parse(in)
	if err != nil {
		return failure(in, err)
	}
	for _, e := range edits {
		v, err := e.rfc(u)
		if err != nil {
			return editFailure(in, u.String(), e, err)
		}
		u = v
	}
	if f == nil {
		return success(u.String()) // no parts to box for --get
	}
	return f.with(success(u.String()), rfcParts{u})
}

// rfc applies e to u with the editors of package uri.
func (e edit) rfc(u uri.URI) (uri.URI, error) {
	switch e.kind {
	case editSort:
		return u.SortQuery(), nil
	case editTrim:
		return u.DeleteQueryFunc(func(k, _ string) bool { return e.drop.DropsParam(k) }), nil
	case editAppend:
		switch {
		case e.name == "path":
			return u.JoinPath(e.value)
		case e.encoded:
			return appendEncodedPair(u, e.value, e.value2)
		}
		return u.AddQueryValue(e.value, e.value2), nil
	}
	v := e.value
	switch e.name {
	case "scheme":
		return u.WithScheme(v)
	case "host":
		if e.encoded {
			return u.WithHost(v)
		}
		return u.WithHostText(v)
	case "port":
		return u.WithPort(v)
	case "user":
		if !e.encoded {
			return u.WithUser(v)
		}
		if i := strings.IndexByte(v, ':'); i >= 0 {
			return uri.URI{}, &uri.Error{Op: uri.OpBuild, Input: v, Offset: i, Component: uri.Userinfo, Err: uri.ErrInvalidByte}
		}
		ui := u.Userinfo()
		return u.WithUserinfo(v + ui[len(u.Username()):])
	case "password":
		if !e.encoded {
			return u.WithPassword(v)
		}
		if _, err := u.WithUserinfo(v); err != nil {
			return uri.URI{}, err // the error about v, not about the userinfo
		}
		return u.WithUserinfo(u.Username() + ":" + v)
	case "path":
		if e.encoded {
			return u.WithPath(v)
		}
		if v == "" {
			return u.WithSegments()
		}
		return u.WithSegments(strings.Split(strings.TrimPrefix(v, "/"), "/")...)
	case "query":
		if e.encoded {
			return u.WithQuery(v)
		}
		return u.WithQueryText(v)
	default: // "fragment"
		if e.encoded {
			return u.WithFragment(v)
		}
		return u.WithFragmentText(v)
	}
}

// editWHATWG applies the edits to in, read and edited as the URL Standard
// does. A setter that the standard leaves without effect (or, for the host
// setter, with part of its effect) is not an error unless strict: the URL
// is then as a browser leaves it. It prints the result, or f (--get) of it.
func editWHATWG(in string, edits []edit, strict bool, f getFormat) result {
	u, err := whatwg.Parse(in)
	if err != nil {
		return failure(in, err)
	}
	for _, e := range edits {
		at := u.Href()
		err := e.whatwg(&u)
		if err != nil && e.kind == editSet && !strict && !errors.Is(err, whatwg.ErrTooLong) {
			continue
		}
		if err != nil {
			return editFailure(in, at, e, err)
		}
	}
	if f == nil {
		return success(u.Href())
	}
	return f.with(success(u.Href()), whatwgParts{u, nil})
}

// whatwg applies e to u as the URL Standard's API does.
func (e edit) whatwg(u *whatwg.URL) error {
	switch e.kind {
	case editAppend:
		if e.name == "path" {
			// Data never navigates, by JoinPath's rule; the segment is then
			// encoded so that the pathname setter reads it as one segment.
			if _, err := uri.MustParse("").JoinPath(e.value); err != nil {
				return err
			}
			return u.SetPathname(strings.TrimSuffix(u.Pathname(), "/") + "/" + uri.Escape(e.value, uri.EscapePathSegment))
		}
		name, value := e.value, e.value2
		if e.encoded {
			var err error
			if name, value, err = decodePair(name, value); err != nil {
				return err
			}
		}
		p := u.SearchParams()
		p.Append(name, value)
		return u.SetSearchParams(p)
	case editTrim:
		// One searchParams.delete per matching name, and so none, and no
		// update steps, when no name matches. Deleting each matching name
		// leaves the pairs whose names do not match, which one pass keeps.
		var kept whatwg.SearchParams
		dropped := false
		for name, value := range u.SearchParams().All() {
			if e.drop.DropsParam(name) {
				dropped = true
			} else {
				kept.Append(name, value)
			}
		}
		if !dropped {
			return nil
		}
		return u.SetSearchParams(kept)
	case editSort:
		p := u.SearchParams()
		p.Sort()
		return u.SetSearchParams(p)
	}
	v := e.value
	switch e.alias {
	case "host":
		return u.SetHost(v)
	case "hostname":
		return u.SetHostname(v)
	}
	switch e.name {
	case "scheme":
		return u.SetProtocol(v)
	case "user":
		return u.SetUsername(v)
	case "password":
		return u.SetPassword(v)
	case "port":
		return u.SetPort(v)
	case "path":
		return u.SetPathname(v)
	case "query":
		return u.SetSearch(v)
	default: // "fragment"
		return u.SetHash(v)
	}
}

// appendEncodedPair returns u with the pair name=value appended to its
// query as written, as --append query:=NAME=VALUE does: NAME and VALUE are
// as a query writes them ("%3D" for "=", "+" or "%20" for a space), and
// must be valid in a query (RFC 3986, Section 3.4), without the "&" that
// separates pairs. A "&" joins the pair to a query that has pairs, as
// uri.URI.AddQueryValue joins one.
func appendEncodedPair(u uri.URI, name, value string) (uri.URI, error) {
	if err := checkEncodedPair(name, value); err != nil {
		return uri.URI{}, err
	}
	pair := name + "=" + value
	if _, err := uri.MustParse("").WithQuery(pair); err != nil {
		return uri.URI{}, err // the error about the pair, not the query
	}
	q := u.Query()
	switch {
	case !u.HasQuery():
		q = pair
	case q == "" || strings.HasSuffix(q, "&"):
		q += pair
	default:
		q += "&" + pair
	}
	return u.WithQuery(q)
}

// decodePair returns the pair that --append query:=NAME=VALUE appends
// with --grammar whatwg: NAME and VALUE decoded as the URL Standard's
// application/x-www-form-urlencoded parser decodes them (section 5.1),
// which reads the pair that the RFC 3986 grammar writes as it is.
func decodePair(name, value string) (string, string, error) {
	if err := checkEncodedPair(name, value); err != nil {
		return "", "", err
	}
	for n, v := range whatwg.ParseForm(name + "=" + value).All() {
		return n, v, nil // one pair: no "&", and the first "=" is ours
	}
	return "", "", nil
}

// checkEncodedPair returns the error for a NAME or VALUE of
// --append query:=NAME=VALUE that holds a "&", which would make two pairs
// of one, in both grammars; a "=" in NAME is none, since it ends NAME.
func checkEncodedPair(name, value string) error {
	for _, v := range []string{name, value} {
		if piece, _, more := query.Cut(v); more {
			return &uri.Error{Op: uri.OpBuild, Input: v, Offset: len(piece), Component: uri.Query, Err: uri.ErrInvalidByte,
				Detail: "a pair cannot hold the \"&\" that separates pairs: write %26"}
		}
	}
	return nil
}
