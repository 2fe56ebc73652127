// Package crosscheck holds the tests of properties that hold across the
// module's packages, which no one package can test without importing the
// others: that no host loses or gains a label through any of them. It has
// no code of its own.
package crosscheck
