// Package display shows hosts and URLs to people only as they can be
// trusted: an internationalized host in Unicode where it cannot pass for
// another, in A-labels ("xn--...") where it could, as web browsers decide.
package display
