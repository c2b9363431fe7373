import fs from "node:fs/promises";
import path from "node:path";
import prettier from "prettier";
import { catalogueError, editorLines, generationErrors, generationLines } from "../contract/errors.ts";
import { exitOnError, exitWith } from "../toolchain/fail.ts";
import { ROOT, relative } from "../toolchain/paths.ts";
import { print } from "../toolchain/print.ts";
import type { DeclaredRoute } from "./server/route-needs.ts";
import type { InputSchema } from "./server/route-schema.ts";
import { routeName, routeTables } from "./server/route-table.ts";

/**
 * Writes the route reference of docs/editor-routes.md (between its `routes` markers) from the routes' own
 * declarations: method, address, least role, body and query fields, and what else each does. `--check` writes
 * nothing and fails when the file is out of date (`npm run docs:check`), so a route is never added, changed or
 * removed without its reference.
 */
const FILE = path.join(ROOT, "docs", "editor-routes.md");
export const ROUTES_START =
  "<!-- routes:start (generated from the routes' declarations by `npm run docs`: editor/routes-doc.ts) -->";
export const ROUTES_END = "<!-- routes:end -->";

const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");

/** A field's type in words: text with its bound, a whole number, a number with its bounds, true or false, an object. */
function typeOf(schema: InputSchema): string {
  switch (schema.type) {
    case "string":
      return schema.enum
        ? schema.enum.map((value) => `\`"${value}"\``).join(" or ")
        : `text of at most ${schema.maxLength} characters`;
    case "integer":
      return "whole number";
    case "number": {
      const low =
        schema.exclusiveMinimum !== undefined
          ? `above ${schema.exclusiveMinimum}`
          : schema.minimum !== undefined && `from ${schema.minimum}`;
      const high = schema.maximum !== undefined && `up to ${schema.maximum}`;
      return ["number", [low, high].filter(Boolean).join(", ")].filter(Boolean).join(" ");
    }
    case "boolean":
      return "true or false";
    case "object":
      return "object";
  }
}

/** A body's or query's fields, one a line: name, type (and whether required), description; — when it takes none. */
function fieldsOf(schema: InputSchema | undefined, bytes = false): string {
  if (bytes) return "the file's bytes";
  if (schema?.type !== "object") return "—";
  if (schema.properties === undefined) return "any (not read)";
  const lines = Object.entries(schema.properties).map(([name, field]) => {
    const required = schema.required.includes(name) ? ", required" : "";
    return `\`${name}\` (${typeOf(field)}${required})${field.description ? `: ${field.description}` : ""}`;
  });
  return lines.length ? lines.join("<br>") : "—";
}

/** What a route does besides answering, as its declaration says. */
function alsoOf(route: DeclaredRoute): string {
  return [
    route.audit && `audit log: \`${route.audit}\``,
    route.lock && "refused while someone else holds the page's lock",
    route.drafts && "keeps the person's drafts",
    route.background && "sent by the tab itself: keeps no session alive",
  ]
    .filter(Boolean)
    .join("; ");
}

function table(routes: readonly DeclaredRoute[]): string {
  const rows = [...routes]
    .filter((route) => route.method !== "HEAD")
    .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method))
    .map((route) =>
      [
        route.method,
        `\`${route.url}\``,
        route.role,
        fieldsOf(route.body, route.bytes),
        fieldsOf(route.query),
        alsoOf(route),
      ]
        .map(cell)
        .join(" | "),
    );
  return [
    "| method | address | least role | body | query | also |",
    "|---|---|---|---|---|---|",
    ...rows.map((row) => `| ${row} |`),
  ].join("\n");
}

async function render(current: string): Promise<string> {
  const { team, single } = await routeTables(ROOT);
  const both = team.filter((route) => single.has(routeName(route)));
  const own = team.filter((route) => !single.has(routeName(route)));
  const tables = [
    "## Both editors' routes",
    "",
    table(both),
    "",
    "## The team editor's own routes",
    "",
    table(own),
  ].join("\n");
  const start = current.indexOf(ROUTES_START);
  const end = current.indexOf(ROUTES_END);
  if (start === -1 || end === -1) return `${current}\n${ROUTES_START}\n\n${tables}\n\n${ROUTES_END}\n`;
  return `${current.slice(0, start + ROUTES_START.length)}\n\n${tables}\n\n${current.slice(end)}`;
}

const check = process.argv.includes("--check");
const current = await fs.readFile(FILE, "utf8").catch(() => "");
const text = await render(current)
  .then(async (rendered) => prettier.format(rendered, { ...(await prettier.resolveConfig(FILE)), filepath: FILE }))
  .catch(exitOnError);
if (current === text) {
  if (check) print(editorLines.routesDocUpToDate);
} else {
  if (check) exitWith(catalogueError(generationErrors.outOfDate, { file: relative(FILE) }));
  await fs.writeFile(FILE, text);
  print(generationLines.docWritten, { file: relative(FILE) });
}
