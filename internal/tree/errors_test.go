package tree

import (
	"context"
	"errors"
	"go/ast"
	"go/token"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gouri/uri"
	"github.com/gouri/uri/canon"
	"github.com/gouri/uri/dataurl"
	"github.com/gouri/uri/display"
	"github.com/gouri/uri/extract"
	"github.com/gouri/uri/guard"
	"github.com/gouri/uri/httptarget"
	"github.com/gouri/uri/legacy"
	"github.com/gouri/uri/mimetype"
	originpkg "github.com/gouri/uri/origin"
	"github.com/gouri/uri/robots"
	"github.com/gouri/uri/route"
	"github.com/gouri/uri/template"
	"github.com/gouri/uri/urlpattern"
	"github.com/gouri/uri/whatwg"
)

// errorCall is one failing call of an exported function or method and
// the *uri.Error that it returns.
type errorCall struct {
	call   string // the package (none for the root), type and function called
	err    error
	op     uri.Op
	name   string
	input  string
	off    int
	is     error  // the reason, for errors.Is
	detail string // checked when not empty
}

// errorCalls are the rows of TestErrorOps.
func errorCalls() []errorCall {
	u := uri.MustParse("http://h/p")
	var v uri.URI
	var i uri.IRI
	var wu whatwg.URL
	var hp uri.HostPort
	web, opaque, file := whatwg.MustParse("http://h/"), whatwg.MustParse("sc:x"), whatwg.MustParse("file:///x")
	set := func(u whatwg.URL, f func(*whatwg.URL, string) error, value string) error { return f(&u, value) }
	const no = uri.NoOffset
	return []errorCall{
		{"Parse", second(uri.Parse("a b")), uri.OpParse, "", "a b", 1, uri.ErrInvalidByte, ""},
		{"ParseURI", second(uri.ParseURI("a")), uri.OpParse, "", "a", 1, uri.ErrMissingScheme, ""},
		{"ParseAbsoluteURI", second(uri.ParseAbsoluteURI("a:b#c")), uri.OpParse, "", "a:b#c", 3, uri.ErrFragmentNotAllowed, ""},
		{"ParseRelativeRef", second(uri.ParseRelativeRef("a:b")), uri.OpParse, "", "a:b", 1, uri.ErrColonInFirstSegment, ""},
		{"ParseRFC6874", second(uri.ParseRFC6874("%")), uri.OpParse, "", "%", 1, uri.ErrBadPercent, ""},
		{"ParseIRI", second(uri.ParseIRI("\xff")), uri.OpParse, "", "\xff", 0, uri.ErrInvalidUTF8, ""},
		{"URI.UnmarshalText", v.UnmarshalText([]byte("a b")), uri.OpParse, "", "a b", 1, uri.ErrInvalidByte, ""},
		{"URI.UnmarshalBinary", v.UnmarshalBinary([]byte("a b")), uri.OpParse, "", "a b", 1, uri.ErrInvalidByte, ""},
		{"IRI.UnmarshalText", i.UnmarshalText([]byte("a b")), uri.OpParse, "", "a b", 1, uri.ErrInvalidByte, ""},
		{"ParseTarget", second(uri.ParseTarget("GET", "a")), uri.OpParse, "", "a", 1, uri.ErrMissingScheme, ""},
		{"ParseHost", second(uri.ParseHost("h:x")), uri.OpParse, "", "h:x", 2, uri.ErrBadPort, ""},
		{"HostPort.UnmarshalText", hp.UnmarshalText([]byte("a b")), uri.OpParse, "", "a b", 1, uri.ErrInvalidByte, ""},

		{"Components.URI", second(uri.Components{Scheme: "1"}.URI()), uri.OpBuild, "", "1:", 0, uri.ErrInvalidByte, ""},
		{"Components.Encode", third(uri.Components{Scheme: "1"}.Encode()), uri.OpBuild, "", "1:", 0, uri.ErrCannotEncode, ""},
		{"URI.WithScheme", second(u.WithScheme("1")), uri.OpBuild, "", "1", 0, uri.ErrInvalidByte, ""},
		{"URI.WithUserinfo", second(u.WithUserinfo("a b")), uri.OpBuild, "", "a b", 1, uri.ErrInvalidByte, ""},
		{"URI.WithHost", second(u.WithHost("a b")), uri.OpBuild, "", "a b", 1, uri.ErrInvalidByte, ""},
		{"URI.WithPort", second(u.WithPort("a")), uri.OpBuild, "", "a", 0, uri.ErrBadPort, ""},
		{"URI.WithPath", second(u.WithPath("a")), uri.OpBuild, "", "a", 0, uri.ErrPathWithAuthority, ""},
		{"URI.WithQuery", second(u.WithQuery("#")), uri.OpBuild, "", "#", 0, uri.ErrInvalidByte, ""},
		{"URI.WithFragment", second(u.WithFragment("#")), uri.OpBuild, "", "#", 0, uri.ErrInvalidByte, ""},
		{"URI.JoinPath", second(u.JoinPath("..")), uri.OpBuild, "", "..", 0, uri.ErrDotSegment, ""},
		{"URI.WithSegments", second(u.WithSegments("a", "..")), uri.OpBuild, "", "..", 0, uri.ErrDotSegment, ""},
		{"URI.WithUser", second(uri.MustParse("a:b").WithUser("u")), uri.OpBuild, "", "a:b", 2, uri.ErrNoAuthority, ""},
		{"URI.WithPassword", second(uri.MustParse("a:b").WithPassword("p")), uri.OpBuild, "", "a:b", 2, uri.ErrNoAuthority, ""},
		{"URI.WithHostText", second(u.WithHostText("é%41")), uri.OpBuild, "", "é%41", 2, uri.ErrInvalidByte, ""},
		{"FromURL(nil)", second(uri.FromURL(nil)), uri.OpBuild, "", "", 0, uri.ErrNilURL, ""},
		{"FromURL", second(uri.FromURL(&url.URL{Scheme: "http", Host: "h", RawQuery: "a b"})), uri.OpBuild, "", "http://h?a b", 10, uri.ErrInvalidByte, ""},

		{"Resolve", second(uri.Resolve("/a", "b")), uri.OpResolve, "base", "/a", 0, uri.ErrMissingScheme, ""},
		{"ResolveNonStrict", second(uri.ResolveNonStrict("http://h/", "a b")), uri.OpResolve, "", "a b", 1, uri.ErrInvalidByte, ""},
		{"Relativize", second(uri.Relativize("http://h/", "http://h/./a")), uri.OpRelativize, "", "http://h/./a", 9, uri.ErrDotSegment, ""},
		{"Relativize(base)", second(uri.Relativize("h", "http://h/")), uri.OpRelativize, "base", "h", 1, uri.ErrMissingScheme, ""},
		{"Normalize", second(uri.Normalize("a b")), uri.OpNormalize, "", "a b", 1, uri.ErrInvalidByte, ""},
		{"NormalizePath", second(uri.NormalizePath("/a b", uri.NormalizeCase)), uri.OpNormalize, "", "/a b", 2, uri.ErrInvalidByte, ""},
		{"Unescape", second(uri.Unescape("%zz", uri.EscapePath)), uri.OpUnescape, "", "%zz", 1, uri.ErrBadPercent, ""},
		{"UnescapeUTF8", second(uri.UnescapeUTF8("%FF", uri.EscapePath)), uri.OpUnescape, "", "%FF", 0, uri.ErrInvalidUTF8, ""},
		{"URI.PortNumber", second(uri.MustParse("//h:65536").PortNumber()), uri.OpPortNumber, "", "//h:65536", 8, uri.ErrPortRange, ""},
		{"IRI.PortNumber", second(must(uri.ParseIRI("//h:65536")).PortNumber()), uri.OpPortNumber, "", "//h:65536", 8, uri.ErrPortRange, ""},
		{"HostToASCII", second(uri.HostToASCII("a_b.example")), uri.OpIDNA, "", "a_b.example", 0, uri.ErrIDNA, ""},
		{"HostToUnicode", second(uri.HostToUnicode("a b")), uri.OpIDNA, "", "a b", 1, uri.ErrInvalidByte, ""},
		{"FilePath", second(uri.FilePath(u, uri.PathPOSIX)), uri.OpFilePath, "", "http://h/p", 0, uri.ErrNotFileScheme, ""},
		{"FromFilePath", second(uri.FromFilePath("a", uri.PathPOSIX)), uri.OpFilePath, "", "a", 0, uri.ErrNotAbsolute, ""},
		{"FileOptions.FilePath", second(uri.FileOptions{Style: uri.PathWindows, LocalOnly: true}.FilePath(uri.MustParse("file://evil.example/share/x"))), uri.OpFilePath, "", "file://evil.example/share/x", 7, uri.ErrFileHost, "a UNC server, which Windows would reach over SMB, refused by FileOptions.LocalOnly"},
		{"FileOptions.FromFilePath(Windows name)", second(uri.FileOptions{Style: uri.PathWindows}.FromFilePath("C:\\a\r\nb")), uri.OpFilePath, "", "C:\\a\r\nb", 4, uri.ErrWindowsName, ""},
		{"FileOptions.FromFilePath", second(uri.FileOptions{Spelling: uri.VSCodeSpelling}.FromFilePath("/a/../b")), uri.OpFilePath, "", "/a/../b", 3, uri.ErrDotSegment, ""},
		{"FileKey", second(uri.FileKey(u)), uri.OpFilePath, "", "http://h/p", 0, uri.ErrNotFileScheme, ""},

		{"legacy.Parse", second(legacy.Parse("a b", legacy.RFC2396)), uri.OpParse, "", "a b", 1, legacy.ErrMustEscape, "rfc2396"},
		{"legacy.Parse(unknown grammar)", second(legacy.Parse("a", legacy.Grammar(0))), uri.OpParse, "", "a", no, legacy.ErrUnknownGrammar, ""},
		{"legacy.CanonicalHTTP", second(legacy.CanonicalHTTP("http://u@h/")), uri.OpParse, "", "http://u@h/", 8, legacy.ErrUserinfoNotAllowed, "rfc2616"},
		{"legacy.EqualHTTP", second(legacy.EqualHTTP("http://h/", "a b")), uri.OpParse, "", "a b", 1, legacy.ErrMustEscape, "rfc2616"},
		{"legacy.ResolveRFC1808", second(legacy.ResolveRFC1808("/a", "g")), uri.OpResolve, "base", "/a", 0, uri.ErrMissingScheme, "rfc1808"},
		{"legacy.ResolveRFC2396", second(legacy.ResolveRFC2396("http://h/", "a b")), uri.OpResolve, "", "a b", 1, legacy.ErrMustEscape, "rfc2396"},
		{"legacy.URL.Upgrade", third(legacy.URL{Parts: uri.Components{Scheme: "1"}}.Upgrade()), uri.OpBuild, "", "1:", 0, uri.ErrCannotEncode, ""},

		{"whatwg.Parse", second(whatwg.Parse("https://example.org:7z")), uri.OpParse, "", "https://example.org:7z", 21, whatwg.ErrPortInvalid, ""},
		{"whatwg.Resolve", second(whatwg.Resolve("nope", "x")), uri.OpParse, "base", "nope", 0, whatwg.ErrMissingSchemeNonRelativeURL, ""},
		{"whatwg.URL.Parse", second(web.Parse("http://[")), uri.OpParse, "", "http://[", 8, whatwg.ErrIPv6Unclosed, ""},
		{"whatwg.Relativize", second(whatwg.Relativize("nope", "http://h/")), uri.OpRelativize, "base", "nope", 0, whatwg.ErrMissingSchemeNonRelativeURL, ""},
		{"whatwg.Relativize(target)", second(whatwg.Relativize("http://h/", "http://h:x/")), uri.OpRelativize, "", "http://h:x/", 9, whatwg.ErrPortInvalid, ""},
		{"whatwg.Validate", third(whatwg.Validate(whatwg.URL{}, "http://1.2.3.4.5/")), uri.OpParse, "", "http://1.2.3.4.5/", 7, whatwg.ErrIPv4TooManyParts, ""},
		{"whatwg.URL.UnmarshalText", wu.UnmarshalText([]byte("x")), uri.OpParse, "", "x", 0, whatwg.ErrMissingSchemeNonRelativeURL, ""},
		{"whatwg.URL.SetHref", set(web, (*whatwg.URL).SetHref, "x"), whatwg.OpSet, "href", "x", 0, whatwg.ErrMissingSchemeNonRelativeURL, ""},
		{"whatwg.URL.SetProtocol", set(web, (*whatwg.URL).SetProtocol, "1x"), whatwg.OpSet, "protocol", "1x", 0, whatwg.ErrSchemeInvalid, ""},
		{"whatwg.URL.SetHost", set(web, (*whatwg.URL).SetHost, "a b"), whatwg.OpSet, "host", "a b", 1, whatwg.ErrDomainToASCII, ""},
		{"whatwg.URL.SetHostname", set(web, (*whatwg.URL).SetHostname, "a:1"), whatwg.OpSet, "hostname", "a:1", 1, whatwg.ErrHostnameWithPort, ""},
		{"whatwg.URL.SetPort", set(web, (*whatwg.URL).SetPort, "x"), whatwg.OpSet, "port", "x", 0, whatwg.ErrPortInvalid, ""},
		{"whatwg.URL.SetPathname", set(opaque, (*whatwg.URL).SetPathname, "/a"), whatwg.OpSet, "pathname", "/a", no, whatwg.ErrOpaquePath, ""},
		{"whatwg.URL.SetSearch", set(wu, (*whatwg.URL).SetSearch, "q"), whatwg.OpSet, "search", "q", no, whatwg.ErrMissingSchemeNonRelativeURL, ""},
		{"whatwg.URL.SetHash", set(wu, (*whatwg.URL).SetHash, "h"), whatwg.OpSet, "hash", "h", no, whatwg.ErrMissingSchemeNonRelativeURL, ""},
		{"whatwg.URL.SetUsername", set(file, (*whatwg.URL).SetUsername, "u"), whatwg.OpSet, "username", "u", no, whatwg.ErrCannotHaveCredentialsOrPort, ""},
		{"whatwg.URL.SetPassword", set(file, (*whatwg.URL).SetPassword, "p"), whatwg.OpSet, "password", "p", no, whatwg.ErrCannotHaveCredentialsOrPort, ""},
		{"whatwg.URL.SetSearchParams", wu.SetSearchParams(whatwg.ParseForm("a=1")), whatwg.OpSet, "search", "", no, whatwg.ErrMissingSchemeNonRelativeURL, ""},
		{"whatwg.URL.DeleteSearchParam", wu.DeleteSearchParam("a"), whatwg.OpSet, "search", "a", no, whatwg.ErrMissingSchemeNonRelativeURL, ""},
		{"whatwg.URL.ToURI", third(wu.ToURI()), uri.OpBuild, "", "", no, whatwg.ErrMissingSchemeNonRelativeURL, ""},

		{"template.Parse", second(template.Parse("{/id*")), uri.OpParse, "", "{/id*", 5, template.ErrUnclosed, ""},
		{"template.Expand", second(template.Expand("x{y:1}", template.Values{"y": template.List("a")})), template.OpExpand, "y", "x{y:1}", 2, template.ErrPrefixComposite, ""},
		{"template.Expand(not a URI)", second(template.Expand("{+x}", template.Values{"x": template.String("a#b#c")})), template.OpExpand, "x", "{+x}", 2, template.ErrNotURI, ""},
		{"template.Template.Expand", second(template.MustParse("{x:1}").Expand(template.Values{"x": template.List("a")})), template.OpExpand, "x", "{x:1}", 1, template.ErrPrefixComposite, ""},
		{"template.Template.AppendExpand", second(template.MustParse("{x:1}").AppendExpand(nil, template.Values{"x": template.List("a")})), template.OpExpand, "x", "{x:1}", 1, template.ErrPrefixComposite, ""},
		{"template.ExpandOptions.Expand", second(template.ExpandOptions{RefuseDotSegments: true}.Expand(template.MustParse("/{x}"), template.Values{"x": template.String("..")})), template.OpExpand, "x", "/{x}", 2, template.ErrDotSegment, ""},
		{"template.ExpandOptions.AppendExpand", second(template.ExpandOptions{RefuseDotSegments: true}.AppendExpand(nil, template.MustParse("/{x}"), template.Values{"x": template.String(".")})), template.OpExpand, "x", "/{x}", 2, template.ErrDotSegment, ""},
		{"template.ValuesOf", second(template.ValuesOf(map[string]any{"x": struct{}{}})), template.OpExpand, "x", "x", no, template.ErrValueType, "a value of Go type struct {}"},
		{"template.Template.Match", second(template.MustParse("/a/{x}").Match("/b/1", nil)), template.OpMatch, "", "/b/1", 1, template.ErrNoMatch, ""},
		{"template.Template.Match(not a URI)", second(template.MustParse("/a/{x}").Match("a b", nil)), uri.OpParse, "", "a b", 1, uri.ErrInvalidByte, ""},
		{"template.Template.Match(budget)", second(template.MustParse("{a}{b}").Match(strings.Repeat("a", 50), &template.MatchOptions{MaxSteps: 1000})), template.OpMatch, "", strings.Repeat("a", 50), no, template.ErrBudget, "1000 steps"},
		{"template.Template.Match(budget of building)", second(template.MustParse("{a}{b}").Match("ab", &template.MatchOptions{MaxSteps: 10})), template.OpMatch, "", "ab", no, template.ErrBudget, "10 steps, fewer than the 816 that building the template's automaton of 51 instructions counts"},
		{"template.Template.Match(undecided)", second(template.MustParse("{x}{y}{x}").Match(strings.Repeat("a", 163), nil)), template.OpMatch, "", strings.Repeat("a", 163), no, template.ErrUndecided, ""},
		{"template.Template.MatchURI", second(template.MustParse("/a/{x}").MatchURI(uri.MustParse("/b/1"), nil)), template.OpMatch, "", "/b/1", 1, template.ErrNoMatch, ""},

		{"canon.Canon", second(canon.Canon("mailto:x", canon.SafeBrowsing)), canon.OpCanon, "safebrowsing", "mailto:x", 7, uri.ErrNoHost, ""},
		{"canon.Canon(URL Standard)", second(canon.Canon("http://a b/", canon.WHATWG)), canon.OpCanon, "whatwg", "http://a b/", 8, whatwg.ErrDomainToASCII, ""},
		{"canon.Canonicalizer.Canon", second(canon.Canonicalizer{Profile: canon.Semantic}.Canon("https://h:99999/")), canon.OpCanon, "semantic", "https://h:99999/", 10, whatwg.ErrPortOutOfRange, ""},
		{"canon.Canonicalizer.CanonURL", second(canon.Canonicalizer{Profile: canon.SafeBrowsing}.CanonURL(whatwg.MustParse("mailto:x"))), canon.OpCanon, "safebrowsing", "mailto:x", 7, uri.ErrNoHost, ""},
		{"canon.Canonicalizer.CanonRef", second(canon.Canonicalizer{}.CanonRef("nope", "a")), canon.OpCanon, "base", "nope", 0, whatwg.ErrMissingSchemeNonRelativeURL, ""},
		{"canon.Canon(unknown profile)", second(canon.Canon("http://a/", canon.Profile(9))), canon.OpCanon, "profile(9)", "http://a/", no, canon.ErrUnknownProfile, ""},
		{"canon.SURT", second(canon.SURT("http://a:8x/")), canon.OpSURT, "archive", "http://a:8x/", 10, canon.ErrBadPort, ""},
		{"canon.Canonicalizer.SURT", second(canon.Canonicalizer{Profile: canon.Aggressive}.SURT("http://a b/")), canon.OpSURT, "aggressive", "http://a b/", 8, whatwg.ErrDomainToASCII, ""},
		{"canon.LookupExpressions", second(canon.LookupExpressions("http://[::1/")), canon.OpCanon, "safebrowsing", "http://[::1/", 11, canon.ErrBadIPLiteral, ""},

		{"httptarget.FromRequest", second(httptarget.FromRequest(&http.Request{Method: "GET", RequestURI: "/a#b", Host: "h"})), uri.OpParse, "", "/a#b", 2, uri.ErrInvalidByte, ""},
		{"httptarget.Config.FromRequest", second(httptarget.Config{DefaultHost: "a b"}.FromRequest(&http.Request{Method: "GET", RequestURI: "/"})), uri.OpParse, "", "a b", 1, uri.ErrInvalidByte, ""},
		{"httptarget.URL", second(httptarget.URL(&http.Request{Method: "GET", RequestURI: "/a?b#c", Host: "h"})), uri.OpParse, "", "/a?b#c", 4, uri.ErrInvalidByte, ""},
		{"httptarget.Config.URL", second(httptarget.Config{}.URL(&http.Request{Method: "GET", RequestURI: "/", Proto: "HTTP/1.0", ProtoMajor: 1})), uri.OpBuild, "", "", 0, uri.ErrNoHost, ""},
		{"httptarget.Config.TargetURI", second(httptarget.Config{}.TargetURI(must(uri.ParseTarget("GET", "/a")), uri.HostPort{}, false)), uri.OpBuild, "", "", 0, uri.ErrNoHost, ""},

		{"display.Host", second(display.Host("a b.com")), uri.OpIDNA, "", "a b.com", 1, uri.ErrInvalidByte, ""},
		{"display.Policy.Host", second(display.Policy{Profile: display.Firefox}.Host("b\u00fccher_.de")), uri.OpIDNA, "", "b\u00fccher_.de", 0, uri.ErrIDNA, "disallowed rune U+005F"},
		{"display.URL", second(display.URL("http://[::1")), uri.OpParse, "", "http://[::1", 11, whatwg.ErrIPv6Unclosed, ""},
		{"display.Policy.URL", second(display.Policy{}.URL("https://h:x/")), uri.OpParse, "", "https://h:x/", 10, whatwg.ErrPortInvalid, ""},
		{"display.NewTopDomains", second(display.NewTopDomains([]string{"xn--"})), uri.OpIDNA, "", "xn--", 0, uri.ErrIDNA, ""},
		{"route.New", second(route.New([]route.Route{{Pattern: "GE@T /", Handler: http.NotFoundHandler()}}, route.Options{})), uri.OpParse, "", "GE@T /", 2, route.ErrMethod, ""},
		{"route.New(method case)", second(route.New([]route.Route{{Pattern: "get /", Handler: http.NotFoundHandler()}}, route.Options{})), uri.OpParse, "", "get /", 0, route.ErrMethodCase, `methods are case-sensitive: write "GET"`},
		{"route.New(conflict)", second(route.New([]route.Route{{Pattern: "/:a", Handler: http.NotFoundHandler()}, {Pattern: "/:b", Handler: http.NotFoundHandler()}}, route.Options{})), uri.OpParse, "", "/:b", no, route.ErrConflict, `as specific as "/:a"`},

		{"robots.URL", second(robots.URL("mailto:a@example.com")), uri.OpParse, "", "mailto:a@example.com", 7, robots.ErrNoHost, ""},
		{"robots.Robots.Check", second(robots.Parse(nil).Check("ExampleBot", "https://example.com:x/")), uri.OpParse, "", "https://example.com:x/", 20, whatwg.ErrPortInvalid, ""},
		{"robots.Robots.Check(other authority)", second(must(robots.Options{}.FromResponse("https://example.com/robots.txt", 200, nil, time.Time{})).Check("ExampleBot", "https://example.org/")), robots.OpCheck, "", "https://example.org/", 16, robots.ErrOtherAuthority, "the rules are those of https://example.com/robots.txt"},
		{"robots.Robots.Agent", second(robots.Parse(nil).Agent("Mozilla/5.0 (compatible; ExampleBot/2.1)")), uri.OpParse, "agent", "Mozilla/5.0 (compatible; ExampleBot/2.1)", 11, robots.ErrNotToken, ""},
		{"robots.Agent.Check", second(must(robots.Parse(nil).Agent("ExampleBot")).Check("file:///robots.txt")), uri.OpParse, "", "file:///robots.txt", 7, robots.ErrNoHost, ""},
		{"robots.Agent.CheckURL", second(must(must(robots.Options{}.FromResponse("https://example.com/robots.txt", 200, nil, time.Time{})).Agent("ExampleBot")).CheckURL(whatwg.MustParse("https://example.com:8443/"))), robots.OpCheck, "", "https://example.com:8443/", 19, robots.ErrOtherAuthority, ""},
		{"robots.Options.FromResponse", second(robots.Options{}.FromResponse("mailto:a@example.com", 200, nil, time.Time{})), uri.OpParse, "", "mailto:a@example.com", 7, robots.ErrNoHost, ""},
		{"robots.Fetch", second(robots.Fetch(context.Background(), nil, "ftp://example.com/robots.txt")), uri.OpParse, "", "ftp://example.com/robots.txt", no, robots.ErrNotHTTP, ""},
		{"robots.Options.Fetch", second(robots.Options{}.Fetch(context.Background(), nil, "http://[::1/")), uri.OpParse, "", "http://[::1/", 11, whatwg.ErrIPv6Unclosed, ""},

		{"urlpattern.Parse", second(urlpattern.Parse("https://h/:", urlpattern.Options{})), uri.OpParse, "", "https://h/:", 11, urlpattern.ErrInvalidName, ""},
		{"urlpattern.Resolve", second(urlpattern.Resolve("nope", "/a", urlpattern.Options{})), uri.OpParse, "", "nope", 0, urlpattern.ErrBaseURL, "missing-scheme-non-relative-URL"},
		{"urlpattern.New", second(urlpattern.New(urlpattern.Init{Pathname: urlpattern.Some("/(")}, urlpattern.Options{})), uri.OpParse, "", "/(", 2, urlpattern.ErrInvalidGroup, ""},
		{"urlpattern.Pattern.Generate", second(urlpattern.MustParse("https://h/:id").Generate(urlpattern.Pathname, nil)), uri.OpBuild, "", "/:id", 1, urlpattern.ErrGenerate, "no value for the group id"},

		{"dataurl.Parse", second(dataurl.Parse("data:text/plain")), uri.OpParse, "", "data:text/plain", 15, dataurl.ErrNoComma, ""},
		{"dataurl.ParseURL", second(dataurl.ParseURL(whatwg.MustParse("http://h/"))), uri.OpParse, "", "http://h/", 0, dataurl.ErrNotData, ""},
		{"dataurl.Options.Parse", second(dataurl.Options{MaxSize: 1}.Parse("data:,ab")), uri.OpParse, "", "data:,ab", 7, dataurl.ErrTooLarge, "more than 1 bytes"},
		{"dataurl.Options.ParseURL", second(dataurl.Options{MaxSize: 1}.ParseURL(whatwg.MustParse("data:,ab"))), uri.OpParse, "", "data:,ab", 7, dataurl.ErrTooLarge, "more than 1 bytes"},
		{"dataurl.Options.Open", second(dataurl.Options{}.Open("x")), uri.OpParse, "", "x", 0, dataurl.ErrNotURL, ""},
		{"dataurl.Options.OpenURL", second(dataurl.Options{}.OpenURL(whatwg.MustParse("http://h/"))), uri.OpParse, "", "http://h/", 0, dataurl.ErrNotData, ""},
		{"dataurl.Encode", second(dataurl.Encode(mimetype.MustParse(`text/plain;a=","`), nil)), uri.OpBuild, "", `text/plain;a=","`, 14, dataurl.ErrCannotEncode, `"," would end the MIME type`},
		{"dataurl.EncodeBase64", second(dataurl.EncodeBase64(mimetype.MustParse(`text/plain;a=","`), nil)), uri.OpBuild, "", `text/plain;a=","`, 14, dataurl.ErrCannotEncode, `"," would end the MIME type`},
		{"dataurl.EncodePercent", second(dataurl.EncodePercent(mimetype.MustParse(`text/plain;a=","`), nil)), uri.OpBuild, "", `text/plain;a=","`, 14, dataurl.ErrCannotEncode, `"," would end the MIME type`},

		{"mimetype.Parse", second(mimetype.Parse("text")), uri.OpParse, "", "text", 4, mimetype.ErrInvalid, ""},
		{"mimetype.ParseText", second(mimetype.ParseText("text/")), uri.OpParse, "", "text/", 5, mimetype.ErrInvalid, ""},
		{"mimetype.MIMEType.UnmarshalText", new(mimetype.MIMEType).UnmarshalText([]byte("a b/c")), uri.OpParse, "", "a b/c", 1, mimetype.ErrInvalid, ""},

		// A refusal of guard holds the *uri.Error of the parse that failed.
		{"guard.Policy.Check", second(new(guard.Policy).Check("http://[::1%25lo]/")), uri.OpParse, "", "http://[::1%25lo]/", 11, whatwg.ErrIPv6InvalidCodePoint, ""},
		// A bad entry of origin's allowlist, or a bad pattern of guard's
		// allowlist of hosts, is a fault of the configuration.
		{"origin.NewAllowlist", second(originpkg.NewAllowlist([]string{"https://*.com"}, originpkg.Options{})), uri.OpParse, "allowlist", "https://*.com", 10, originpkg.ErrBadEntry, ""},
		{"extract.New", second(extract.New(extract.Options{Schemes: []string{"https", "ht_tp"}})), uri.OpParse, "schemes", "ht_tp", 2, extract.ErrBadScheme, ""},
		{"guard.NewHostList", second(guard.NewHostList([]string{"*.com"}, guard.HostListOptions{})), uri.OpParse, "allowlist", "*.com", 2, guard.ErrBadHostPattern, ""},
		{"guard.NewHostList(URL Standard)", second(guard.NewHostList([]string{"1.2.3.256"}, guard.HostListOptions{})), uri.OpParse, "allowlist", "1.2.3.256", 0, whatwg.ErrIPv4OutOfRangePart, ""},
	}
}

