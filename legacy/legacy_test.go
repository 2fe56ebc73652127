package legacy

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/oracle"
	"github.com/gouri/uri/internal/testrows"
)

// legacyView is what a testrows.Legacy row's "legacy" object should hold for l, with
// JSON's types (numbers are float64, absent parts nil). It is written from
// the documented output shape, apart from the command's code.
func legacyView(l URL) map[string]any {
	opt := func(s string, ok bool) any {
		if !ok {
			return nil
		}
		return testrows.JSONText(s)
	}
	strs := func(ss []string) []any {
		out := []any{}
		for _, s := range ss {
			out = append(out, testrows.JSONText(s))
		}
		return out
	}
	m := map[string]any{"grammar": l.Grammar.String(), "form": l.Form}
	hp := func(h HostPort, def int) {
		m["host"], m["port"], m["default_port"] = h.Host, opt(h.Port, h.HasPort), float64(def)
	}
	switch t := l.Record.(type) {
	case FTP:
		m["user"], m["password"] = opt(t.User, t.HasUser), opt(t.Password, t.HasPassword)
		hp(t.HostPort, 21)
		m["cwd"], m["name"], m["typecode"] = nil, opt(t.Name, t.HasPath), opt(t.Typecode, t.HasTypecode)
		if t.HasPath {
			m["cwd"] = strs(t.Cwd)
		}
	case HTTP:
		hp(t.HostPort, 80)
		m["path"], m["searchpart"] = opt(t.Path, t.HasPath), opt(t.Searchpart, t.HasSearchpart)
	case Gopher:
		hp(t.HostPort, 70)
		m["type"], m["selector"] = t.Type, t.Selector
		m["search"], m["gopher_plus"] = opt(t.Search, t.HasSearch), opt(t.GopherPlus, t.HasGopherPlus)
	case Mailto:
		m["address"] = t.Address
	case News:
		m["group"], m["message_id"] = opt(t.Group, t.Group != ""), opt(t.MessageID, t.MessageID != "")
	case NNTP:
		hp(t.HostPort, 119)
		m["group"], m["article"] = t.Group, opt(t.Article, t.HasArticle)
	case Telnet:
		m["user"], m["password"] = opt(t.User, t.HasUser), opt(t.Password, t.HasPassword)
		hp(t.HostPort, 23)
	case WAIS:
		hp(t.HostPort, 210)
		m["database"], m["search"] = t.Database, opt(t.Search, t.HasSearch)
		m["wtype"], m["wpath"] = opt(t.WType, t.HasDoc), opt(t.WPath, t.HasDoc)
	case File:
		m["host"], m["path"] = t.Host, t.Path
	case Prospero:
		hp(t.HostPort, 1525)
		fields := []any{}
		for _, f := range t.Fields {
			fields = append(fields, map[string]any{"name": f.Name, "value": f.Value})
		}
		m["hsoname"], m["fields"] = t.HSOName, fields
	case Other:
		m["user"], m["password"] = opt(t.User, t.HasUser), opt(t.Password, t.HasPassword)
		m["host"], m["port"], m["url_path"] = opt(t.Host, t.HasLogin), opt(t.Port, t.HasPort), opt(t.URLPath, t.HasURLPath)
	case nil:
		m["authority"], m["host_form"] = opt(l.AuthorityForm, l.AuthorityForm != ""), opt(l.HostForm, l.HostForm != "")
		if l.Grammar == RFC1808 || l.Grammar == RFC2068 {
			m["params"] = opt(l.Params, l.HasParams)
		} else {
			var segs any
			if segments, ok := l.Segments(); ok {
				list := []any{}
				for sg := range segments {
					list = append(list, map[string]any{"name": testrows.JSONText(sg.Name), "params": strs(sg.Params)})
				}
				segs = list
			}
			m["segments"] = segs
		}
	}
	up, edits, err := l.Upgrade()
	changes := []any{}
	for _, c := range edits {
		changes = append(changes, map[string]any{"offset": float64(c.Offset), "component": c.Component.String(),
			"from": testrows.JSONText(c.From), "to": c.To, "reason": c.Reason})
	}
	m["changes"] = changes
	m["upgraded"] = opt(up.String(), err == nil)
	return m
}

// TestLegacyTestdata checks every row of testdata/legacy-*.jsonl against
// ParseLegacy and, independently, the grammar's oracle.
func TestLegacyTestdata(t *testing.T) {
	total := 0
	for _, g := range legacyGrammars {
		rows := testrows.Read[testrows.Legacy](t, "testdata/legacy-"+g.String()+".jsonl")
		total += len(rows)
		o := legacyOracle(g)
		for _, row := range rows {
			in := row.Bytes(t)
			l, err := Parse(in, g)
			if ok, off := o.Check(in); ok != row.OK || (!row.OK && off != row.Offset) {
				t.Errorf("%v row %q: ok=%v offset=%d, but the BNF oracle says ok=%v offset=%d", g, in, row.OK, row.Offset, ok, off)
			}
			if !row.OK {
				var e *uri.Error
				if !errors.As(err, &e) || e.Offset != row.Offset || e.Error() != row.Error || e.Op != uri.OpParse || e.Detail != g.String() {
					t.Errorf("Parse(%q, %v) error = %v; want %q at %d", in, g, err, row.Error, row.Offset)
				}
				if l.String() != "" || l.Form != "" {
					t.Errorf("Parse(%q, %v) returned a partial result with its error", in, g)
				}
				continue
			}
			if err != nil {
				t.Errorf("Parse(%q, %v): %v", in, g, err)
				continue
			}
			got := rowView(l)
			for _, p := range []**string{&got.Scheme, &got.Userinfo, &got.Host, &got.Port, &got.Path, &got.Query, &got.Fragment} {
				if *p != nil {
					s := testrows.JSONText(**p)
					*p = &s
				}
			}
			got.Input = testrows.JSONText(got.Input)
			want := row.Parse
			want.InputHex, want.Source = "", testrows.Source{}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("Parse(%q, %v) components (-want +got):\n%s", in, g, d)
			}
			if d := cmp.Diff(row.Legacy, legacyView(l)); d != "" {
				t.Errorf("Parse(%q, %v) legacy (-want +got):\n%s", in, g, d)
			}
		}
	}
	if total < 200 {
		t.Errorf("only %d rows in testdata/legacy-*.jsonl", total)
	}
}

