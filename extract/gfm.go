package extract

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Mode GFM: the autolink literals of the GitHub Flavored Markdown spec
// (section 6.9, "Autolinks (extension)") as GitHub renders them, and
// CommonMark's autolinks between "<" and ">" (section 6.5).

// nextGFM finds the next URL in mode GFM, at the characters that can make
// one: ":" of "http://", "https://" and "ftp://", "w" of "www.", "@" of
// an address and "<" of an autolink. As on GitHub, no www or url literal
// starts after a "[" that is not closed before it in its paragraph: the
// text may be a link's label (the inline parser sees link literals only
// outside "[" ... "]"); addresses are found there too. A blank line ends a
// paragraph (CommonMark, section 4.8) and every "[" in it.
func (s *state) nextGFM() (Match, bool) {
	t := s.text
	for s.pos < len(t) {
		i := s.pos
		var m Match
		ok := false
		switch t[i] {
		case '[':
			s.brackets++
		case ']':
			s.brackets = max(s.brackets-1, 0)
		case '\n':
			if !s.lineText {
				s.brackets = 0
			}
			s.lineText = false
		case ' ', '\t', '\r':
		case ':':
			if s.brackets == 0 {
				m, ok = s.gfmURL(i)
			}
		case 'w', 'W':
			if s.brackets == 0 {
				m, ok = s.gfmWWW(i)
			}
		case '@':
			m, ok = s.gfmEmail(i)
		case '<':
			m, ok = s.gfmAutolink(i)
		}
		if t[i] != '\n' && t[i] != ' ' && t[i] != '\t' && t[i] != '\r' {
			s.lineText = true
		}
		if ok {
			return m, true
		}
		if s.pos == i {
			s.pos++
		}
	}
	return Match{}, false
}

// gfmSpace reports whether c is whitespace to GitHub before "www.": space,
// tab, line feed and carriage return.
func gfmSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r'
}

// gfmWWW reads an extended www autolink at text[i]: "www." after the start,
// whitespace or one of "*_~(", a valid domain, then the path.
func (s *state) gfmWWW(i int) (Match, bool) {
	t := s.text
	if i < s.last || len(t)-i < 5 || !strings.EqualFold(t[i:i+4], "www.") {
		return Match{}, false
	}
	if i > 0 && !gfmSpace(t[i-1]) && strings.IndexByte("*_~(", t[i-1]) < 0 {
		return Match{}, false
	}
	d := gfmDomain(t, i)
	x := gfmExtent(t, d)
	s.work += x - i
	end := gfmDelim(t, i, x)
	if end <= i || !gfmUnderscores(t[i:min(d, end)]) {
		return Match{}, false
	}
	return s.finish(Match{Start: i, Kind: KindWWW, host: [2]int32{0, int32(min(d, end) - i)}}, "http://", end)
}

// gfmURL reads an extended url autolink at the ":" at text[i]: "http",
// "https" or "ftp" before it (not after a letter), "//", a domain, then
// the path.
func (s *state) gfmURL(i int) (Match, bool) {
	t := s.text
	if !strings.HasPrefix(t[i:], "://") || i+3 >= len(t) {
		return Match{}, false
	}
	k := i
	for k > 0 && i-k < 6 && is(t[k-1], bAlpha) {
		k--
	}
	if k < s.last || k > 0 && is(t[k-1], bAlpha) {
		return Match{}, false
	}
	if sch := t[k:i]; !strings.EqualFold(sch, "http") && !strings.EqualFold(sch, "https") && !strings.EqualFold(sch, "ftp") {
		return Match{}, false
	}
	// GitHub, like cmark-gfm, takes the first character after "//" as part
	// of the domain whatever it is.
	if gfmDomainEnd(t, i+3) {
		return Match{}, false
	}
	d := gfmDomain(t, i+3)
	x := gfmExtent(t, d)
	s.work += x - k
	end := gfmDelim(t, k, x)
	if end <= i+3 || !gfmUnderscores(t[i+3:min(d, end)]) {
		return Match{}, false
	}
	return s.finish(Match{Start: k, Kind: KindScheme, host: [2]int32{int32(i + 3 - k), int32(min(d, end) - k)}}, "", end)
}

// nextChar returns the code point at text[i] and its length.
func nextChar(text string, i int) (rune, int) {
	return utf8.DecodeRuneInString(text[i:])
}

// gfmDomain returns the end of a domain whose first character is at
// text[p]: characters that are neither whitespace nor punctuation (ASCII
// or Unicode), and "-", "_" and ".".
func gfmDomain(text string, p int) int {
	for p < len(text) && (text[p] == '-' || text[p] == '_' || text[p] == '.' || !gfmDomainEnd(text, p)) {
		_, n := nextChar(text, p)
		p += n
	}
	return p
}