// TestErrorOps: every error of every input that the module reads or
// builds is an *uri.Error, found by errors.As, with its operation, its
// Name, the input at fault and the offset in it, and its reason found by
// errors.Is: one failing call of each exported function or method of
// package uri and of the packages that read text (legacy, whatwg,
// template, canon, httptarget, route), a refusal of guard, which holds
// the *uri.Error of the URL Standard's parser, and a bad entry of
// origin's allowlist. Package legacy names its grammar in Detail.
func TestErrorOps(t *testing.T) {
	for _, tt := range errorCalls() {
		var e *uri.Error
		if !errors.As(tt.err, &e) {
			t.Errorf("%s: error %v, want an *uri.Error", tt.call, tt.err)
			continue
		}
		if e.Op != tt.op || e.Name != tt.name || e.Input != tt.input || e.Offset != tt.off || tt.detail != "" && e.Detail != tt.detail {
			t.Errorf("%s: error %q has Op %q, Name %q, Input %q, Offset %d, Detail %q; want %q, %q, %q, %d, %q",
				tt.call, e, e.Op, e.Name, e.Input, e.Offset, e.Detail, tt.op, tt.name, tt.input, tt.off, tt.detail)
		}
		if !errors.Is(tt.err, tt.is) {
			t.Errorf("%s: errors.Is(%q, %v) = false", tt.call, tt.err, tt.is)
		}
	}
}

