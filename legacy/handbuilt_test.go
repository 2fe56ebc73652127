package legacy

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/testrows"
)

// URL's fields are exported, so a caller can build one by hand or change
// one that Parse returned. Upgrade documents that it works from Parts alone
// and never panics; the tests here hold it to that, and to the same
// invariants as for a parsed URL, on values that no grammar accepts.

// checkHandBuilt runs every method of l and returns what is wrong: a panic;
// an upgrade that does not parse to itself, whose changes do not turn the
// components written as they are into it, or whose components are not
// l.Parts'; or an error that is not an *uri.Error with Op uri.OpBuild and an
// offset inside its input, or that comes with a result.
func checkHandBuilt(l URL) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprintf("panic: %v", r)
		}
	}()
	_ = l.Grammar.String()
	if l.String() != l.text {
		return "String() is not the text"
	}
	if seq, ok := l.Segments(); ok != l.hasSegs {
		return "Segments reports a path it does not have"
	} else {
		for range seq {
		}
	}
	if l.Record != nil {
		_ = l.Record.DefaultPort()
	}
	up, changes, err := l.Upgrade()
	if err != nil {
		var e *uri.Error
		if !errors.As(err, &e) || e.Op != uri.OpBuild || e.Offset < 0 || e.Offset > len(e.Input) || e.Error() == "" {
			return fmt.Sprintf("error %#v", err)
		}
		if !slices.ContainsFunc([]error{uri.ErrCannotEncode, uri.ErrPathWithAuthority, uri.ErrTooLong}, func(w error) bool { return errors.Is(err, w) }) {
			return "an error with another reason: " + err.Error()
		}
		if up != (uri.URI{}) || changes != nil {
			return fmt.Sprintf("an error with a result: %q, %v", up, changes)
		}
		return ""
	}
	if p, perr := uri.Parse(up.String()); perr != nil || p != up {
		return fmt.Sprintf("the upgrade %q does not parse to itself: %v", up, perr)
	}
	if m := checkChanges(recompose(l.Parts), changes, up.String()); m != "" {
		return m
	}
	c := l.Parts
	hasUserinfo := c.HasUserinfo || c.Userinfo != ""
	hasPort := c.HasPort || c.Port != ""
	hasAuth := c.HasAuthority || hasUserinfo || c.Host != "" || hasPort
	if up.Scheme() != c.Scheme || up.HasAuthority() != hasAuth || up.HasUserinfo() != hasUserinfo ||
		up.HasPort() != hasPort || up.Port() != c.Port ||
		up.HasQuery() != (c.HasQuery || c.Query != "") || up.HasFragment() != (c.HasFragment || c.Fragment != "") {
		return fmt.Sprintf("the upgrade %q has other components than %+v", up, c)
	}
	return ""
}

// hostForms are the HostForm values tried: the documented ones, and others.
var hostForms = []string{"", "hostname", "IPv4address", "IPv6reference", "reg_name", "ipv6reference", "\xff"}

// records are the Record values tried, a nil one included.
var records = []Record{nil, FTP{Cwd: []string{"", "x"}, Typecode: "z"}, HTTP{}, Gopher{}, Mailto{}, News{},
	NNTP{}, Telnet{}, WAIS{}, File{}, Prospero{}, Other{}}

// TestUpgradeRearranged takes each URL that the testdata rows parse to and
// changes it as a caller could: components moved into other fields, Has
// flags set or cleared, a host form, a record or the Parts of another
// URL. Every result keeps the invariants of checkHandBuilt.
func TestUpgradeRearranged(t *testing.T) {
	var parsed []URL
	for _, g := range legacyGrammars {
		for _, row := range testrows.Read[testrows.Legacy](t, "testdata/legacy-"+g.String()+".jsonl") {
			if l, err := Parse(row.Bytes(t), g); err == nil {
				parsed = append(parsed, l)
			}
		}
	}
	if len(parsed) < 100 {
		t.Fatalf("only %d parsed rows", len(parsed))
	}
	rearrange := []struct {
		name string
		fn   func(c *uri.Components)
	}{
		{"as parsed", func(*uri.Components) {}},
		{"host and path swapped", func(c *uri.Components) { c.Host, c.Path = c.Path, c.Host }},
		{"userinfo and query swapped", func(c *uri.Components) { c.Userinfo, c.Query = c.Query, c.Userinfo }},
		{"port and fragment swapped", func(c *uri.Components) { c.Port, c.Fragment = c.Fragment, c.Port }},
		{"scheme and host swapped", func(c *uri.Components) { c.Scheme, c.Host = c.Host, c.Scheme }},
		{"path moved to the scheme", func(c *uri.Components) { c.Scheme, c.Path = c.Path, "" }},
		{"every Has set", func(c *uri.Components) {
			c.HasUserinfo, c.HasAuthority, c.HasPort, c.HasQuery, c.HasFragment = true, true, true, true, true
		}},
		{"every Has cleared", func(c *uri.Components) {
			c.HasUserinfo, c.HasAuthority, c.HasPort, c.HasQuery, c.HasFragment = false, false, false, false, false
		}},
		{"authority without host", func(c *uri.Components) { c.Host, c.HasAuthority = "", true }},
		{"host in brackets", func(c *uri.Components) { c.Host = "[" + c.Host + "]" }},
		{"host as an RFC 2732 literal with zeros", func(c *uri.Components) { c.Host = "[::" + c.Host + ".01.002.3]" }},
		{"the text in every field", func(c *uri.Components) {
			s := recompose(*c)
			*c = uri.Components{Scheme: s, Userinfo: s, Host: s, Port: s, Path: s, Query: s, Fragment: s}
		}},
	}
	for i, l := range parsed {
		other := parsed[(i*7+3)%len(parsed)]
		for _, r := range rearrange {
			for k, hf := range hostForms {
				v := l
				r.fn(&v.Parts)
				v.HostForm = hf
				v.Record = records[(i+k)%len(records)]
				if msg := checkHandBuilt(v); msg != "" {
					t.Errorf("Parse(%q, %v), %s, HostForm %q: %s", l, l.Grammar, r.name, hf, msg)
				}
			}
		}
		// Another URL's report around these Parts, and these Parts in a
		// value without its text.
		mixed := other
		mixed.Parts = l.Parts
		if msg := checkHandBuilt(mixed); msg != "" {
			t.Errorf("the Parts of %q in the URL of %q: %s", l, other, msg)
		}
		if msg := checkHandBuilt(URL{Parts: l.Parts, HostForm: "IPv6reference", Grammar: Grammar(i)}); msg != "" {
			t.Errorf("the Parts of %q alone: %s", l, msg)
		}
	}
}

