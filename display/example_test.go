package display_test

import (
	"fmt"

	"github.com/gouri/uri/display"
	"github.com/gouri/uri/whatwg"
)

// Host shows a label in Unicode only when it cannot pass for another: the
// German "bücher" is shown, the Cyrillic "аррӏе" (which looks like
// "apple") is not, and neither is "gооgle" with two Cyrillic "о".
func ExampleHost() {
	for _, h := range []string{"xn--bcher-kva.de", "xn--80ak6aa92e.com", "gооgle.com", "аррӏе.рф", "www.example.com"} {
		d, err := display.Host(h)
		if err != nil {
			panic(err)
		}
		fmt.Print(d.Host)
		for _, l := range d.Labels {
			if l.Unicode != "" {
				fmt.Printf("  %s: %s", l.Unicode, l.Reason)
			}
		}
		fmt.Println()
	}
	// Output:
	// bücher.de  bücher: safe
	// xn--80ak6aa92e.com  аррӏе: whole-script-confusable
	// xn--ggle-55da.com  gооgle: mixed-scripts
	// аррӏе.рф  аррӏе: safe  рф: safe
	// www.example.com
}

// URL gives what an address bar shows: the host by the rule of Host, and
// the path, query and fragment decoded where that cannot deceive. A
// right-to-left override (U+202E) and a space stay encoded.
func ExampleURL() {
	for _, u := range []string{
		"https://xn--bcher-kva.de/caf%C3%A9?q=%E2%82%AC#s%C3%A9",
		"https://example.com/%E2%80%AEfdp.exe",
		"https://xn--80ak6aa92e.com/a%20b",
	} {
		s, err := display.URL(u)
		if err != nil {
			panic(err)
		}
		fmt.Println(s)
	}
	// Output:
	// https://bücher.de/café?q=%E2%82%AC#sé
	// https://example.com/%E2%80%AEfdp.exe
	// https://xn--80ak6aa92e.com/a%20b
}

// The display form leaves out the username and password, where a URL
// passes for another: both of these lead to evil.example. A caller that
// must say that a URL carries credentials asks the parsed URL.
func ExampleURL_userinfo() {
	for _, in := range []string{
		"https://accounts.google.com:login@evil.example/",
		"https://www.paypal.com%2Fsignin@evil.example/x",
	} {
		s, err := display.URL(in)
		if err != nil {
			panic(err)
		}
		u, err := whatwg.Parse(in)
		if err != nil {
			panic(err)
		}
		fmt.Println(s, u.Username() != "" || u.Password() != "")
	}
	// Output:
	// https://evil.example/ true
	// https://evil.example/x true
}

// A host whose skeleton is that of a top domain it is not is kept in
// A-labels, every label of it: "googlé.com" passes for "google.com".
func ExamplePolicy_Host() {
	top, err := display.NewTopDomains([]string{"google.com"})
	if err != nil {
		panic(err)
	}
	p := display.Policy{TopDomains: top}
	for _, h := range []string{"googlé.com", "www.google.com", "bücher.de"} {
		d, err := p.Host(h)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%s %q\n", d.Host, d.SimilarTo)
	}
	// Output:
	// xn--googl-fsa.com "google.com"
	// www.google.com ""
	// bücher.de ""
}

// The Firefox profile lets Latin mix with one other script, Cyrillic and
// Greek excepted, where Chromium's allows only Chinese, Japanese and Korean.
func ExamplePolicy_Host_firefox() {
	for _, p := range []display.Policy{{}, {Profile: display.Firefox}} {
		d, err := p.Host("abcกข.com")
		if err != nil {
			panic(err)
		}
		fmt.Println(p.Profile, d.Host, d.Labels[0].Reason)
	}
	// Output:
	// chromium xn--abc-gklf.com mixed-scripts
	// firefox abcกข.com safe
}

// Two strings are confusable when their skeletons are equal (UTS #39,
// Section 4).
func ExampleSkeleton() {
	fmt.Println(display.Skeleton("раураl") == display.Skeleton("paypal")) // Cyrillic р, а, у
	fmt.Println(display.Skeleton("rn") == display.Skeleton("m"))
	fmt.Println(display.Skeleton("paypal.com"))
	// Output:
	// true
	// true
	// paypal.corn
}

// Similar says which top domain a host passes for.
func ExampleTopDomains_Similar() {
	top := display.ChromiumTopDomains()
	fmt.Printf("%q\n", top.Similar("gооgle.com")) // two Cyrillic о
	fmt.Printf("%q\n", top.Similar("mail.google.com"))
	// Output:
	// "google.com"
	// ""
}
