package main

// `uri readings`: each input read by strict RFC 3986, by the WHATWG URL
// Standard and by net/url, the address net/http would dial, and the
// differences (package github.com/gouri/uri/readings).

import (
	"flag"
	"strconv"
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/readings"
)

var readingsCommand = &command{
	name:     "readings",
	lines:    wholeLines,
	operands: "[URL...]",
	summary:  "compare how RFC 3986, the URL Standard and net/url read each URL",
	about: "Reads each URL with strict RFC 3986, with the WHATWG URL Standard (as\n" +
		"browsers do) and with Go's net/url, works out the host:port that Go's\n" +
		"net/http would dial, and lists where they differ: a filter against\n" +
		"server-side request forgery should refuse a URL whose readings disagree.\n" +
		"The text line is the input, quoted, then \"agree\", \"disagree\" or \"invalid\"\n" +
		"(no parser accepts it), the address dialed (dial=none and the reason when\n" +
		"net/http would not dial), and each difference after \"; \". The exit status\n" +
		"is 0 when the readings of every input agree. A line of standard input is\n" +
		"read as it is, control characters included, since readers differ on them.\n" +
		"Each reading's host is shown without the brackets of an IP literal\n" +
		"(\"::1\" for \"[::1]\"), as net/url's Hostname gives it.",
	flags: func(fs *flag.FlagSet) func() (op, string) {
		return func() (op, string) { return op{whole: true, apply: compareReadings}, "" }
	},
}

// compareReadings is the operation of `uri readings`.
func compareReadings(in string) result {
	r := readings.Compare(in)
	diffs := make([]string, len(r.Differences))
	for i, d := range r.Differences {
		diffs[i] = d.String()
	}
	netErr, dialErr := errorText(r.NetURL.Err), errorText(r.DialErr)
	if r.DialErr != nil && r.DialErr == r.NetURL.Err {
		dialErr = netErr // net/url's message holds the input: write it once
	}
	fields := []field{
		{"rfc3986", readingFields(&r.RFC3986)},
		{"rfc3986_error", errorText(r.RFC3986.Err)},
		{"whatwg", readingFields(&r.WHATWG)},
		{"whatwg_error", errorText(r.WHATWG.Err)},
		{"neturl", readingFields(&r.NetURL)},
		{"neturl_error", netErr},
		{"dial", optional{r.Dial, r.DialErr == nil}},
		{"dial_error", dialErr},
		{"agree", r.Agree()},
		{"differences", diffs},
	}
	text := func() string {
		var b strings.Builder
		b.WriteString(strconv.Quote(in))
		switch {
		case r.Agree():
			b.WriteString(" agree")
		case !r.RFC3986.OK() && !r.WHATWG.OK() && !r.NetURL.OK():
			b.WriteString(" invalid")
		default:
			b.WriteString(" disagree")
		}
		if r.DialErr == nil {
			b.WriteString(" dial=" + strconv.Quote(r.Dial))
		} else {
			b.WriteString(" dial=none (" + dialErr.s + ")")
		}
		for _, d := range diffs {
			b.WriteString("; " + d)
		}
		return b.String()
	}
	return result{ok: r.Agree(), fields: fields, text: text}
}

// readingFields is the object of one reading, or nil (null) when the
// parser rejected the input.
func readingFields(r *readings.Reading) any {
	if !r.OK() {
		return nil
	}
	return []field{
		{"scheme", optional{r.Scheme, r.Scheme != ""}},
		{"username", optional{r.Username, r.HasUserinfo}},
		{"password", optional{r.Password, r.HasPassword}},
		{"host", optional{r.Host, r.HostKind != uri.HostNone}},
		{"host_kind", r.HostKind.String()},
		{"port", optional{r.Port, r.HasPort}},
		{"path", r.Path},
		{"query", optional{r.Query, r.HasQuery}},
		{"fragment", optional{r.Fragment, r.HasFragment}},
	}
}

// errorText is the message of err, or null.
func errorText(err error) optional {
	if err == nil {
		return optional{}
	}
	return optional{message(err), true}
}
