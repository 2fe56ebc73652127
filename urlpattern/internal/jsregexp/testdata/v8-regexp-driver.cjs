// Runs the regular expressions of gencases -regexp (standard input, JSON Lines) through V8's
// RegExp, and writes one answer per case: "syntax_error" when new RegExp(source, flags) throws,
// otherwise for each input the result of exec on "^(?:" + source + ")$": null, or the
// captures (null for undefined), the whole match first; and "u_results", the same with the "u"
// flag in place of "v", when the source is valid with it; and "any_results", with each "[^]"
// written "[\\0-\\u{10FFFF}]", which V8 in Node 20 matches where it misses a repeated "[^]".
const readline = require("readline");
const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on("line", (line) => {
  const c = JSON.parse(line);
  try {
    new RegExp(c.source, c.flags);
  } catch (e) {
    c.syntax_error = true;
    console.log(JSON.stringify(c));
    return;
  }
  const run = (flags, source = c.source) => {
    const re = new RegExp("^(?:" + source + ")$", flags);
    return c.inputs.map((s) => {
      const m = re.exec(s);
      return m === null ? null : Array.from(m, (v) => (v === undefined ? null : v));
    });
  };
  c.results = run(c.flags);
  try {
    c.u_results = run(c.flags.replace("v", "u"));
  } catch (e) {}
  if (c.source.includes("[^]")) c.any_results = run(c.flags, c.source.replaceAll("[^]", "[\\0-\\u{10FFFF}]"));
  console.log(JSON.stringify(c));
});