// TestRFC1738Examples parses every URL that RFC 1738 gives as an example
// (Sections 1, 3.1, 3.2.2, 3.6, 3.10, 3.11, the appendix and the
// references), and URLs built from its templates and from the gopher+
// strings of Sections 3.4.4 to 3.4.9, and checks the typed result field by
// field.
func TestRFC1738Examples(t *testing.T) {
	hp := func(host string) HostPort { return HostPort{Host: host} }
	ftp := func(host string, cwd []string, name string) FTP {
		return FTP{Login: Login{HostPort: hp(host)}, HasPath: true, Cwd: cwd, Name: name}
	}
	tests := []struct {
		in   string
		form string
		want Record
	}{
		// Section 3.1: an empty user differs from an absent one.
		{"ftp://@host.com/", "ftpurl", FTP{Login: Login{HasUser: true, HostPort: hp("host.com")}, HasPath: true, Cwd: []string{}}},
		{"ftp://host.com/", "ftpurl", ftp("host.com", []string{}, "")},
		{"ftp://foo:@host.com/", "ftpurl", FTP{Login: Login{User: "foo", HasUser: true, HasPassword: true, HostPort: hp("host.com")}, HasPath: true, Cwd: []string{}}},
		// Section 3.2.2: "CWD /etc", then "RETR motd"; "CWD etc"; "CWD " with a null argument, "CWD etc".
		{"ftp://myname@host.dom/%2Fetc/motd", "ftpurl", FTP{Login: Login{User: "myname", HasUser: true, HostPort: hp("host.dom")}, HasPath: true, Cwd: []string{"%2Fetc"}, Name: "motd"}},
		{"ftp://myname@host.dom/etc/motd", "ftpurl", FTP{Login: Login{User: "myname", HasUser: true, HostPort: hp("host.dom")}, HasPath: true, Cwd: []string{"etc"}, Name: "motd"}},
		{"ftp://myname@host.dom//etc/motd", "ftpurl", FTP{Login: Login{User: "myname", HasUser: true, HostPort: hp("host.dom")}, HasPath: true, Cwd: []string{"", "etc"}, Name: "motd"}},
		// The appendix
		{"ftp://info.cern.ch/pub/www/doc;type=d", "ftpurl", FTP{Login: Login{HostPort: hp("info.cern.ch")}, HasPath: true, Cwd: []string{"pub", "www"}, Name: "doc", Typecode: "d", HasTypecode: true}},
		{"ftp://ds.internic.net/rfc", "ftpurl", ftp("ds.internic.net", []string{}, "rfc")},
		{"http://ds.internic.net/instructions/overview.html#WARNING", "httpurl", HTTP{HostPort: hp("ds.internic.net"), Path: "instructions/overview.html", HasPath: true}},
		// Section 1 and the references
		{"http://www.acl.lanl.gov/URI/archive/uri-archive.index.html", "httpurl", HTTP{HostPort: hp("www.acl.lanl.gov"), Path: "URI/archive/uri-archive.index.html", HasPath: true}},
		{"ftp://ds.internic.net/rfc/rfc1436.txt;type=a", "ftpurl", FTP{Login: Login{HostPort: hp("ds.internic.net")}, HasPath: true, Cwd: []string{"rfc"}, Name: "rfc1436.txt", Typecode: "a", HasTypecode: true}},
		{"ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt", "ftpurl", ftp("boombox.micro.umn.edu", []string{"pub", "gopher", "gopher_protocol", "Gopher+"}, "Gopher+.txt")},
		{"ftp://ds.internic.net/rfc/rfc1630.txt", "ftpurl", ftp("ds.internic.net", []string{"rfc"}, "rfc1630.txt")},
		{"ftp://info.cern.ch/pub/www/doc/http-spec.txt.Z", "ftpurl", ftp("info.cern.ch", []string{"pub", "www", "doc"}, "http-spec.txt.Z")},
		{"ftp://quake.think.com/pub/wais/doc/protspec.txt", "ftpurl", ftp("quake.think.com", []string{"pub", "wais", "doc"}, "protspec.txt")},
		{"ftp://quake.think.com/pub/wais/doc/doc-ids.txt", "ftpurl", ftp("quake.think.com", []string{"pub", "wais", "doc"}, "doc-ids.txt")},
		{"ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irl-fun-req-02.txt", "ftpurl", ftp("ds.internic.net", []string{"internet-drafts"}, "draft-ietf-uri-irl-fun-req-02.txt")},
		{"ftp://prospero.isi.edu/pub/prospero/doc/prospero-protocol.PS.Z", "ftpurl", ftp("prospero.isi.edu", []string{"pub", "prospero", "doc"}, "prospero-protocol.PS.Z")},
		{"ftp://uu.psi.com/wp/nir.txt", "ftpurl", ftp("uu.psi.com", []string{"wp"}, "nir.txt")},
		// Section 3.4: gopher, with the gopher+ strings of Sections 3.4.4 to 3.4.9
		{"gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles", "gopherurl", Gopher{HostPort: hp("spinaltap.micro.umn.edu"), Type: "0", HasType: true, Selector: "0/Weather/California/Los%20Angeles"}},
		{"gopher://host.dom", "gopherurl", Gopher{HostPort: hp("host.dom"), Type: "1"}},
		{"gopher://host.dom:71/7sel%09term", "gopherurl", Gopher{HostPort: HostPort{Host: "host.dom", Port: "71", HasPort: true}, Type: "7", HasType: true, Selector: "sel", Search: "term", HasSearch: true}},
		{"gopher://host.dom/1sel%09%09+", "gopherurl", Gopher{HostPort: hp("host.dom"), Type: "1", HasType: true, Selector: "sel", HasSearch: true, GopherPlus: "+", HasGopherPlus: true}},
		{"gopher://host.dom/1sel%09%09!+ABSTRACT%20+SMELL", "gopherurl", Gopher{HostPort: hp("host.dom"), Type: "1", HasType: true, Selector: "sel", HasSearch: true, GopherPlus: "!+ABSTRACT%20+SMELL", HasGopherPlus: true}},
		{"gopher://host.dom/1sel%09%09+application/postscript%20Es_ES", "gopherurl", Gopher{HostPort: hp("host.dom"), Type: "1", HasType: true, Selector: "sel", HasSearch: true, GopherPlus: "+application/postscript%20Es_ES", HasGopherPlus: true}},
		{"gopher://host.dom/1sel%09%09+%091%0D%0A+-1%0D%0Av1%0D%0Av2%0D%0A.%0D%0A", "gopherurl", Gopher{HostPort: hp("host.dom"), Type: "1", HasType: true, Selector: "sel", HasSearch: true, GopherPlus: "+%091%0D%0A+-1%0D%0Av1%0D%0Av2%0D%0A.%0D%0A", HasGopherPlus: true}},
		{"gopher://host.dom/%41sel", "gopherurl", Gopher{HostPort: hp("host.dom"), Type: "%41", HasType: true, Selector: "sel"}},
		// Section 3.5: the address of one of RFC 1738's editors
		{"mailto:timbl@info.cern.ch", "mailtourl", Mailto{Address: "timbl@info.cern.ch"}},
		// Section 3.6
		{"news:*", "newsurl", News{Group: "*"}},
		{"news:comp.infosystems.www.misc", "newsurl", News{Group: "comp.infosystems.www.misc"}},
		{"news:unique@full.domain.name", "newsurl", News{MessageID: "unique@full.domain.name"}},
		// Section 3.7
		{"nntp://host.dom:119/comp.infosystems.www.misc/1234", "nntpurl", NNTP{HostPort: HostPort{Host: "host.dom", Port: "119", HasPort: true}, Group: "comp.infosystems.www.misc", Article: "1234", HasArticle: true}},
		{"nntp://host.dom/comp.infosystems.www.misc", "nntpurl", NNTP{HostPort: hp("host.dom"), Group: "comp.infosystems.www.misc"}},
		// Section 3.8
		{"telnet://user:password@host.dom:23/", "telneturl", Telnet{Login{User: "user", HasUser: true, Password: "password", HasPassword: true, HostPort: HostPort{Host: "host.dom", Port: "23", HasPort: true}}}},
		{"telnet://host.dom", "telneturl", Telnet{Login{HostPort: hp("host.dom")}}},
		// Section 3.9
		{"wais://host.dom/database", "waisdatabase", WAIS{HostPort: hp("host.dom"), Database: "database"}},
		{"wais://host.dom/database?search", "waisindex", WAIS{HostPort: hp("host.dom"), Database: "database", Search: "search", HasSearch: true}},
		{"wais://host.dom/database/wtype/wpath", "waisdoc", WAIS{HostPort: hp("host.dom"), Database: "database", WType: "wtype", WPath: "wpath", HasDoc: true}},
		// Section 3.10: the VMS example, and the special hosts
		{"file://vms.host.edu/disk$user/my/notes/note12345.txt", "fileurl", File{Host: "vms.host.edu", Path: "disk$user/my/notes/note12345.txt"}},
		{"file://localhost/etc/motd", "fileurl", File{Host: "localhost", Path: "etc/motd"}},
		{"file:///etc/motd", "fileurl", File{Path: "etc/motd"}},
		// Section 3.11: an hsoname that begins with "/", and a field
		{"prospero://host.dom//pros/name", "prosperourl", Prospero{HostPort: hp("host.dom"), HSOName: "/pros/name"}},
		{"prospero://host.dom//pros/name;OBJECT-VERSION=3", "prosperourl", Prospero{HostPort: hp("host.dom"), HSOName: "/pros/name", Fields: []ProsperoField{{"OBJECT-VERSION", "3"}}}},
		// Section 5: genericurl
		{"x-exp://u:p@host.dom:1/a/b", "otherurl", Other{Login: Login{User: "u", HasUser: true, Password: "p", HasPassword: true, HostPort: HostPort{Host: "host.dom", Port: "1", HasPort: true}}, HasLogin: true, URLPath: "a/b", HasURLPath: true}},
		{"x-exp:anything", "otherurl", Other{}},
	}
	for _, tt := range tests {
		l, err := Parse(tt.in, RFC1738)
		if err != nil {
			t.Errorf("Parse(%q, RFC1738): %v", tt.in, err)
			continue
		}
		if l.Form != tt.form {
			t.Errorf("Parse(%q, RFC1738).Form = %q, want %q", tt.in, l.Form, tt.form)
		}
		if d := cmp.Diff(tt.want, l.Record); d != "" {
			t.Errorf("Parse(%q, RFC1738).Record (-want +got):\n%s", tt.in, d)
		}
		if l.Record.DefaultPort() != defaultPort1738[l.Form] {
			t.Errorf("Parse(%q, RFC1738): DefaultPort %d", tt.in, l.Record.DefaultPort())
		}
	}
}

