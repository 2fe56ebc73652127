package uri

import (
	"net/url"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

type pair struct{ K, V string }

func collectPairs(u URI) []pair {
	var ps []pair
	for k, v := range u.QueryPairs() {
		ps = append(ps, pair{k, v})
	}
	return ps
}

func TestQueryPairs(t *testing.T) {
	tests := []struct {
		in   string
		want []pair
		why  string
	}{
		{"http://h/", nil, "no query"},
		{"http://h/?", nil, "empty query"},
		{"http://h/?a=1&b=2&a=3", []pair{{"a", "1"}, {"b", "2"}, {"a", "3"}}, "in order, repeated keys kept"},
		{"?a=1;b=2", []pair{{"a", "1;b=2"}}, `"&" is the only separator; ";" is data`},
		{"?a+b=c+d%2B", []pair{{"a b", "c d+"}}, `"+" is a space, "%2B" a plus (form decoding)`},
		{"?k=v=w", []pair{{"k", "v=w"}}, `split at the first "="`},
		{"?a&b=", []pair{{"a", ""}, {"b", ""}}, "no \"=\" or nothing after it: empty value"},
		{"?&&a=1&&", []pair{{"a", "1"}}, "empty pieces skipped"},
		{"?=v", []pair{{"", "v"}}, "empty key kept"},
		{"?q=%E2%82%AC&x=%FF", []pair{{"q", "€"}, {"x", "\xff"}}, "octets as they are, even not UTF-8"},
		{"?a=1#b=2", []pair{{"a", "1"}}, "the fragment is not the query"},
	}
	for _, tt := range tests {
		u := MustParse(tt.in)
		if d := cmp.Diff(tt.want, collectPairs(u)); d != "" {
			t.Errorf("Parse(%q).QueryPairs() (%s) (-want +got):\n%s", tt.in, tt.why, d)
		}
		// url.Values agrees, and so does net/url where it accepts the query.
		want := url.Values{}
		for _, p := range tt.want {
			want[p.K] = append(want[p.K], p.V)
		}
		if d := cmp.Diff(want, u.QueryValues()); d != "" {
			t.Errorf("Parse(%q).QueryValues() (-want +got):\n%s", tt.in, d)
		}
		if nv, err := url.ParseQuery(u.Query()); err == nil {
			if d := cmp.Diff(nv, u.QueryValues()); d != "" {
				t.Errorf("Parse(%q).QueryValues() differs from url.ParseQuery (-net/url +got):\n%s", tt.in, d)
			}
		}
	}
	// Stopping early.
	n := 0
	for range MustParse("?a&b&c").QueryPairs() {
		n++
		break
	}
	if n != 1 {
		t.Errorf("break did not stop the iteration")
	}
}

func TestQueryValue(t *testing.T) {
	u := MustParse("http://h/?a=1&b=x+y&a=2&c")
	tests := []struct {
		key, val string
		ok       bool
	}{
		{"a", "1", true}, {"b", "x y", true}, {"c", "", true}, {"d", "", false}, {"", "", false},
	}
	for _, tt := range tests {
		v, ok := u.QueryValue(tt.key)
		if v != tt.val || ok != tt.ok {
			t.Errorf("QueryValue(%q) = %q, %v; want %q, %v", tt.key, v, ok, tt.val, tt.ok)
		}
	}
}

func TestQueryEdit(t *testing.T) {
	tests := []struct {
		name, in string
		edit     func(URI) URI
		want     string
	}{
		{"set replaces in place, others byte for byte", "http://h/p?x=%7e&a=1&y=a+b#f",
			func(u URI) URI { return u.WithQueryValue("a", "new value") }, "http://h/p?x=%7e&a=new%20value&y=a+b#f"},
		{"set removes later duplicates", "?a=1&b=2&a=3&a=4",
			func(u URI) URI { return u.WithQueryValue("a", "9") }, "?a=9&b=2"},
		{"set matches decoded keys", "?first+name=x&first%20name=y",
			func(u URI) URI { return u.WithQueryValue("first name", "z") }, "?first%20name=z"},
		{"set appends when absent", "?b=2",
			func(u URI) URI { return u.WithQueryValue("a", "1") }, "?b=2&a=1"},
		{"set adds a query", "http://h/p#f",
			func(u URI) URI { return u.WithQueryValue("q", "a&b=c+d") }, "http://h/p?q=a%26b=c%2Bd#f"},
		{"set in an empty query", "http://h/p?",
			func(u URI) URI { return u.WithQueryValue("q", "") }, "http://h/p?q="},
		{"add keeps duplicates", "?a=1",
			func(u URI) URI { return u.AddQueryValue("a", "2") }, "?a=1&a=2"},
		{"add after a trailing &", "?a=1&",
			func(u URI) URI { return u.AddQueryValue("b", "2") }, "?a=1&b=2"},
		{"add encodes the key", "",
			func(u URI) URI { return u.AddQueryValue("a=b", "c=d") }, "?a%3Db=c=d"},
		{"delete all with the key", "?a=1&b=2&a=3&c=4",
			func(u URI) URI { return u.DeleteQueryKey("a") }, "?b=2&c=4"},
		{"delete keeps empty pieces of others", "?a=1&&b=2;x",
			func(u URI) URI { return u.DeleteQueryKey("a") }, "?&b=2;x"},
		{"delete of the last pair removes the query", "http://h/?a=1&#f",
			func(u URI) URI { return u.DeleteQueryKey("a") }, "http://h/#f"},
		{"delete leaving only empty pieces removes the query", "http://h/p?&a=1&",
			func(u URI) URI { return u.DeleteQueryKey("a") }, "http://h/p"},
		{"delete leaving only empty pieces keeps the fragment", "http://h/p?&&a=1&&a=2&#f",
			func(u URI) URI { return u.DeleteQueryKey("a") }, "http://h/p#f"},
		{"delete keeps empty pieces while a pair is left", "?&a=1&&b=2&",
			func(u URI) URI { return u.DeleteQueryKey("a") }, "?&&b=2&"},
		{"delete of an absent key keeps even an all-empty query", "?&&",
			func(u URI) URI { return u.DeleteQueryKey("a") }, "?&&"},
		{"delete of an absent key changes nothing", "?a=1&&",
			func(u URI) URI { return u.DeleteQueryKey("b") }, "?a=1&&"},
		{"delete with no query", "http://h/",
			func(u URI) URI { return u.DeleteQueryKey("a") }, "http://h/"},
		{"semicolon is data, not a separator", "?a=1;a=2",
			func(u URI) URI { return u.DeleteQueryKey("a") }, ""},
		{"delete func: tracking parameters by prefix, others byte for byte", "https://h/p?utm_source=x&id=%7e7&utm_medium=y+z&fbclid=1&q=a+b#f",
			func(u URI) URI { return u.DeleteQueryFunc(tracking) }, "https://h/p?id=%7e7&q=a+b#f"},
		{"delete func: keys decoded as QueryPairs decodes them", "?utm%5Fsource=1&x=2",
			func(u URI) URI { return u.DeleteQueryFunc(tracking) }, "?x=2"},
		{"delete func: values decoded, \"+\" a space", "?a=b+c&a=b%20d&a=bc",
			func(u URI) URI { return u.DeleteQueryFunc(func(_, v string) bool { return v == "b c" }) }, "?a=b%20d&a=bc"},
		{"delete func: nothing left removes the query", "http://h/?utm_a=1&&utm_b#f",
			func(u URI) URI { return u.DeleteQueryFunc(tracking) }, "http://h/#f"},
		{"delete func: empty pieces stay while a pair is left", "?&utm_a=1&&b=2&",
			func(u URI) URI { return u.DeleteQueryFunc(tracking) }, "?&&b=2&"},
		{"delete func: the first pair", "?utm_a=1&b=2",
			func(u URI) URI { return u.DeleteQueryFunc(tracking) }, "?b=2"},
		{"delete func: nothing matches", "?a=1&&",
			func(u URI) URI { return u.DeleteQueryFunc(tracking) }, "?a=1&&"},
		{"delete func: no query", "http://h/#utm_a=1",
			func(u URI) URI { return u.DeleteQueryFunc(tracking) }, "http://h/#utm_a=1"},
		{"sort by decoded key, stable, each pair as written", "http://h/?b=2&a=x+y&%61=1&A=0&b=1#f",
			func(u URI) URI { return u.SortQuery() }, "http://h/?A=0&a=x+y&%61=1&b=2&b=1#f"},
		{"sort drops empty pieces", "?&b&&a=1&",
			func(u URI) URI { return u.SortQuery() }, "?a=1&b"},
		{"sort keeps a query without pairs", "?&&#f",
			func(u URI) URI { return u.SortQuery() }, "?&&#f"},
		{"sort of a sorted query", "?a=1&b=2",
			func(u URI) URI { return u.SortQuery() }, "?a=1&b=2"},
		{"sort: no query", "http://h/",
			func(u URI) URI { return u.SortQuery() }, "http://h/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u := MustParse(tt.in)
			got := tt.edit(u)
			if got.String() != tt.want {
				t.Errorf("%q: got %q, want %q", tt.in, got, tt.want)
			}
			// The edited value is exactly what parsing its text gives.
			if p, err := Parse(got.String()); err != nil || p != got {
				t.Errorf("Parse(%q) = %#v, %v; want the edited value %#v", got, p, err, got)
			}
			if u.String() != tt.in {
				t.Errorf("the receiver changed to %q", u)
			}
		})
	}
}

