import { performance } from "node:perf_hooks";
import { formatProblem, validateConfig } from "./lib/validate.ts";

const started = performance.now();
const { problems, pageCount } = validateConfig();
const ms = Math.round(performance.now() - started);

if (problems.length > 0) {
  console.error(problems.map(formatProblem).join("\n"));
  console.error(
    `\n✖ ${problems.length} problem${problems.length === 1 ? "" : "s"} in site-config/ (${pageCount} pages checked in ${ms} ms)`,
  );
  process.exit(1);
}
console.log(`✔ site-config/ is valid: site.json and ${pageCount} pages checked in ${ms} ms`);