// defaultPort1738 lists the default ports of RFC 1738, Section 3.
var defaultPort1738 = map[string]int{
	"ftpurl": 21, "httpurl": 80, "gopherurl": 70, "nntpurl": 119, "telneturl": 23,
	"waisdatabase": 210, "waisindex": 210, "waisdoc": 210, "prosperourl": 1525,
}

// TestRFC2396Examples parses the example URIs of RFC 2396 (Section 1.3,
// Appendix B, the base of Appendix C) and of RFC 2732 (Section 2), and
// checks the production, the authority and the components.
func TestRFC2396Examples(t *testing.T) {
	tests := []struct {
		in                        string
		g                         Grammar
		form, authority, hostForm string
		scheme, host, port, path  string
		query                     string
		segments                  []Segment
	}{
		{"ftp://ftp.is.co.za/rfc/rfc1808.txt", RFC2396, "net_path", "server", "hostname", "ftp", "ftp.is.co.za", "", "/rfc/rfc1808.txt", "",
			[]Segment{{Name: "rfc"}, {Name: "rfc1808.txt"}}},
		{"gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles", RFC2396, "net_path", "server", "hostname", "gopher", "spinaltap.micro.umn.edu", "", "/00/Weather/California/Los%20Angeles", "",
			[]Segment{{Name: "00"}, {Name: "Weather"}, {Name: "California"}, {Name: "Los%20Angeles"}}},
		{"http://www.math.uio.no/faq/compression-faq/part1.html", RFC2396, "net_path", "server", "hostname", "http", "www.math.uio.no", "", "/faq/compression-faq/part1.html", "",
			[]Segment{{Name: "faq"}, {Name: "compression-faq"}, {Name: "part1.html"}}},
		{"mailto:mduerst@ifi.unizh.ch", RFC2396, "opaque_part", "", "", "mailto", "", "", "mduerst@ifi.unizh.ch", "", nil},
		{"news:comp.infosystems.www.servers.unix", RFC2396, "opaque_part", "", "", "news", "", "", "comp.infosystems.www.servers.unix", "", nil},
		{"telnet://melvyl.ucop.edu/", RFC2396, "net_path", "server", "hostname", "telnet", "melvyl.ucop.edu", "", "/", "", []Segment{{}}},
		{"http://www.ics.uci.edu/pub/ietf/uri/#Related", RFC2396, "net_path", "server", "hostname", "http", "www.ics.uci.edu", "", "/pub/ietf/uri/", "",
			[]Segment{{Name: "pub"}, {Name: "ietf"}, {Name: "uri"}, {}}},
		{"http://a/b/c/d;p?q", RFC2396, "net_path", "server", "hostname", "http", "a", "", "/b/c/d;p", "q",
			[]Segment{{Name: "b"}, {Name: "c"}, {Name: "d", Params: []string{"p"}}}},
		// Section 3.2.2: "example.123" ends in a label that begins with a digit.
		{"http://example.123/", RFC2396, "net_path", "reg_name", "", "http", "example.123", "", "/", "", []Segment{{}}},
		// RFC 2732, Section 2
		{"http://[FEDC:BA98:7654:3210:FEDC:BA98:7654:3210]:80/index.html", RFC2732, "net_path", "server", "IPv6reference", "http", "[FEDC:BA98:7654:3210:FEDC:BA98:7654:3210]", "80", "/index.html", "", []Segment{{Name: "index.html"}}},
		{"http://[1080:0:0:0:8:800:200C:417A]/index.html", RFC2732, "net_path", "server", "IPv6reference", "http", "[1080:0:0:0:8:800:200C:417A]", "", "/index.html", "", []Segment{{Name: "index.html"}}},
		{"http://[3ffe:2a00:100:7031::1]", RFC2732, "net_path", "server", "IPv6reference", "http", "[3ffe:2a00:100:7031::1]", "", "", "", nil},
		{"http://[1080::8:800:200C:417A]/foo", RFC2732, "net_path", "server", "IPv6reference", "http", "[1080::8:800:200C:417A]", "", "/foo", "", []Segment{{Name: "foo"}}},
		{"http://[::192.9.5.5]/ipng", RFC2732, "net_path", "server", "IPv6reference", "http", "[::192.9.5.5]", "", "/ipng", "", []Segment{{Name: "ipng"}}},
		{"http://[::FFFF:129.144.52.38]:80/index.html", RFC2732, "net_path", "server", "IPv6reference", "http", "[::FFFF:129.144.52.38]", "80", "/index.html", "", []Segment{{Name: "index.html"}}},
		{"http://[2010:836B:4179::836B:4179]", RFC2732, "net_path", "server", "IPv6reference", "http", "[2010:836B:4179::836B:4179]", "", "", "", nil},
	}
	for _, tt := range tests {
		l, err := Parse(tt.in, tt.g)
		if err != nil {
			t.Errorf("Parse(%q, %v): %v", tt.in, tt.g, err)
			continue
		}
		u := l.Parts
		segments, _ := l.Segments()
		got := []any{l.Form, l.AuthorityForm, l.HostForm, u.Scheme, u.Host, u.Port, u.Path, u.Query, slices.Collect(segments)}
		want := []any{tt.form, tt.authority, tt.hostForm, tt.scheme, tt.host, tt.port, tt.path, tt.query, tt.segments}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("Parse(%q, %v): Form, AuthorityForm, HostForm, Scheme, Host, Port, Path, Query, Segments (-want +got):\n%s", tt.in, tt.g, d)
		}
		if _, changes, _ := l.Upgrade(); len(changes) != 0 {
			t.Errorf("Parse(%q, %v): changes %v for a valid RFC 3986 URI", tt.in, tt.g, changes)
		}
	}
}

