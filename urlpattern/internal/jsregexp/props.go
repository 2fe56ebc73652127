package jsregexp

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file resolves the property escapes \p{...} of ECMAScript regular
// expressions (ES2024, 22.2.2.9, UnicodePropertyValueExpression) to code
// point sets, from the tables of Go's unicode package. ECMAScript takes the
// names of the Unicode Character Database, case-sensitively: a General
// Category value (long or short), Script (sc) and Script_Extensions (scx)
// values, and the binary properties of its table 68.

// The long names of the General_Category values (PropertyValueAliases.txt),
// by their short names, which are the keys of unicode.Categories; and the
// other aliases.
var gcLongNames = map[string]string{
	"Cased_Letter": "LC", "Close_Punctuation": "Pe", "Connector_Punctuation": "Pc",
	"Control": "Cc", "cntrl": "Cc", "Currency_Symbol": "Sc", "Dash_Punctuation": "Pd",
	"Decimal_Number": "Nd", "digit": "Nd", "Enclosing_Mark": "Me", "Final_Punctuation": "Pf",
	"Format": "Cf", "Initial_Punctuation": "Pi", "Letter": "L", "Letter_Number": "Nl",
	"Line_Separator": "Zl", "Lowercase_Letter": "Ll", "Mark": "M", "Combining_Mark": "M",
	"Math_Symbol": "Sm", "Modifier_Letter": "Lm", "Modifier_Symbol": "Sk",
	"Nonspacing_Mark": "Mn", "Number": "N", "Open_Punctuation": "Ps", "Other": "C",
	"Other_Letter": "Lo", "Other_Number": "No", "Other_Punctuation": "Po",
	"Other_Symbol": "So", "Paragraph_Separator": "Zp", "Private_Use": "Co",
	"Punctuation": "P", "punct": "P", "Separator": "Z", "Space_Separator": "Zs",
	"Spacing_Mark": "Mc", "Surrogate": "Cs", "Symbol": "S", "Titlecase_Letter": "Lt",
	"Unassigned": "Cn", "Uppercase_Letter": "Lu",
}

// The short names of the binary properties that Go's unicode.Properties
// holds under their long names.
var binaryAliases = map[string]string{
	"AHex": "ASCII_Hex_Digit", "Bidi_C": "Bidi_Control", "Dep": "Deprecated",
	"Dia": "Diacritic", "Ext": "Extender", "Hex": "Hex_Digit",
	"IDSB": "IDS_Binary_Operator", "IDST": "IDS_Trinary_Operator", "Ideo": "Ideographic",
	"Join_C": "Join_Control", "LOE": "Logical_Order_Exception",
	"NChar": "Noncharacter_Code_Point", "Pat_Syn": "Pattern_Syntax",
	"Pat_WS": "Pattern_White_Space", "QMark": "Quotation_Mark", "RI": "Regional_Indicator",
	"STerm": "Sentence_Terminal", "WSpace": "White_Space", "SD": "Soft_Dotted", "Term": "Terminal_Punctuation",
	"UIdeo": "Unified_Ideograph", "VS": "Variation_Selector", "space": "White_Space",
	"Alpha": "Alphabetic", "Lower": "Lowercase", "Upper": "Uppercase",
	"IDS": "ID_Start", "IDC": "ID_Continue",
}

// The binary properties of ECMAScript's table 68 that Go's tables cannot
// give (they are derived from data that package unicode does not carry),
// and ECMAScript's properties of strings (table 69). A name here is valid
// ECMAScript that this package refuses; any other unknown name is a
// syntax error.
var unsupportedProps = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`Bidi_Mirrored Bidi_M Case_Ignorable CI Cased
		Changes_When_Casefolded CWCF Changes_When_Casemapped CWCM Changes_When_Lowercased CWL
		Changes_When_NFKC_Casefolded CWKCF Changes_When_Titlecased CWT Changes_When_Uppercased CWU
		Default_Ignorable_Code_Point DI Emoji Emoji_Component EComp Emoji_Modifier EMod
		Emoji_Modifier_Base EBase Emoji_Presentation EPres Extended_Pictographic ExtPict
		Grapheme_Base Gr_Base Grapheme_Extend Gr_Ext XID_Continue XIDC XID_Start XIDS
		Basic_Emoji Emoji_Keycap_Sequence RGI_Emoji_Modifier_Sequence RGI_Emoji_Flag_Sequence
		RGI_Emoji_Tag_Sequence RGI_Emoji_ZWJ_Sequence RGI_Emoji`) {
		m[n] = true
	}
	return m
}()

// The binary properties of ECMAScript's table 68 that unicode.Properties
// holds; it also holds others (Hyphen, the contributory Other_...
// properties) that ECMAScript does not know.
var esBinary = map[string]bool{
	"ASCII_Hex_Digit": true, "Bidi_Control": true, "Dash": true, "Deprecated": true,
	"Diacritic": true, "Extender": true, "Hex_Digit": true, "IDS_Binary_Operator": true,
	"IDS_Trinary_Operator": true, "Ideographic": true, "Join_Control": true,
	"Logical_Order_Exception": true, "Noncharacter_Code_Point": true, "Pattern_Syntax": true,
	"Pattern_White_Space": true, "Quotation_Mark": true, "Radical": true,
	"Regional_Indicator": true, "Sentence_Terminal": true, "Soft_Dotted": true,
	"Terminal_Punctuation": true, "Unified_Ideograph": true, "Variation_Selector": true,
	"White_Space": true,
}

