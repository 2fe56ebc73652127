package legacy

// The typed results of RFC 1738's scheme-specific syntaxes (Section 3 and
// the BNF of Section 5). Every string is a substring of the URL as written:
// escapes are not decoded, because RFC 1738 says that a reserved character
// and its escape mean different things (Section 2.2), so decoding is for the
// caller who knows what the part is for.

import (
	"strconv"

	"github.com/gouri/uri/internal/schemes"
)

// Record is the scheme-specific reading of an RFC 1738 URL, found in
// [URL].Record: a [FTP], [HTTP], [Gopher], [Mailto], [News],
// [NNTP], [Telnet], [WAIS], [File], [Prospero] or [Other].
// Use a type switch to get at the fields.
type Record interface {
	// DefaultPort returns the port that RFC 1738, Section 3 gives the
	// scheme (ftp 21, http 80, gopher 70, nntp 119, telnet 23, wais 210,
	// prospero 1525), or 0 for a scheme that names no port.
	DefaultPort() int
	record()
}

// HostPort is the <host>:<port> of RFC 1738, Section 3.1:
//
//	hostport = host [ ":" port ]
//	host     = hostname | hostnumber
//	port     = digits
type HostPort struct {
	Host    string
	Port    string // without the ":"; RFC 1738 requires at least one digit
	HasPort bool
}

// Login is the start of RFC 1738's common Internet scheme syntax
// (Section 3.1), //<user>:<password>@<host>:<port>:
//
//	login    = [ user [ ":" password ] "@" ] hostport
//	user     = *[ uchar | ";" | "?" | "&" | "=" ]
//	password = *[ uchar | ";" | "?" | "&" | "=" ]
//
// An empty user or password differs from an absent one: "ftp://@host.com/"
// has an empty user, "ftp://host.com/" has none, and "ftp://foo:@host.com/"
// has the user "foo" and an empty password.
type Login struct {
	User        string
	HasUser     bool
	Password    string
	HasPassword bool
	HostPort
}

// FTP is an RFC 1738 ftp URL (Sections 3.2 and 5):
//
//	ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]
//	fpath  = fsegment *[ "/" fsegment ]
//
// The url-path <cwd1>/<cwd2>/.../<cwdN>/<name> means: CWD to each <cwd> in
// turn, then retrieve <name> (Section 3.2.2). "ftp://h//etc/motd" has the
// Cwd segments "" and "etc", and the Name "motd".
type FTP struct {
	Login
	HasPath     bool     // a "/" and a url-path follow the login
	Cwd         []string // the segments before the last, possibly empty strings
	Name        string   // the last segment
	Typecode    string   // "a", "i" or "d" (either case), as written
	HasTypecode bool     // ";type=" is present
}

// HTTP is an RFC 1738 http URL (Sections 3.3 and 5). No user name or
// password is allowed.
//
//	httpurl = "http://" hostport [ "/" hpath [ "?" search ]]
type HTTP struct {
	HostPort
	Path          string // <path>, without the "/" before it
	HasPath       bool
	Searchpart    string // <searchpart>, without the "?"
	HasSearchpart bool
}

// Gopher is an RFC 1738 gopher URL (Sections 3.4 and 5):
//
//	gopherurl = "gopher://" hostport [ / [ gtype [ selector
//	            [ "%09" search [ "%09" gopher+_string ] ] ] ] ]
//
// Type is the gophertype as written (one character, or one escape), or "1"
// when the gopher-path is empty, which Section 3.4.1 makes the default;
// HasType tells them apart. The selector ends at the first "%09" and the
// search at the second: a selector cannot hold a tab.
type Gopher struct {
	HostPort
	Type          string
	HasType       bool
	Selector      string
	Search        string
	HasSearch     bool
	GopherPlus    string // the gopher+_string
	HasGopherPlus bool
}

// Mailto is an RFC 1738 mailto URL (Sections 3.5 and 5): an encoded RFC
// 822 addr-spec, in which no character is reserved, so that a "?" is part
// of the address. The BNF requires only 1*xchar ("further defined in
// RFC822"); the address is not checked against RFC 822.
//
//	mailtourl      = "mailto:" encoded822addr
//	encoded822addr = 1*xchar
type Mailto struct {
	Address string
}

