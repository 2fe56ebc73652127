// Runs the cases of urlpattern/internal/gencases (standard input, JSON Lines) through the
// URLPattern implementation in the node_modules folder given as the first argument, and
// writes one answer per case: {"error": true} when the constructor throws, otherwise the
// eight pattern strings, test(), and exec() with undefined groups as null.
const path = require("path");
const readline = require("readline");
const { URLPattern } = require(path.resolve(process.argv[2], "node_modules", "urlpattern-polyfill"));
const components = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"];
const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on("line", (line) => {
  const c = JSON.parse(line);
  const out = { pattern: c.pattern, inputs: c.inputs };
  let p;
  try {
    p = new URLPattern(...c.pattern);
  } catch (e) {
    out.polyfill = { error: true, message: String(e.message) };
    console.log(JSON.stringify(out));
    return;
  }
  const ans = { components: {} };
  for (const k of components) ans.components[k] = p[k];
  try {
    ans.test = p.test(...c.inputs);
    const r = p.exec(...c.inputs);
    if (r === null) {
      ans.exec = null;
    } else {
      ans.exec = {};
      for (const k of components) {
        const groups = {};
        for (const [g, v] of Object.entries(r[k].groups)) groups[g] = v === undefined ? null : v;
        ans.exec[k] = { input: r[k].input, groups };
      }
    }
  } catch (e) {
    ans.matchError = true;
  }
  out.polyfill = ans;
  console.log(JSON.stringify(out));
});
