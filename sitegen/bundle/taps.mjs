// The forms a tap or two from each calculator's defaults, by the page's own taps (calculators/src/taps.js), for
// the build to answer and store (sitegen/bundle/nearby.py). Reads {file: fields} as JSON on stdin; writes
// {file: [[key, values], ...]} on stdout, nearest first.
import { near } from "../../calculators/src/taps.js";

let input = "";
process.stdin.setEncoding("utf8");
for await (const chunk of process.stdin) input += chunk;
const forms = Object.fromEntries(Object.entries(JSON.parse(input)).map(([file, fields]) => [file, near(fields)]));
process.stdout.write(JSON.stringify(forms));