func TestQueryEditRoundTrip(t *testing.T) {
	// Whatever is set can be read back, whatever the bytes.
	for _, v := range []string{"", " ", "+", "%", "&", "=", ";", "#", "a b+c&d=e", "\xff\x00", "é"} {
		u := MustParse("http://h/?x=1").WithQueryValue(v, v)
		if got, ok := u.QueryValue(v); !ok || got != v {
			t.Errorf("WithQueryValue(%q, %q) then QueryValue = %q, %v (%q)", v, v, got, ok, u)
		}
		if nv, err := url.ParseQuery(u.Query()); err != nil || nv.Get(v) != v {
			t.Errorf("net/url reads %q back as %q, %v", u.Query(), nv.Get(v), err)
		}
	}
}

// tracking reports whether a pair is a tracking parameter, for the tests of
// DeleteQueryFunc.
func tracking(key, _ string) bool {
	return strings.HasPrefix(key, "utm_") || key == "fbclid"
}

func TestQueryAllocs(t *testing.T) {
	// Every editor allocates its new text once (with.go); keys compare
	// decoded without being decoded. Only a key or value handed out
	// decoded costs more when it has "%HH" or "+".
	u := MustParse("http://h/p?alpha=1&beta=two&gamma=3#f")
	encoded := MustParse("http://h/p?a%20b=1&c+d=2&%65=3&a+b=4#f")
	twice := MustParse("http://h/p?a=1&a=2#f")
	noQuery := MustParse("http://h/p#f")
	unsorted := MustParse("http://h/p?b=1&c=2&a=3#f")
	tests := []struct {
		name string
		fn   func()
		want float64
	}{
		{"QueryPairs without decoding", func() {
			for k, v := range u.QueryPairs() {
				_, _ = k, v
			}
		}, 0},
		{"QueryValue", func() { _, _ = u.QueryValue("gamma") }, 0},
		{"DeleteQueryKey of an absent key", func() { _ = u.DeleteQueryKey("delta") }, 0},
		{"AddQueryValue", func() { _ = u.AddQueryValue("delta", "4") }, 1},
		{"AddQueryValue to no query", func() { _ = noQuery.AddQueryValue("a b", "4") }, 1},
		{"WithQueryValue of a present key", func() { _ = u.WithQueryValue("beta", "2") }, 1},
		{"WithQueryValue of an absent key", func() { _ = u.WithQueryValue("delta", "4") }, 1},
		{"DeleteQueryKey", func() { _ = u.DeleteQueryKey("beta") }, 1},
		{"DeleteQueryKey of every pair", func() { _ = twice.DeleteQueryKey("a") }, 1},
		{"DeleteQueryFunc", func() { _ = u.DeleteQueryFunc(func(k, _ string) bool { return k != "beta" }) }, 1},
		{"SortQuery", func() { _ = u.SortQuery() }, 0},
		{"SortQuery changing the order", func() { _ = unsorted.SortQuery() }, 1},
		{"DeleteQueryKey of encoded keys", func() { _ = encoded.DeleteQueryKey("a b") }, 1},
		{"DeleteQueryKey of an absent key among encoded ones", func() { _ = encoded.DeleteQueryKey("c") }, 0},
		{"WithQueryValue of an encoded key", func() { _ = encoded.WithQueryValue("e", "5") }, 1},
		{"SortQuery of encoded keys", func() { _ = encoded.SortQuery() }, 1},
		{"DeleteQueryFunc deleting nothing", func() { _ = u.DeleteQueryFunc(func(string, string) bool { return false }) }, 0},
	}
	for _, tt := range tests {
		if n := testing.AllocsPerRun(100, tt.fn); n != tt.want {
			t.Errorf("%s: %v allocations, want %v", tt.name, n, tt.want)
		}
	}
}
