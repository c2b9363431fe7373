import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { configErrors, messageOf } from "../contract/errors.ts";
import { listPages } from "./lib/page-list.ts";
import { CONFIG_DIR } from "./lib/paths.ts";
import { formatProblem, validateConfig } from "./lib/validate.ts";

/**
 * npm run validate            checks site-config/ and names every problem with its file, line and fix
 * npm run validate -- --pages lists every page's path and title: the addresses a link may point to
 */
const { values } = parseArgs({ options: { pages: { type: "boolean" } } });
if (values.pages) {
  console.log(messageOf(configErrors.pageList, { pages: listPages(CONFIG_DIR) }));
  process.exit(0);
}

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