// TestGrammarsDiffer lists inputs that one grammar accepts and another
// rejects, each with the rule that decides. Every verdict is also checked
// against the grammar's oracle, and against RFC 3986's Parse ("rfc3986").
func TestGrammarsDiffer(t *testing.T) {
	const rfc3986 Grammar = 0
	tests := []struct {
		in    string
		valid []Grammar
		not   []Grammar
		rule  string
	}{
		{"http://h/~user", []Grammar{RFC2396, RFC2068, RFC2616, rfc3986}, []Grammar{RFC1738, RFC1808},
			`"~" is national in RFC 1738 and 1808 (Section 2.2), a mark in RFC 2396 (2.3), unreserved in RFC 2068 and 3986`},
		{"http://user@h/", []Grammar{RFC2396, RFC1808, rfc3986}, []Grammar{RFC1738, RFC2068, RFC2616},
			`RFC 1738, Section 3.3: "No user name or password is allowed"; http_URL has no userinfo`},
		{"http://example.123/", []Grammar{RFC2396, RFC1808, rfc3986}, []Grammar{RFC1738, RFC2616, RFC2068},
			`RFC 2396, 3.2.2: a toplabel begins with a letter, so this is a reg_name, which http_URL does not take`},
		{"http://a@b@c/", []Grammar{RFC2396, RFC1808}, []Grammar{RFC1738, RFC2616, rfc3986},
			`RFC 2396, 3.2.1: a reg_name may hold "@"; RFC 3986's authority has one "@" at most`},
		{"?q", []Grammar{RFC1808, RFC2068, rfc3986}, []Grammar{RFC2396, RFC2732, RFC2616},
			`RFC 2396, Section 5: rel_path = rel_segment [ abs_path ] needs a segment; RFC 1808's rel_path may be empty`},
		{"s:", []Grammar{RFC1738, RFC1808, rfc3986}, []Grammar{RFC2396, RFC2616},
			`RFC 2396, Section 3: opaque_part = uric_no_slash *uric has at least one character`},
		{"http://h?q", []Grammar{RFC2396, RFC1808, rfc3986}, []Grammar{RFC1738, RFC2616, RFC2068},
			`RFC 1738 httpurl and http_URL put the search or query after a "/" path only`},
		{"http://h/a{b}", []Grammar{RFC2068}, []Grammar{RFC1738, RFC1808, RFC2396, RFC2616, rfc3986},
			`"{" is national: allowed by RFC 2068, Section 3.2.1; unwise in RFC 2396, Section 2.4.3`},
		{"http://h//x", []Grammar{RFC2396, RFC2616, RFC1738, rfc3986}, []Grammar{RFC2068},
			`RFC 2068: abs_path = "/" rel_path, and a rel_path's path begins with fsegment = 1*pchar`},
		{"http://[::1]/", []Grammar{RFC2732, rfc3986}, []Grammar{RFC2396, RFC2616, RFC1738, RFC1808, RFC2068},
			`RFC 2732, Section 3 adds IPv6reference to host; "[" is unwise in RFC 2396, national in 1738 and 1808; an http_URL host is a host name`},
		{"http://h/?a[1]", []Grammar{RFC2732, RFC2068}, []Grammar{RFC2396, rfc3986},
			`RFC 2732 makes "[" and "]" reserved, so uric; RFC 3986's query has no "[" or "]"`},
		{"http://[::1.02.3.4]/", []Grammar{RFC2732}, []Grammar{rfc3986},
			`RFC 2373's IPv4address is 1*3DIGIT; RFC 3986's dec-octet has no leading zero`},
		{"1a:b", []Grammar{RFC1738, RFC1808}, []Grammar{RFC2396, rfc3986},
			`RFC 1738 and 1808: scheme = 1*( alpha | digit | ...); RFC 2396 and 3986 begin with a letter`},
		{"a_b:c", []Grammar{RFC1808, RFC2068}, []Grammar{RFC2396, rfc3986},
			`RFC 1808's pchar includes ":", and "a_b" is no scheme (Section 2.4.2); rel_segment has no ":"`},
		{"http:x", []Grammar{RFC1808, RFC2396, rfc3986}, []Grammar{RFC1738, RFC2068, RFC2616},
			`http_URL needs "//"; RFC 1808 has no http rule, RFC 2396 reads an opaque_part`},
		{"file://h", []Grammar{RFC2396, rfc3986}, []Grammar{RFC1738},
			`RFC 1738: fileurl = "file://" [ host | "localhost" ] "/" fpath`},
		{"http://h:/", []Grammar{RFC2396, RFC2616, rfc3986}, []Grammar{RFC1738},
			`RFC 1738: port = digits, at least one; RFC 2396: port = *digit`},
		{"http://h./", []Grammar{RFC2396, RFC2616, rfc3986}, []Grammar{RFC1738, RFC2068},
			`RFC 2396's hostname may end with "."; RFC 1738's may not`},
		{"ftp://h/a;b", []Grammar{RFC2396, rfc3986}, []Grammar{RFC1738},
			`RFC 1738: an fsegment has no ";", which only starts ";type="`},
		{"news:a@b", []Grammar{RFC1738, RFC2396, rfc3986}, []Grammar{},
			`RFC 1738, Section 3.6: an article is <unique>@<full_domain_name>`},
		{"mailto:", []Grammar{rfc3986, RFC1808}, []Grammar{RFC1738, RFC2396},
			`RFC 1738: encoded822addr = 1*xchar; RFC 2396: opaque_part is not empty`},
		{"g#s#t", []Grammar{}, []Grammar{RFC1738, RFC1808, RFC2068, RFC2396, RFC2732, RFC2616, rfc3986},
			`no grammar allows "#" in a fragment`},
	}
	for _, tt := range tests {
		for _, list := range []struct {
			gs   []Grammar
			want bool
		}{{tt.valid, true}, {tt.not, false}} {
			for _, g := range list.gs {
				var err error
				switch {
				case g == rfc3986:
					_, err = uri.Parse(tt.in)
				default:
					_, err = Parse(tt.in, g)
					if ok, _ := legacyOracle(g).Check(tt.in); ok != list.want {
						t.Errorf("%q under %v: the oracle says %v; the table says %v (%s)", tt.in, g, ok, list.want, tt.rule)
					}
				}
				if (err == nil) != list.want {
					t.Errorf("%q under %v: error %v; want valid=%v (%s)", tt.in, grammarName(g), err, list.want, tt.rule)
				}
			}
		}
	}
}

