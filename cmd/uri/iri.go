package main

import "github.com/gouri/uri"

var iriToURICommand = transform{
	name:     "iri-to-uri",
	operands: "[IRI...]",
	about: "Parses each IRI (RFC 3987, Section 2.2) and maps it to a URI (Section 3.1):\n" +
		"non-ASCII characters become the percent-encoding of their UTF-8 octets.",
	fn: func(s string) (string, error) {
		u, err := uri.IRIToURI(s)
		return u.String(), err
	},
}

var uriToIRICommand = transform{
	name:     "uri-to-iri",
	operands: "[URI...]",
	about: "Parses each URI reference and maps it to an IRI for display (RFC 3987, Section 3.2):\n" +
		"only percent-encoded UTF-8 of characters allowed in IRIs is decoded.",
	fn: func(s string) (string, error) {
		u, err := uri.Parse(s)
		return u.ToIRI().String(), err
	},
}
