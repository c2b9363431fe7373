import fs from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { importsOf } from "../../scripts/lint/import-graph.ts";
import type { Stage } from "./dockerfile.ts";

/**
 * The tools of the tests, benchmarks and reports (root devDependencies, and what they bring): an image installs none
 * of them, at any depth, and carries nothing that imports one.
 */
export const TEST_TOOLS = [
  "vitest",
  "@vitest/runner",
  "lighthouse",
  "playwright-core",
  "@axe-core/playwright",
  "axe-core",
  "msw",
  "oidc-provider",
  "smtp-server",
  "eslint",
  "typescript-eslint",
  "@testing-library/react",
  "@testing-library/jest-dom",
  "@testing-library/user-event",
  "jsdom",
  "fast-check",
  "autocannon",
  "vnu-jar",
  "pixelmatch",
  "pngjs",
];
/** The tool that patches the site's packages before its build, which the images do not install either. */
export const BUILD_TOOLS = ["patch-package"];
/**
 * The site's build: React Router's, and TypeScript, its optional peer, which npm installs with it from the lockfile.
 * The editor's image installs them to build the previews of review requests; the site's runtime image does not.
 */
export const SITE_BUILD_TOOLS = ["@react-router/dev", "typescript"];

/** What a test, a test's helper, a benchmark or a report is named: no image carries one. */
export const TEST_FILE = /\.test\.|(^|\/)(tests|reports|coverage)\/|(^|\/)(test|bench)-[^/]*$/;

/** A module's text by its root-relative path, or undefined where the image does not hold it. */
export type ReadModule = (file: string) => string | undefined;

/**
 * The commands docs/server.md gives operators for the leads CLI (its "Leads CLI" section), as they are typed: what
 * the image must run. Comments after `#` are left out.
 */
export function documentedLeadsCommands(serverDoc: string): string[] {
  const section = serverDoc.split(/^## /m).find((part) => part.startsWith("Leads CLI")) ?? "";
  return [...section.matchAll(/^(npm run .+?)(?:\s+#.*)?$/gm)].map((match) => match[1].trim());
}

/** The npm scripts that `commands` run (`npm run leads -- …`, `npm run -s leads -- …`). */
export function scriptsRun(commands: string[]): string[] {
  const names = commands.map((command) => /^npm run (?:-s |--silent )?([\w:-]+)/.exec(command)?.[1]);
  return [...new Set(names.filter((name): name is string => name !== undefined))];
}

/**
 * The modules the image starts: the CMD's, and those of the npm scripts operators run in it (package.json's scripts
 * start them with tsx, as the CMD does with `--import tsx`).
 */
export function entryModules(stage: Stage, scripts: Record<string, string>, names: string[]): string[] {
  const words = [...stage.cmd, ...names.flatMap((name) => (scripts[name] ?? "").split(/\s+/))];
  return [...new Set(words.filter((word) => /^[\w./-]+\.tsx?$/.test(word)))];
}

/**
 * The team editor's code that runs, in the checkout or image at `root`: its servers' entry points (`npm run edit:team`'s,
 * which the image starts, and `npm run edit`'s), the scripts of the pages its preview build starts from
 * (editor/app/*.html, which editor/bundle.ts builds with Vite), and the block folders' manifests, which the server
 * imports by their paths.
 */
export function editorEntries(root: string): string[] {
  const app = "editor/app";
  const pages = fs.readdirSync(path.join(root, app)).filter((name) => name.endsWith(".html"));
  const scripts = pages.flatMap((page) =>
    [...fs.readFileSync(path.join(root, app, page), "utf8").matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((match) =>
      path.posix.join(app, match[1]),
    ),
  );
  const manifests = fs
    .readdirSync(path.join(root, "blocks"))
    .map((type) => `blocks/${type}/block.ts`)
    .filter((file) => fs.existsSync(path.join(root, file)));
  return ["editor/team-main.ts", "editor/main.ts", ...scripts, ...manifests];
}

/** The file an import names: without the query a bundler reads (`./font.woff2?url`, `./style.css?inline`). */
const fileOf = (imported: string) => imported.replace(/\?.*$/, "");

/** Every module the entries import, directly or not, where `read` finds it. */
export function importedModules(entries: string[], read: ReadModule): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (file: string) => {
    if (found.has(file)) return;
    const code = read(file);
    if (code === undefined) return;
    found.set(file, code);
    for (const imported of importsOf(file, code)) visit(fileOf(imported));
  };
  for (const entry of entries) visit(entry);
  return found;
}

/** "a imports b, which the Dockerfile does not copy", for each module the entries reach that `read` does not find. */
export function missingModules(entries: string[], read: ReadModule): string[] {
  const modules = importedModules(entries, read);
  const missing = entries
    .filter((entry) => !modules.has(entry))
    .map((entry) => `${entry}, which the image starts, is not copied`);
  for (const [file, code] of modules) {
    for (const imported of importsOf(file, code).map(fileOf)) {
      if (!modules.has(imported)) missing.push(`${file} imports ${imported}, which the Dockerfile does not copy`);
    }
  }
  return [...new Set(missing)];
}

// What loads a package at run time: import and export (type-only ones are erased), import(), require and its resolve,
// the last with a template literal too, whose text up to its first `${` names the package.
const PACKAGE_IMPORT = [
  /^(?:import|export)\s+(?!type\s)[^;]*?from\s+["']([^."'][^"']*)["']/gm,
  /^import\s+["']([^."'][^"']*)["']/gm,
  /\bimport\(\s*["']([^."'][^"']*)["']\s*\)/g,
  /\brequire(?:\.resolve)?\(\s*["']([^."'][^"']*)["']\s*\)/g,
  /\brequire(?:\.resolve)?\(\s*`([^.`$][^`$]*)/g,
];
const BUILTIN = new Set(builtinModules);

/** The package a specifier names: `@scope/name` or `name`, without a subpath. */
const packageOf = (specifier: string) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

/** Whether the text before `index` leaves it inside a template literal (a scaffold's file): text, not code. */
const inTemplate = (code: string, index: number) => (code.slice(0, index).match(/`/g)?.length ?? 0) % 2 === 1;

/**
 * The packages that the modules load at run time, each with a module that loads it. A specifier with a scheme
 * (`node:fs`, Vite's `virtual:site-icons`) names no package.
 */
export function packagesLoaded(modules: Map<string, string>): Map<string, string> {
  const packages = new Map<string, string>();
  for (const [file, code] of modules) {
    for (const match of PACKAGE_IMPORT.flatMap((pattern) => [...code.matchAll(pattern)])) {
      if (inTemplate(code, match.index)) continue;
      const name = packageOf(match[1]);
      if (!/^[a-z]+:/.test(name) && !BUILTIN.has(name) && !packages.has(name)) packages.set(name, file);
    }
  }
  return packages;
}
