// Package crosscheck holds the tests of properties that hold across the
// module's packages, which no one package can test without importing the
// others: that no host loses or gains a label through any of them, and
// that a host pattern means the same to package guard's allowlist of hosts
// and to package origin's allowlist of origins. It has no code of its own.
package crosscheck
