package robots

import (
	"fmt"
	"strings"
)

// A slow reference of RFC 9309, written from its text apart from the fast
// code: the normalization octet by octet (Section 2.2.2), the match of a
// pattern by memoized recursion over every way "*" can match (Section
// 2.2.3), and the decision over every rule of the crawler's groups
// (Sections 2.2.1 and 2.2.2). The fuzz targets hold the package to it.

// refUnreserved and refSubDelims are the sets of RFC 3986, Section 2.
const (
	refUnreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
	refSubDelims  = "!$&'()*+,;="
)

// refNormalize returns the path to match of s: each octet, read with
// whether it was written pct-encoded, and written again.
func refNormalize(s string, pattern bool) string {
	var b strings.Builder
	query := false
	for i := 0; i < len(s); {
		c, encoded := s[i], false
		if c == '%' && i+2 < len(s) && strings.IndexByte("0123456789ABCDEFabcdef", s[i+1]) >= 0 && strings.IndexByte("0123456789ABCDEFabcdef", s[i+2]) >= 0 {
			fmt.Sscanf(s[i+1:i+3], "%02x", &c)
			encoded = true
			i += 3
		} else {
			i++
		}
		unreserved := strings.IndexByte(refUnreserved, c) >= 0
		switch {
		case unreserved:
			b.WriteByte(c) // decoded if it was encoded
		case encoded:
			fmt.Fprintf(&b, "%%%02X", c)
		case c == '*' && pattern:
			b.WriteByte(c) // the wildcard
		case c == '/' && !query, c == '?' && !query:
			query = query || c == '?'
			b.WriteByte(c) // the delimiters of the path and the query
		case strings.IndexByte(refSubDelims, c) >= 0 && c != '*' && c != '$' && c != '\'':
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// refMatch reports whether the rule's pattern as written matches path.
func refMatch(pattern, path string) bool {
	p, anchored := strings.CutSuffix(pattern, "$")
	return refGlob(refNormalize(p, true), refNormalize(path, false), anchored)
}

// refGlob reports whether p, a normalized pattern, matches a prefix of s
// (all of s when anchored), trying every run that each "*" can match.
func refGlob(p, s string, anchored bool) bool {
	memo := map[[2]int]bool{}
	var m func(i, j int) bool
	m = func(i, j int) bool {
		k := [2]int{i, j}
		if v, ok := memo[k]; ok {
			return v
		}
		var v bool
		switch {
		case i == len(p):
			v = !anchored || j == len(s)
		case p[i] == '*':
			v = m(i+1, j) || j < len(s) && m(i, j+1)
		default:
			v = j < len(s) && p[i] == s[j] && m(i+1, j+1)
		}
		memo[k] = v
		return v
	}
	return m(0, 0)
}

// refRule is a rule of the reference: its line, kind and pattern.
type refRule struct {
	line    int
	allow   bool
	pattern string
}

// refGroup is a group of the reference: the tokens it names, lower-cased
// ("*" among them), and its rules.
type refGroup struct {
	agents []string
	rules  []refRule
}

// refLines splits body into its lines, without a byte-order mark or a
// part of one at the start.
func refLines(body string) []string {
	for _, b := range []string{"\xEF\xBB\xBF", "\xEF\xBB", "\xEF"} {
		if strings.HasPrefix(body, b) {
			body = body[len(b):]
			break
		}
	}
	body = strings.ReplaceAll(body, "\r\n", "\n")
	return strings.Split(strings.ReplaceAll(body, "\r", "\n"), "\n")
}

// refGroups reads the groups of body (Section 2.2).
func refGroups(body string) []refGroup {
	var groups []refGroup
	open := false // the last group has no rule yet
	for n, line := range refLines(body) {
		line, _, _ = strings.Cut(line, "#")
		key, value, ok := strings.Cut(line, ":")
		key, value = strings.Trim(key, " \t"), strings.Trim(value, " \t")
		if !ok || key == "" {
			continue
		}
		switch strings.ToLower(key) {
		case "user-agent":
			if !open {
				groups = append(groups, refGroup{})
				open = true
			}
			g := &groups[len(groups)-1]
			if value == "*" || strings.HasPrefix(value, "* ") || strings.HasPrefix(value, "*\t") {
				g.agents = append(g.agents, "*")
			} else if t := strings.ToLower(Token(value)); t != "" {
				g.agents = append(g.agents, t)
			}
		case "allow", "disallow":
			if len(groups) == 0 {
				continue
			}
			open = false
			if value != "" && (value[0] == '/' || value[0] == '*') {
				g := &groups[len(groups)-1]
				g.rules = append(g.rules, refRule{n + 1, strings.EqualFold(key, "allow"), value})
			}
		}
	}
	return groups
}

// refDecide returns whether the crawler agent may fetch the path to match
// path under the file body, and the line of the rule that decided (0 for
// none).
func refDecide(body, agent, path string) (bool, int) {
	path, _, _ = strings.Cut(path, "#")
	if path == "" {
		path = "/"
	}
	if p, _, _ := strings.Cut(refNormalize(path, false), "?"); p == "/robots.txt" {
		return true, 0
	}
	groups := refGroups(body)
	var mine []refGroup
	for _, token := range []string{strings.ToLower(Token(agent)), "*"} {
		for _, g := range groups {
			for _, a := range g.agents {
				if a == token && token != "" {
					mine = append(mine, g)
					break
				}
			}
		}
		if len(mine) > 0 {
			break
		}
	}
	var best *refRule
	bestLen := -1
	for _, g := range mine {
		for i, r := range g.rules {
			if !refMatch(r.pattern, path) {
				continue
			}
			p, anchored := strings.CutSuffix(r.pattern, "$")
			n := len(refNormalize(p, true))
			if anchored {
				n++
			}
			if n > bestLen || n == bestLen && (r.allow && !best.allow || r.allow == best.allow && r.line < best.line) {
				best, bestLen = &g.rules[i], n
			}
		}
	}
	if best == nil {
		return true, 0
	}
	return best.allow, best.line
}