func grammarName(g Grammar) string {
	if g == 0 {
		return "rfc3986"
	}
	return g.String()
}

// TestLegacyErrors pins the offset, component and reason of errors.
func TestLegacyErrors(t *testing.T) {
	tests := []struct {
		g    Grammar
		in   string
		off  int
		comp uri.Component
		err  error
	}{
		{RFC1738, "", 0, uri.Scheme, uri.ErrMissingScheme},
		{RFC1738, "//h/", 0, uri.Scheme, uri.ErrMissingScheme},
		{RFC1738, "ht tp://h", 2, uri.Scheme, ErrMustEscape},
		{RFC1738, "ht_tp://h", 2, uri.Scheme, uri.ErrInvalidByte},
		{RFC1738, "ftp:h", 4, uri.Authority, uri.ErrInvalidByte},
		{RFC1738, "http://u:p@h/", 9, uri.Port, uri.ErrBadPort},
		{RFC1738, "http://u@h/", 8, uri.Host, ErrUserinfoNotAllowed},
		{RFC1738, "http://1@h/", 8, uri.Host, ErrUserinfoNotAllowed},
		{RFC1738, "ftp://u@-h/", 8, uri.Host, ErrBadHost},
		{RFC1738, "ftp://a_b/", 9, uri.Host, ErrBadHost},
		{RFC1738, "ftp://h:/", 8, uri.Port, uri.ErrBadPort},
		{RFC1738, "ftp://a b", 7, uri.Authority, ErrMustEscape},
		{RFC1738, "ftp://a%zz", 8, uri.Authority, uri.ErrBadPercent},
		{RFC1738, "http://h/a~b", 10, uri.Path, ErrMustEscape},
		{RFC1738, "http://h/?a/b", 11, uri.Query, uri.ErrInvalidByte},
		{RFC1738, "file://u@h/", 8, uri.Host, ErrUserinfoNotAllowed},
		{RFC1738, "file://h", 8, uri.Path, ErrUnexpectedEnd},
		{RFC1738, "nntp://h/1", 9, uri.Path, uri.ErrInvalidByte},
		{RFC1738, "wais://h/d/t", 12, uri.Path, ErrUnexpectedEnd},
		{RFC1738, "prospero://h/p;n", 16, uri.Path, ErrUnexpectedEnd},
		{RFC1738, "news:a@b_c", 8, uri.Path, ErrBadHost},
		{RFC1738, "telnet://h/x", 11, uri.Path, uri.ErrInvalidByte},
		{RFC1738, "ftp://h/a;type=", 15, uri.Path, ErrUnexpectedEnd},
		{RFC2396, "http://h/a b", 10, uri.Path, ErrMustEscape},
		{RFC2396, "http://h/a^b", 10, uri.Path, ErrMustEscape},
		{RFC2396, "http://h/?\x80", 10, uri.Query, ErrMustEscape},
		{RFC2396, "a_b:c", 3, uri.Path, uri.ErrColonInFirstSegment},
		{RFC2396, "?q", 0, uri.Path, uri.ErrInvalidByte},
		{RFC2396, "s:", 2, uri.Path, ErrUnexpectedEnd},
		{RFC2396, "s:#", 2, uri.Path, uri.ErrInvalidByte},
		{RFC2396, "//a b/", 3, uri.Authority, ErrMustEscape},
		{RFC2396, "//h:1 /", 5, uri.Authority, ErrMustEscape},
		{RFC2616, "http://h:8a/", 10, uri.Port, uri.ErrBadPort},
		{RFC2732, "//[::1]x/", 7, uri.Host, uri.ErrInvalidByte},
		{RFC2732, "//[::1.2.3.256]/", 13, uri.Host, uri.ErrBadIPLiteral},
		{RFC2732, "//[fe80::1%25x]/", 10, uri.Host, uri.ErrBadIPLiteral},
		{RFC2732, "//[::01234]/", 9, uri.Host, uri.ErrBadIPLiteral},
		{RFC2616, "http://h?q", 8, uri.Path, uri.ErrInvalidByte},
		{RFC2616, "http://u@h/", 8, uri.Host, ErrUserinfoNotAllowed},
		{RFC2616, "http://h:8@x/", 10, uri.Host, ErrUserinfoNotAllowed},
		{RFC2616, "http://example.123/", 18, uri.Host, ErrBadHost},
		{RFC2616, "http:", 5, uri.Authority, ErrUnexpectedEnd},
		{RFC2068, "http://h/a b", 10, uri.Path, ErrMustEscape},
		{RFC2068, "http://h//", 9, uri.Path, uri.ErrInvalidByte},
		{RFC2068, "//h/a#b#", 7, uri.Fragment, uri.ErrInvalidByte},
		{RFC1808, "/a~", 2, uri.Path, ErrMustEscape},
		{RFC1808, "/a;%g", 4, uri.Path, uri.ErrBadPercent},
		{RFC1808, "/a?%", 4, uri.Query, uri.ErrBadPercent},
	}
	for _, tt := range tests {
		l, err := Parse(tt.in, tt.g)
		var e *uri.Error
		if !errors.As(err, &e) {
			t.Errorf("Parse(%q, %v) = %v, want an *uri.Error", tt.in, tt.g, err)
			continue
		}
		if e.Offset != tt.off || e.Component != tt.comp || !errors.Is(err, tt.err) || e.Op != uri.OpParse || e.Detail != tt.g.String() || e.Input != tt.in {
			t.Errorf("Parse(%q, %v) = {Op %q, Offset %d, uri.Component %v, Err %q}; want {%v, %d, %v, %q}",
				tt.in, tt.g, e.Op, e.Offset, e.Component, e.Err, tt.g, tt.off, tt.comp, tt.err)
		}
		if ok, off := legacyOracle(tt.g).Check(tt.in); ok || off != tt.off {
			t.Errorf("%q under %v: the oracle says ok=%v offset=%d", tt.in, tt.g, ok, off)
		}
		if l.String() != "" || l.Record != nil || l.Form != "" {
			t.Errorf("Parse(%q, %v) returned a partial result", tt.in, tt.g)
		}
	}
	if _, err := Parse("x", Grammar(99)); !errors.Is(err, ErrUnknownGrammar) {
		t.Errorf("ParseLegacy with an unknown grammar: %v", err)
	}
}

