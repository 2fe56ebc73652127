// Package tree holds, in its tests, the rules of the module's source tree
// as a whole, as Go's own go/build/deps_test.go holds those of the
// standard library. Its tests walk the module from its root:
//
//   - deps_test.go: which package may import which (TestImportRules), the
//     length of functions (TestFunctionLength) and the naming conventions
//     of the API (TestNamingConventions);
//   - onlyin_test.go: the rules of a standard that one package writes
//     (TestOnlyIn), found by what the code means, each shown to catch a
//     planted violation (TestOnlyInRules);
//   - op_test.go: the vocabularies of the errors, uri.Op and guard's Rule
//     and Reading (TestOpVocabulary, TestOpsDocumented), and the module's
//     two error types (TestErrorTypes);
//   - errors_test.go: one failing call of every exported function or
//     method that returns an error (TestErrorOps, TestRefusals,
//     TestErrorCallsCoverAPI);
//   - doclinks_test.go, mdlinks_test.go, readme_test.go and
//     fuzzseeds_test.go: the doc links of the doc comments, the links of
//     the Markdown files, the install section and the recipes of the
//     module's front page, and the directories of fuzz inputs.
//
// docs/design.md, "Rules that tests hold", says what each rule is for.
// The package has no code: nothing imports it.
package tree
