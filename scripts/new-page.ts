import path from "node:path";
import { parseArgs } from "node:util";
import { createInterface } from "node:readline/promises";
import { CONFIG_DIR } from "./lib/paths.ts";
import { CatalogueError, catalogueError, scaffoldErrors } from "../contract/errors.ts";
import { exitWith } from "./lib/fail.ts";
import { scaffoldPage, templateNames } from "./lib/scaffold.ts";
import { SLUG_PATTERN, slugify } from "./lib/slugs.ts";
import { formatProblem, validateConfig } from "./lib/validate.ts";

/**
 * npm run new:page -- --template industry --slug marine-insurance --name "Marine Insurance"
 * Asks for whatever is not given when run in a terminal.
 */
const usage = `Usage: npm run new:page -- --template <${templateNames().join("|")}> --slug <slug> --name "<Name>"`;

const { values } = parseArgs({
  options: {
    template: { type: "string", short: "t" },
    slug: { type: "string", short: "s" },
    name: { type: "string", short: "n" },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}

async function ask(): Promise<{ template: string; slug: string; name: string }> {
  let { template, slug, name } = values;
  if (template && slug && name) return { template, slug, name };
  if (!process.stdin.isTTY) {
    exitWith(
      catalogueError(scaffoldErrors.missingArguments, { needed: "--template, --slug and --name are all", usage }),
    );
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  template ??= (await rl.question(`Template (${templateNames().join(", ")}) [industry]: `)).trim() || "industry";
  name ??= (await rl.question("Page name, as shown in menus (e.g. Marine Insurance): ")).trim();
  const suggested = slugify(name);
  slug ??= (await rl.question(`Slug, the last part of the address [${suggested}]: `)).trim() || suggested;
  rl.close();
  return { template, slug, name };
}

const request = await ask();
try {
  const { file, pagePath } = await scaffoldPage({ ...request, configDir: CONFIG_DIR });
  const shown = path.relative(process.cwd(), file);
  const problems = validateConfig().problems.filter((p) => path.resolve(path.dirname(CONFIG_DIR), p.file) === file);
  if (problems.length) {
    console.error(problems.map(formatProblem).join("\n"));
    process.exit(1);
  }
  console.log(`✔ created ${shown} (page ${pagePath}) from the '${request.template}' template; it is valid.

Next:
  1. Open ${shown} and replace the text with your own (hover a field in VS Code to see what it is for).
  2. npm run dev, then open http://localhost:5173${pagePath}: the page updates as you save.
  3. npm run validate before you share your change; it names the file, line and field of any problem.
${request.template === "industry" ? "  The page is already in the header's Industries menu, the footer, the /industries index and the sitemap.\n" : ""}`);
} catch (error) {
  if (!(error instanceof CatalogueError)) throw error;
  if (!SLUG_PATTERN.test(request.slug)) console.error(usage);
  exitWith(error);
}