// TestLegacyUpgrade checks Upgrade: the RFC 3986 text, the changes, and
// that the result parses to the legacy components, encoded.
func TestLegacyUpgrade(t *testing.T) {
	tests := []struct {
		g       Grammar
		in      string
		want    string
		changes []uri.Change
	}{
		{RFC1738, "ftp://h/a?b", "ftp://h/a%3Fb", []uri.Change{ch(9, uri.Path, "?", "%3F", reasonQuestionPath)}},
		{RFC1738, "ftp://u?x:p?y@h/", "ftp://u%3Fx:p%3Fy@h/", []uri.Change{
			ch(7, uri.Userinfo, "?", "%3F", reasonEndAuthority), ch(11, uri.Userinfo, "?", "%3F", reasonEndAuthority)}},
		{RFC1738, "mailto:a?b", "mailto:a%3Fb", []uri.Change{ch(8, uri.Path, "?", "%3F", reasonQuestionPath)}},
		{RFC1738, "x://a@b@c", "x:/.//a@b@c", []uri.Change{ch(2, uri.Path, "", "/.", reasonSlashes)}},
		{RFC2068, "http://h/a b"[:0] + "http://h/{x}|", "http://h/%7Bx%7D%7C", []uri.Change{
			ch(9, uri.Path, "{", "%7B", reasonNotAllowed(uri.Path)), ch(11, uri.Path, "}|", "%7D%7C", reasonNotAllowed(uri.Path))}},
		{RFC2068, "/caf\xc3\xa9?\xff#^", "/caf%C3%A9?%FF#%5E", []uri.Change{
			ch(4, uri.Path, "\xc3\xa9", "%C3%A9", reasonNotAllowed(uri.Path)), ch(7, uri.Query, "\xff", "%FF", reasonNotAllowed(uri.Query)),
			ch(9, uri.Fragment, "^", "%5E", reasonNotAllowed(uri.Fragment))}},
		{RFC2068, "a:b"[:0] + ":x", "./:x", []uri.Change{ch(0, uri.Path, "", "./", reasonColon)}},
		{RFC2068, "//h?x/y", "//h%3Fx/y", []uri.Change{ch(3, uri.Host, "?", "%3F", reasonEndAuthority)}},
		{RFC2068, "//[x]/", "//%5Bx%5D/", []uri.Change{ch(2, uri.Host, "[", "%5B", reasonNotAllowed(uri.Host)), ch(4, uri.Host, "]", "%5D", reasonNotAllowed(uri.Host))}},
		{RFC2068, "//[v1.x]/", "//[v1.x]/", nil},
		{RFC2396, "http://a@b@c:80/", "http://a%40b%40c:80/", []uri.Change{ch(8, uri.Host, "@", "%40", reasonDelimiters), ch(10, uri.Host, "@", "%40", reasonDelimiters)}},
		{RFC2396, "http://h:x:1/", "http://h%3Ax%3A1/", []uri.Change{ch(8, uri.Host, ":", "%3A", reasonDelimiters), ch(10, uri.Host, ":", "%3A", reasonDelimiters)}},
		{RFC2732, "http://[::ffff:001.02.3.000]/?[x]", "http://[::ffff:1.2.3.0]/?%5Bx%5D", []uri.Change{
			ch(15, uri.Host, "001.02.3.000", "1.2.3.0", reasonLeadingZeros), ch(30, uri.Query, "[", "%5B", reasonNotAllowed(uri.Query)), ch(32, uri.Query, "]", "%5D", reasonNotAllowed(uri.Query))}},
		{RFC2396, "http://h/p", "http://h/p", nil},
	}
	for _, tt := range tests {
		l, err := Parse(tt.in, tt.g)
		if err != nil {
			t.Errorf("Parse(%q, %v): %v", tt.in, tt.g, err)
			continue
		}
		up, changes, err := l.Upgrade()
		if d := cmp.Diff(tt.changes, changes); d != "" {
			t.Errorf("Parse(%q, %v).Upgrade() changes (-want +got):\n%s", tt.in, tt.g, d)
		}
		if err != nil || up.String() != tt.want {
			t.Errorf("Upgrade of %q (%v) = %q, %v; want %q", tt.in, tt.g, up, err, tt.want)
			continue
		}
		if p, err := uri.Parse(up.String()); err != nil || p != up {
			t.Errorf("uri.Parse(%q) = %v; the upgrade is not what Parse gives", up, err)
		}
		if len(tt.changes) == 0 {
			if p, err := uri.Parse(tt.in); err != nil || p != up {
				t.Errorf("Parse(%q, %v) without changes differs from uri.Parse: %v", tt.in, tt.g, err)
			}
		}
	}
	// A scheme that begins with a digit has no RFC 3986 form.
	l, err := Parse("3d:x", RFC1738)
	if err != nil {
		t.Fatal(err)
	}
	var e *uri.Error
	if _, _, err := l.Upgrade(); !errors.Is(err, uri.ErrCannotEncode) || !errors.As(err, &e) || e.Op != uri.OpBuild || e.Component != uri.Scheme {
		t.Errorf("Upgrade of 3d:x: %v", err)
	}
	if u, changes, err := (URL{}).Upgrade(); err != nil || u != (uri.URI{}) || changes != nil {
		t.Errorf("Upgrade of the zero URL = %q, %v, %v", u, changes, err)
	}
}