// gfmDomainEnd reports whether the character at text[p] can be no part of
// a domain: whitespace, punctuation, or a character that ends every URL.
func gfmDomainEnd(text string, p int) bool {
	c := text[p]
	if c < 0x80 {
		return c <= ' ' || c == 0x7f || unicode.IsPunct(rune(c)) || unicode.IsSymbol(rune(c))
	}
	r, _ := nextChar(text, p)
	stop, _ := endsURL(text, p)
	return stop || unicode.IsPunct(r)
}

// gfmUnderscores reports whether the last two labels of a domain have no
// "_": GitHub links "www.a_b.c.d" but not "www.a.b_c".
func gfmUnderscores(d string) bool {
	last := strings.LastIndexByte(d, '.')
	return strings.IndexByte(d[last+1:], '_') < 0 && (last < 0 || strings.IndexByte(d[strings.LastIndexByte(d[:last], '.')+1:last], '_') < 0)
}

// gfmExtent returns where a link literal's text ends at or after p: at
// whitespace or "<", and at a character that ends every URL.
func gfmExtent(text string, p int) int {
	for p < len(text) && text[p] != '<' {
		stop, n := endsURL(text, p)
		if stop {
			break
		}
		p += n
	}
	return p
}

// gfmDelim returns the end of the link text[start:end] once the trailing
// characters that GFM leaves out are: "?!.,:*_~" and quotation marks, a
// ")" that has no "(" in the link, and ";" or an entity-like "&name;".
func gfmDelim(text string, start, end int) int {
	opening := strings.Count(text[start:end], "(")
	closing := strings.Count(text[start:end], ")")
	for end > start {
		switch text[end-1] {
		case ')':
			if closing <= opening {
				return end
			}
			closing--
			end--
		case '?', '!', '.', ',', ':', '*', '_', '~', '\'', '"':
			end--
		case ';':
			k := end - 2
			for k > start && is(text[k], bAlpha) {
				k--
			}
			if k < end-2 && text[k] == '&' {
				end = k
			} else {
				end--
			}
		default:
			return end
		}
	}
	return end
}

// gfmEmail reads an extended email autolink around the "@" at text[at]:
// alphanumerics and ".+-_" before it (not after "/"), a domain of
// alphanumerics, "-" and "_" with one "." at least, followed each by an
// alphanumeric, ending in a letter or ".".
func (s *state) gfmEmail(at int) (Match, bool) {
	t := s.text
	k := at
	for k > s.last && (is(t[k-1], bAlpha|bDigit) || strings.IndexByte(".+-_", t[k-1]) >= 0) {
		k--
	}
	if k == at || k > s.last && t[k-1] == '/' {
		return Match{}, false
	}
	q, dots := at+1, 0
	for q < len(t) {
		c := t[q]
		if is(c, bAlpha|bDigit) || c == '-' || c == '_' {
			q++
		} else if c == '.' && q+1 < len(t) && is(t[q+1], bAlpha|bDigit) {
			dots++
			q++
		} else {
			break
		}
	}
	s.work += q - k
	if q-at < 2 || dots == 0 || !is(t[q-1], bAlpha) && t[q-1] != '.' {
		return Match{}, false
	}
	end := gfmDelim(t, k, q)
	if end <= at+1 {
		return Match{}, false
	}
	return s.finish(Match{Start: k, Kind: KindEmail, host: [2]int32{int32(at + 1 - k), int32(end - k)}}, "mailto:", end)
}

// gfmAutolink reads an autolink at the "<" at text[i] (CommonMark, section
// 6.5): a scheme of the list, ":", then characters other than
// whitespace, controls, "<" and ">", then ">". The match is the URL
// between the brackets.
func (s *state) gfmAutolink(i int) (Match, bool) {
	t := s.text
	k := i + 1
	for k < len(t) && k-i <= 33 && is(t[k], bScheme) {
		k++
	}
	if k == len(t) || t[k] != ':' || k-i < 3 || !is(t[i+1], bAlpha) || !s.e.allowed(t[i+1:k]) {
		return Match{}, false
	}
	q := k + 1
	for q < len(t) && t[q] != '>' && t[q] != '<' {
		if stop, n := endsURL(t, q); stop {
			return Match{}, false
		} else {
			q += n
		}
	}
	if q == len(t) || t[q] != '>' {
		return Match{}, false
	}
	return s.finish(Match{Start: i + 1, Kind: KindScheme}, "", q)
}