// The properties of strings (ECMAScript table 69), which a class in a
// complement cannot hold.
var stringProps = map[string]bool{
	"Basic_Emoji": true, "Emoji_Keycap_Sequence": true, "RGI_Emoji_Modifier_Sequence": true,
	"RGI_Emoji_Flag_Sequence": true, "RGI_Emoji_Tag_Sequence": true,
	"RGI_Emoji_ZWJ_Sequence": true, "RGI_Emoji": true,
}

// propResult says how a property expression resolved.
type propResult uint8

const (
	propOK          propResult = iota
	propSyntax                 // not a property ECMAScript knows
	propUnsupported            // valid, but not in Go's tables
	propStrings                // a property of strings
)

// property resolves the text inside \p{...}.
func property(expr string) (runeSet, propResult) {
	name, value, hasValue := strings.Cut(expr, "=")
	if hasValue {
		switch name {
		case "General_Category", "gc":
			return generalCategory(value)
		case "Script", "sc":
			if t, ok := unicode.Scripts[value]; ok {
				return fromTable(t), propOK
			}
			return nil, propUnsupported
		case "Script_Extensions", "scx":
			return nil, propUnsupported
		}
		return nil, propSyntax
	}
	if s, r := generalCategory(name); r == propOK {
		return s, r
	}
	if stringProps[name] {
		return nil, propStrings
	}
	if s, ok := binaryProperty(name); ok {
		return s, propOK
	}
	if unsupportedProps[name] {
		return nil, propUnsupported
	}
	return nil, propSyntax
}

// generalCategory resolves a General_Category value.
func generalCategory(v string) (runeSet, propResult) {
	if short, ok := gcLongNames[v]; ok {
		v = short
	}
	if t, ok := unicode.Categories[v]; ok {
		return fromTable(t), propOK
	}
	return nil, propSyntax
}

// binaryProperty resolves a binary property from Go's tables, or from the
// definitions of DerivedCoreProperties.txt for those it derives from
// them.
func binaryProperty(name string) (runeSet, bool) {
	if long, ok := binaryAliases[name]; ok {
		name = long
	}
	if t, ok := unicode.Properties[name]; ok && esBinary[name] {
		return fromTable(t), true
	}
	tables := func(ts ...*unicode.RangeTable) runeSet {
		var s runeSet
		for _, t := range ts {
			s = s.union(fromTable(t))
		}
		return s
	}
	switch name {
	case "Any":
		return allRunes(), true
	case "ASCII":
		return setOf(0, 0x7f), true
	case "Assigned":
		return fromTable(unicode.Cn).complement(), true
	case "Alphabetic":
		return tables(unicode.L, unicode.Nl, unicode.Other_Alphabetic), true
	case "Lowercase":
		return tables(unicode.Ll, unicode.Other_Lowercase), true
	case "Uppercase":
		return tables(unicode.Lu, unicode.Other_Uppercase), true
	case "Math":
		return tables(unicode.Sm, unicode.Other_Math), true
	case "ID_Start":
		return tables(idStart...).minus(tables(patternSyntax...)), true
	case "ID_Continue":
		return tables(idContinue...).minus(tables(patternSyntax...)), true
	}
	return nil, false
}

// The tables that DerivedCoreProperties.txt derives ID_Start and
// ID_Continue from: ID_Start is Lu, Ll, Lt, Lm, Lo, Nl and Other_ID_Start,
// ID_Continue adds Mn, Mc, Nd, Pc and Other_ID_Continue, and neither holds
// Pattern_Syntax or Pattern_White_Space.
var (
	idStart       = []*unicode.RangeTable{unicode.L, unicode.Nl, unicode.Other_ID_Start}
	idContinue    = append(idStart[:len(idStart):len(idStart)], unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue)
	patternSyntax = []*unicode.RangeTable{unicode.Pattern_Syntax, unicode.Pattern_White_Space}
)

// IsIdentifierChar reports whether r may be in an ECMAScript
// IdentifierName (ES2024, 12.7): with first, as its IdentifierStartChar
// (ID_Start, "$" or "_"), else as an IdentifierPartChar (ID_Continue, "$",
// U+200C or U+200D). The group names of a regular expression are such
// names (RegExpIdentifierName), and so are those of a URL pattern's groups
// (URL Pattern Standard, section 2.1.2, "is a valid name code point").
func IsIdentifierChar(r rune, first bool) bool {
	if r < utf8.RuneSelf {
		switch {
		case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z', r == '$', r == '_':
			return true
		case '0' <= r && r <= '9':
			return !first
		}
		return false
	}
	switch {
	case unicode.In(r, patternSyntax...):
		return false
	case first:
		return unicode.In(r, idStart...)
	}
	return r == 0x200C || r == 0x200D || unicode.In(r, idContinue...)
}