// TestLegacyValues: a URL whose text is not RFC 3986 keeps that text and
// its parts, its upgrade reports what it changed, and the RFC 3986
// functions reject the text or divide it otherwise.
func TestLegacyValues(t *testing.T) {
	inputs := []struct {
		g  Grammar
		in string
	}{
		{RFC2068, "http://H:80/a{b}/c^?d|e#f`g"},
		{RFC2068, "//u@[x]:1/"},
		{RFC2068, "//[::1]%41/"},
		{RFC2396, "http://a@b@c:x/"},
		{RFC1738, "ftp://u?:p?@h:21/a?b;type=i"},
		{RFC1738, "3d://x/y"},
		{RFC1808, ":x;y?z"},
		{RFC2732, "http://[::1.02.3.4]:8/"},
	}
	for _, tt := range inputs {
		l, err := Parse(tt.in, tt.g)
		if err != nil {
			t.Fatalf("Parse(%q, %v): %v", tt.in, tt.g, err)
		}
		if l.String() != tt.in {
			t.Errorf("String() = %q, want %q", l, tt.in)
		}
		if recomposed := recompose(l.Parts); recomposed != tt.in {
			t.Errorf("the components of %q recompose to %q", tt.in, recomposed)
		}
		if _, changes, err := l.Upgrade(); len(changes) == 0 && err == nil {
			t.Errorf("%q: nothing reported for text that is not RFC 3986 as divided", tt.in)
		}
		if p, err := uri.Parse(tt.in); err == nil && p.Components() == l.Parts {
			t.Errorf("%q: uri.Parse gives the same components, so it is RFC 3986 after all", tt.in)
		}
		if _, err := l.Parts.URI(); err == nil {
			if _, changes, _ := l.Upgrade(); len(changes) > 0 && changes[0].To != "/." && changes[0].To != "./" {
				t.Errorf("%q: Parts.URI() accepts the legacy components", tt.in)
			}
		}
	}
}

// TestLegacyByteSets tries every byte at many places under every grammar,
// and compares the verdict and the offset with the oracle.
func TestLegacyByteSets(t *testing.T) {
	templates := []string{
		"%s:x", "a%s:x", "http://%s/", "http://a%s/", "http://u%s@h/", "http://u:p%s@h/", "http://h:8%s/",
		"ftp://%s@h/", "ftp://h/a%s", "ftp://h/a;type=%s", "http://h/a%s", "http://h/?a%s", "http://h/#a%s",
		"gopher://h/1%s", "mailto:%s", "news:%s", "news:a%s", "news:a%s@h", "news:a@h%s", "nntp://h/g%s",
		"nntp://h/g/1%s", "telnet://h%s", "wais://h/d%s", "wais://h/d?%s", "wais://h/d/t/%s", "file://%s/",
		"file:///a%s", "prospero://h/p;n%s=v", "prospero://h/p;n=v%s", "x://h/a%s", "x:a%s", "%s", "a%s",
		"/a%s", "//a%s", "//[::%s]/", "//[::1.2.3.%s]/", "a/b%s", "?%s", ";%s", "s:%s", "s:a%s", "//h?%s/",
		"%s://h/",
	}
	for _, g := range legacyGrammars {
		for _, tmpl := range templates {
			for b := 0; b < 256; b++ {
				s := strings.Replace(tmpl, "%s", string([]byte{byte(b)}), 1)
				if msg := compareLegacyWithOracle(g, s); msg != "" {
					t.Errorf("Parse(%q, %v): %s", s, g, msg)
				}
			}
		}
	}
}