// refusalCall is one call that a policy refuses, and its *guard.Error.
type refusalCall struct {
	call    string // as errorCall's
	err     error
	rule    guard.Rule
	reading guard.Reading
	input   string
	off     int
	is      error // the rule's sentinel, for errors.Is
}

// refusalCalls are the rows of TestRefusals: a refusal of each exported
// function or method of guard and origin that returns a *guard.Error.
// None of them dials: each URL is refused before a connection, and the
// refused addresses are loopback ones.
func refusalCalls() []refusalCall {
	ctx := context.Background()
	var p guard.Policy
	c := guard.NewClient(guard.Policy{}, guard.ClientOptions{})
	req := func(u string) *http.Request { return must(http.NewRequest("GET", u, nil)) }
	chain := make([]*http.Request, 10)
	allow := must(originpkg.NewAllowlist([]string{"https://app.example"}, originpkg.Options{}))
	const no = uri.NoOffset
	return []refusalCall{
		{"guard.Policy.Check", second(p.Check("http://[::1%25lo]/")), guard.RuleParse, guard.ReadingWHATWG, "http://[::1%25lo]/", 11, guard.ErrParse},
		{"guard.Policy.CheckAddr", p.CheckAddr(netip.MustParseAddr("127.0.0.1")), guard.RuleAddress, "", "127.0.0.1", no, guard.ErrAddress},
		{"guard.Policy.Lookup", third(p.Lookup(ctx, nil, "http://localhost/")), guard.RuleLocalhost, guard.ReadingDial, "http://localhost/", no, guard.ErrLocalhost},
		{"guard.Policy.Control", p.Control(ctx, "tcp", "127.0.0.1:80", nil), guard.RuleAddress, guard.ReadingConnect, "127.0.0.1:80", no, guard.ErrAddress},
		{"guard.Policy.DialContext", second(p.DialContext(ctx, "tcp", "127.0.0.1:80")), guard.RuleAddress, guard.ReadingConnect, "127.0.0.1:80", no, guard.ErrAddress},
		{"guard.Policy.CheckRedirect", p.CheckRedirect(req("http://example.com/"), chain), guard.RuleRedirect, "", "http://example.com/", no, guard.ErrRedirect},
		{"guard.Policy.NewRequest", second(p.NewRequest(ctx, "GET", "ftp://example.com/", nil)), guard.RuleScheme, guard.ReadingNetURL, "ftp://example.com/", no, guard.ErrScheme},
		{"guard.Policy.Do", second(p.Do(req("http://127.0.0.1/"))), guard.RuleAddress, guard.ReadingDial, "http://127.0.0.1/", no, guard.ErrAddress},
		{"guard.Policy.Get", second(p.Get("http://localhost/")), guard.RuleLocalhost, guard.ReadingDial, "http://localhost/", no, guard.ErrLocalhost},
		{"guard.Policy.Post", second(p.Post("http://u@example.com/", "text/plain", nil)), guard.RuleUserinfo, guard.ReadingRFC3986, "http://u@example.com/", no, guard.ErrUserinfo},
		{"guard.Client.NewRequest", second(c.NewRequest(ctx, "GET", "ftp://example.com/", nil)), guard.RuleScheme, guard.ReadingNetURL, "ftp://example.com/", no, guard.ErrScheme},
		{"guard.Client.Do", second(c.Do(req("http://127.0.0.1/"))), guard.RuleAddress, guard.ReadingDial, "http://127.0.0.1/", no, guard.ErrAddress},
		{"guard.Client.Get", second(c.Get("http://localhost/")), guard.RuleLocalhost, guard.ReadingDial, "http://localhost/", no, guard.ErrLocalhost},
		{"guard.Client.Head", second(c.Head("http://example.com:6379/")), guard.RulePort, guard.ReadingDial, "http://example.com:6379/", no, guard.ErrPort},
		{"guard.Client.Post", second(c.Post("http://u@example.com/", "text/plain", nil)), guard.RuleUserinfo, guard.ReadingRFC3986, "http://u@example.com/", no, guard.ErrUserinfo},

		{"origin.Redirect", second(originpkg.Redirect(whatwg.MustParse("https://app.example/"), "//evil.example/", allow)), originpkg.RuleCrossOrigin, guard.ReadingWHATWG, "//evil.example/", no, originpkg.ErrCrossOrigin},
		{"origin.LocalPath", second(originpkg.LocalPath("a")), originpkg.RuleLocalPath, guard.ReadingWHATWG, "a", 0, originpkg.ErrLocalPath},
		{"origin.Allowlist.CheckOrigin", allow.CheckOrigin("https://evil.example"), originpkg.RuleCrossOrigin, guard.ReadingWHATWG, "https://evil.example", no, originpkg.ErrCrossOrigin},
	}
}

