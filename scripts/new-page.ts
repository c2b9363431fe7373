import path from "node:path";
import { parseArgs } from "node:util";
import { createInterface } from "node:readline/promises";
import { CONFIG_DIR } from "../toolchain/paths.ts";
import {
  CatalogueError,
  catalogueError,
  formatNotice,
  messageOf,
  scaffoldErrors,
  scaffoldLines,
} from "../contract/errors.ts";
import { exitWith } from "../toolchain/fail.ts";
import { print, printToStderr } from "../toolchain/print.ts";
import { scaffoldPage, templateNames } from "../toolchain/scaffold.ts";
import { SLUG_PATTERN, slugify } from "../toolchain/slugs.ts";
import { formatProblem, validateConfig } from "../toolchain/validate.ts";

/**
 * npm run new:page -- --template industry --slug marine-insurance --name "Marine Insurance"
 * Asks for whatever is not given when run in a terminal.
 */
const templates = { templates: templateNames() };
const usage = messageOf(scaffoldLines.pageUsage, templates);

const { values } = parseArgs({
  options: {
    template: { type: "string", short: "t" },
    slug: { type: "string", short: "s" },
    name: { type: "string", short: "n" },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help) {
  print(scaffoldLines.pageUsage, templates);
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
  template ??= (await rl.question(formatNotice(scaffoldLines.askTemplate, templates))).trim() || "industry";
  name ??= (await rl.question(formatNotice(scaffoldLines.askName))).trim();
  const suggested = slugify(name);
  slug ??= (await rl.question(formatNotice(scaffoldLines.askSlug, { suggested }))).trim() || suggested;
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
  print(scaffoldLines.pageCreated, {
    file: shown,
    pagePath,
    template: request.template,
    inMenus: request.template === "industry",
  });
} catch (error) {
  if (!(error instanceof CatalogueError)) throw error;
  if (!SLUG_PATTERN.test(request.slug)) printToStderr(scaffoldLines.pageUsage, templates);
  exitWith(error);
}