// TestLegacyConsistent checks, on generated references, that the legacy
// value divides its text exactly, that a value without changes is what
// Parse gives, and that every upgrade parses to the legacy components.
func TestLegacyConsistent(t *testing.T) {
	n := 40000
	if oracle.Short() {
		n = 4000
	}
	r := rand.New(rand.NewPCG(2616, 2732))
	for i := 0; i < n; i++ {
		s := genLegacy(r)
		for _, g := range legacyGrammars {
			if msg := checkLegacyInvariants(s, g); msg != "" {
				t.Fatalf("Parse(%q, %v): %s", s, g, msg)
			}
		}
	}
}

// checkLegacyInvariants returns what is wrong with Parse(s, g), or "".
// It serves the tests and the fuzz target.
func checkLegacyInvariants(s string, g Grammar) string {
	l, err := Parse(s, g)
	if err != nil {
		var e *uri.Error
		if !errors.As(err, &e) || e.Op != uri.OpParse || e.Detail != g.String() || e.Offset < 0 || e.Offset > len(s) {
			return "bad error " + errString(err)
		}
		// The offset rule: s[:Offset] can still be continued, s[:Offset+1] cannot.
		if _, err := Parse(s[:e.Offset], g); err != nil {
			var f *uri.Error
			if !errors.As(err, &f) || f.Offset != e.Offset {
				return "the prefix up to the error offset fails earlier: " + err.Error() + " vs " + e.Error()
			}
		}
		if e.Offset < len(s) {
			var f *uri.Error
			if _, err := Parse(s[:e.Offset+1], g); !errors.As(err, &f) || f.Offset != e.Offset {
				return "the prefix past the error offset does not fail there: " + errString(err) + " vs " + e.Error()
			}
		}
		return ""
	}
	if l.String() != s || recompose(l.Parts) != s {
		return "String() = " + l.String() + ", the components recompose to " + recompose(l.Parts)
	}
	if c := l.Parts; c.Userinfo != "" && !c.HasUserinfo || c.Port != "" && !c.HasPort ||
		c.Query != "" && !c.HasQuery || c.Fragment != "" && !c.HasFragment ||
		(c.Host != "" || c.HasUserinfo || c.HasPort) && !c.HasAuthority {
		return fmt.Sprintf("a present component of Parts lacks its Has field: %+v", c)
	}
	up, changes, err := l.Upgrade()
	if err != nil {
		if !errors.Is(err, uri.ErrCannotEncode) || abnf.Classes[s[0]]&abnf.Alpha != 0 {
			return "Upgrade: " + err.Error()
		}
		return ""
	}
	if len(changes) == 0 {
		if p, err := uri.Parse(s); err != nil || p != up {
			return "no changes, but uri.Parse disagrees: " + errString(err)
		}
	}
	if p, err := uri.Parse(up.String()); err != nil || p != up {
		return "the upgrade " + up.String() + " does not parse to itself: " + errString(err)
	}
	if msg := checkChanges(s, changes, up.String()); msg != "" {
		return msg
	}
	c := l.Parts
	if up.HasScheme() != (c.Scheme != "") || up.HasAuthority() != c.HasAuthority || up.HasUserinfo() != c.HasUserinfo ||
		up.HasPort() != c.HasPort || up.HasQuery() != c.HasQuery || up.HasFragment() != c.HasFragment ||
		up.Scheme() != c.Scheme || up.Port() != c.Port {
		return "the upgrade " + up.String() + " has other components"
	}
	return ""
}

// checkChanges returns what is wrong with the edits that turn s into want:
// made one after the other, in order, they must give want exactly.
func checkChanges(s string, changes []uri.Change, want string) string {
	var b strings.Builder
	i := 0
	for _, c := range changes {
		if c.Offset < i || c.Offset+len(c.From) > len(s) || s[c.Offset:c.Offset+len(c.From)] != c.From {
			return fmt.Sprintf("change %+v does not fit the text %q", c, s)
		}
		b.WriteString(s[i:c.Offset])
		b.WriteString(c.To)
		i = c.Offset + len(c.From)
	}
	b.WriteString(s[i:])
	if b.String() != want {
		return fmt.Sprintf("the changes give %q, Upgrade gives %q", b.String(), want)
	}
	return ""
}

// TestLegacyAllocs pins the allocations of Parse: none for the text and the
// components, a few for the report.
func TestLegacyAllocs(t *testing.T) {
	tests := []struct {
		g      Grammar
		in     string
		allocs float64
	}{
		{RFC2396, "http://example.com/a/b?q#f", 0},     // the segments are split when asked for
		{RFC2616, "http://example.com:8080/", 0},       // the same
		{RFC2396, "mailto:a@b", 0},                     // opaque: nothing to report
		{RFC1808, "http://a/b/c/d;p?q#f", 0},           // params are a substring
		{RFC1738, "ftp://u@h/a/b/c;type=i", 2},         // the cwd list and the typed result
		{RFC1738, "news:comp.infosystems.www.misc", 1}, // the typed result
		{RFC2068, "http://h/{a}", 0},                   // the changes are Upgrade's
	}
	for _, tt := range tests {
		n := testing.AllocsPerRun(100, func() { _, _ = Parse(tt.in, tt.g) })
		if n != tt.allocs {
			t.Errorf("Parse(%q, %v): %v allocations, want %v", tt.in, tt.g, n, tt.allocs)
		}
	}
}

func TestGrammarString(t *testing.T) {
	want := map[Grammar]string{RFC1738: "rfc1738", RFC1808: "rfc1808", RFC2068: "rfc2068", RFC2396: "rfc2396",
		RFC2732: "rfc2732", RFC2616: "rfc2616", 0: "grammar(0)", 42: "grammar(42)"}
	for g, s := range want {
		if g.String() != s {
			t.Errorf("Grammar(%d).String() = %q, want %q", g, g.String(), s)
		}
	}
}