// TestRefusals: every refusal of a policy is a *guard.Error, found by
// errors.As also inside net/http's *url.Error, with its rule, its reading,
// the input refused and the offset in it, and its rule's sentinel found
// by errors.Is: one refusal of each exported function or method of
// packages guard and origin.
func TestRefusals(t *testing.T) {
	for _, tt := range refusalCalls() {
		var e *guard.Error
		if !errors.As(tt.err, &e) {
			t.Errorf("%s: error %v, want a *guard.Error", tt.call, tt.err)
			continue
		}
		if e.Rule != tt.rule || e.Reading != tt.reading || e.Input != tt.input || e.Offset != tt.off {
			t.Errorf("%s: error %q has Rule %q, Reading %q, Input %q, Offset %d; want %q, %q, %q, %d",
				tt.call, e, e.Rule, e.Reading, e.Input, e.Offset, tt.rule, tt.reading, tt.input, tt.off)
		}
		if !errors.Is(tt.err, tt.is) {
			t.Errorf("%s: errors.Is(%q, %v) = false", tt.call, tt.err, tt.is)
		}
	}
}

func second[T any](_ T, err error) error        { return err }
func third[T, U any](_ T, _ U, err error) error { return err }

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// noErrorRow are the exported functions and methods that return an error
// and have no row in errorCalls or refusalCalls, each with the reason. The
// methods of the encoding interfaces that write a value (MarshalText,
// AppendText, MarshalBinary, MarshalJSON) never fail, and need none.
var noErrorRow = map[string]string{
	"HostPort.PortNumber":            "its one error is the sentinel ErrNoPort itself, so that a caller falls back to a default port",
	"URI.WithQueryText":              "its one error is ErrTooLong, which takes a result of 2 GiB",
	"URI.WithFragmentText":           "its one error is ErrTooLong, which takes a result of 2 GiB",
	"IRI.ToURI":                      "its one error is ErrTooLong, which takes a result of 2 GiB",
	"dataurl.Reader.Read":            "an io.Reader of a body already checked: io.EOF alone",
	"robots.Robots.Err":              "it reports the error of a fetch that Fetch already made, not a failure of its own",
	"extract.Scanner.Err":            "the error of the io.Reader that it reads, unchanged",
	"guard.ResolverFunc.LookupNetIP": "the error of the function that it calls",
	"template.Value.UnmarshalJSON":   "it reads JSON for encoding/json, with encoding/json's errors",
	"template.Values.UnmarshalJSON":  "it reads JSON for encoding/json, with encoding/json's errors",
}