// TestUpgradeExtremeFields: Upgrade on fields no parser produces.
func TestUpgradeExtremeFields(t *testing.T) {
	for _, l := range []URL{
		{Grammar: math.MaxUint8, Form: "\x00", AuthorityForm: "server", HostForm: "IPv6reference", Params: ";", HasParams: true},
		{Parts: uri.Components{Host: "[:.]"}, HostForm: "IPv6reference"},
		{Parts: uri.Components{Host: "[::.]"}, HostForm: "IPv6reference"},
		{Parts: uri.Components{Host: "[::0.0.0.0]"}, HostForm: "IPv6reference"},
		{Parts: uri.Components{Host: "[::00.00.00.00]"}, HostForm: "IPv6reference"},
		{Parts: uri.Components{Host: "[::1.2.3.04]:80"}, HostForm: "IPv6reference"},
		{Parts: uri.Components{Host: "[]"}, HostForm: "IPv6reference"},
		{Parts: uri.Components{Host: "[::1.02.3.4]", Userinfo: "a b", Path: "/{x}", Query: "[", Fragment: "#"}, HostForm: "IPv6reference"},
		{Parts: uri.Components{Scheme: "a", Host: "[..0.]", Port: "0"}, HostForm: "IPv6reference"},
		{Parts: uri.Components{Scheme: ":", Path: "//"}},
		{Parts: uri.Components{Scheme: "a", Port: "x"}},
		{Parts: uri.Components{Path: "a", HasAuthority: true}},
		{Parts: uri.Components{Path: "%", Query: "%%", Fragment: "%2"}},
		{Parts: uri.Components{Path: "\xff\x00\u202e"}},
	} {
		if msg := checkHandBuilt(l); msg != "" {
			t.Errorf("%+v: %s", l, msg)
		}
	}
}

// FuzzUpgradeHandBuilt builds a URL from arbitrary fields and checks the
// invariants of checkHandBuilt.
func FuzzUpgradeHandBuilt(f *testing.F) {
	f.Add("http", "u", "[::1.02.3.4]", "80", "/p", "q", "f", uint16(0x1ff), uint8(3))
	f.Add("", "", "", "", "a:b", "", "", uint16(0), uint8(0))
	f.Add("1x", "a@b", "h:1", "8a", "//a?b#c", "#", "#", uint16(0x2a), uint8(1))
	f.Add("ftp", "", "[", "", "x", "", "", uint16(0x04), uint8(3))
	f.Fuzz(func(t *testing.T, scheme, userinfo, host, port, path, query, fragment string, bits uint16, form uint8) {
		l := URL{
			Grammar: Grammar(bits >> 8),
			Parts: uri.Components{
				Scheme: scheme, Userinfo: userinfo, Host: host, Port: port, Path: path, Query: query, Fragment: fragment,
				HasUserinfo: bits&1 != 0, HasAuthority: bits&2 != 0, HasPort: bits&4 != 0,
				HasQuery: bits&8 != 0, HasFragment: bits&16 != 0,
			},
			HostForm:  hostForms[int(form)%len(hostForms)],
			Form:      path,
			Params:    query,
			HasParams: bits&32 != 0,
			Record:    records[int(form)%len(records)],
		}
		if msg := checkHandBuilt(l); msg != "" {
			t.Fatalf("%+v: %s", l, msg)
		}
	})
}