// News is an RFC 1738 news URL (Sections 3.6 and 5): a newsgroup name
// ("*" for all groups) or a message-id, which has an "@".
//
//	newsurl   = "news:" grouppart
//	grouppart = "*" | group | article
type News struct {
	Group     string // the group, or "*"; "" for an article
	MessageID string // the article's <unique>@<full_domain_name>; "" for a group
}

// NNTP is an RFC 1738 nntp URL (Sections 3.7 and 5):
//
//	nntpurl = "nntp://" hostport "/" group [ "/" digits ]
type NNTP struct {
	HostPort
	Group      string
	Article    string // the article number
	HasArticle bool
}

// Telnet is an RFC 1738 telnet URL (Sections 3.8 and 5):
//
//	telneturl = "telnet://" login [ "/" ]
type Telnet struct {
	Login
}

// WAIS is an RFC 1738 wais URL (Sections 3.9 and 5), one of
//
//	waisdatabase = "wais://" hostport "/" database
//	waisindex    = "wais://" hostport "/" database "?" search
//	waisdoc      = "wais://" hostport "/" database "/" wtype "/" wpath
//
// [URL].Form says which.
type WAIS struct {
	HostPort
	Database  string
	Search    string
	HasSearch bool // waisindex
	WType     string
	WPath     string
	HasDoc    bool // waisdoc: WType and WPath are present
}

// File is an RFC 1738 file URL (Sections 3.10 and 5). An empty Host, like
// "localhost", means the machine that reads the URL.
//
//	fileurl = "file://" [ host | "localhost" ] "/" fpath
type File struct {
	Host string
	Path string // fpath, without the "/" after the host
}

// Prospero is an RFC 1738 prospero URL (Sections 3.11 and 5):
//
//	prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]
//	fieldspec   = ";" fieldname "=" fieldvalue
type Prospero struct {
	HostPort
	HSOName string // the host-specific object name, ppath
	Fields  []ProsperoField
}

// ProsperoField is one ";" fieldname "=" fieldvalue of a prospero URL.
type ProsperoField struct {
	Name, Value string
}

// Other is an RFC 1738 URL of another scheme (Section 5: otherurl =
// genericurl). When its scheme-specific part matches the common Internet
// scheme syntax of Section 3.1,
//
//	ip-schemepart = "//" login [ "/" urlpath ]
//
// HasLogin is true and Login and URLPath hold its parts.
type Other struct {
	Login
	HasLogin   bool
	URLPath    string // the url-path, without the "/" before it
	HasURLPath bool
}

// DefaultPort returns 21 (RFC 1738, Section 3.2).
func (FTP) DefaultPort() int { return tablePort("ftp") }

// DefaultPort returns 80 (RFC 1738, Section 3.3).
func (HTTP) DefaultPort() int { return tablePort("http") }

// DefaultPort returns 70 (RFC 1738, Section 3.4.1).
func (Gopher) DefaultPort() int { return tablePort("gopher") }

// DefaultPort returns 0: a mailto URL names no host.
func (Mailto) DefaultPort() int { return 0 }

// DefaultPort returns 0: an RFC 1738 news URL names no host.
func (News) DefaultPort() int { return 0 }

// DefaultPort returns 119 (RFC 1738, Section 3.7).
func (NNTP) DefaultPort() int { return tablePort("nntp") }

// DefaultPort returns 23 (RFC 1738, Section 3.8).
func (Telnet) DefaultPort() int { return tablePort("telnet") }

// DefaultPort returns 210 (RFC 1738, Section 3.9).
func (WAIS) DefaultPort() int { return tablePort("wais") }

// DefaultPort returns 0: a file URL names no port.
func (File) DefaultPort() int { return 0 }

// DefaultPort returns 1525 (RFC 1738, Section 3.11).
func (Prospero) DefaultPort() int { return tablePort("prospero") }

// DefaultPort returns 0: RFC 1738 gives other schemes no port.
func (Other) DefaultPort() int { return 0 }

// tablePort returns the default port of a scheme from the module's scheme
// table, which holds RFC 1738's ports.
func tablePort(scheme string) int {
	n, _ := strconv.Atoi(schemes.Lookup(scheme).Port)
	return n
}

func (FTP) record()      {}
func (HTTP) record()     {}
func (Gopher) record()   {}
func (Mailto) record()   {}
func (News) record()     {}
func (NNTP) record()     {}
func (Telnet) record()   {}
func (WAIS) record()     {}
func (File) record()     {}
func (Prospero) record() {}
func (Other) record()    {}