// marshalers are the methods of the encoding interfaces that write a value.
var marshalers = []string{"MarshalText", "AppendText", "MarshalBinary", "MarshalJSON"}

// TestErrorCallsCoverAPI enumerates, from the source, the exported
// functions and methods of every package that callers import (not
// internal, not a command) that return an error, methods promoted from an
// embedded type included, and checks that each has a row in errorCalls or
// refusalCalls, named "Func" or "Type.Method" for package uri and
// "pkg.Func" or "pkg.Type.Method" for the others (what follows a "(" in
// the name tells rows of one function apart), or an entry of noErrorRow
// with its reason. A row or an entry that names no such function fails
// too: the API it pinned has changed.
func TestErrorCallsCoverAPI(t *testing.T) {
	api := errorAPI(t)
	if len(api) < 100 {
		t.Fatalf("found %d exported functions that return an error: the search is broken", len(api))
	}
	rows := map[string]bool{}
	for _, c := range errorCalls() {
		rows[rowFunc(c.call)] = true
	}
	for _, c := range refusalCalls() {
		rows[rowFunc(c.call)] = true
	}
	for name := range api {
		_, exempt := noErrorRow[name]
		switch {
		case rows[name] && exempt:
			t.Errorf("%s has a row and an entry in noErrorRow: remove the entry", name)
		case !rows[name] && !exempt:
			t.Errorf("%s returns an error and has no row: add one failing call of it to errorCalls (or refusalCalls), or its reason to noErrorRow", name)
		}
	}
	for name := range rows {
		if !api[name] {
			t.Errorf("a row calls %s, which is no exported function or method that returns an error", name)
		}
	}
	for name := range noErrorRow {
		if !api[name] {
			t.Errorf("noErrorRow names %s, which is no exported function or method that returns an error", name)
		}
	}
}

// rowFunc returns the function that a row's call names: the name up to a
// "(".
func rowFunc(call string) string {
	name, _, _ := strings.Cut(call, "(")
	return strings.TrimSpace(name)
}

// errorAPI returns the exported functions and methods that return an
// error, of the packages that callers import, by their names as rows give
// them, marshalers left out.
func errorAPI(t *testing.T) map[string]bool {
	t.Helper()
	type method struct {
		name   string
		errors bool
	}
	methods := map[string][]method{} // by "dir.Type", unexported types too
	embeds := map[string][]string{}  // the types that a struct type embeds, by "dir.Type"
	exported := map[string]string{}  // the name of each exported type in rows, by "dir.Type"
	api := map[string]bool{}
	for _, fl := range parseModule(t, token.NewFileSet()) {
		if fl.ast.Name.Name == "main" || isInternal(fl.pkg) {
			continue
		}
		prefix := fl.ast.Name.Name + "."
		if fl.pkg == "." {
			prefix = ""
		}
		for _, d := range fl.ast.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				errs := returnsError(d.Type)
				switch {
				case d.Recv != nil:
					recv := fl.pkg + "." + recvName(d.Recv.List[0].Type)
					methods[recv] = append(methods[recv], method{d.Name.Name, errs})
				case errs && d.Name.IsExported():
					api[prefix+d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					ts, ok := s.(*ast.TypeSpec)
					if !ok {
						continue
					}
					key := fl.pkg + "." + ts.Name.Name
					if ts.Name.IsExported() {
						exported[key] = prefix + ts.Name.Name
					}
					if st, ok := ts.Type.(*ast.StructType); ok {
						for _, f := range st.Fields.List {
							if e := recvName(f.Type); len(f.Names) == 0 && e != "" {
								embeds[key] = append(embeds[key], fl.pkg+"."+e)
							}
						}
					}
				}
			}
		}
	}
	var add func(name, key string, depth int)
	add = func(name, key string, depth int) {
		for _, m := range methods[key] {
			if m.errors && ast.IsExported(m.name) && !slices.Contains(marshalers, m.name) {
				api[name+"."+m.name] = true
			}
		}
		for _, e := range embeds[key] {
			if depth < 4 {
				add(name, e, depth+1)
			}
		}
	}
	for key, name := range exported {
		add(name, key, 0)
	}
	return api
}

// returnsError reports whether a function of the type ft has a result of
// type error.
func returnsError(ft *ast.FuncType) bool {
	if ft.Results == nil {
		return false
	}
	for _, r := range ft.Results.List {
		if id, ok := r.Type.(*ast.Ident); ok && id.Name == "error" {
			return true
		}
	}
	return false
}
