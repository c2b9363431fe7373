/**
 * `npm run budgets`: the byte budgets of every prerendered route in the build (BUILD_DIR or ./build), as a table, and
 * the build checked for the page editor's code; it fails on a route over its budget or a file that carries the editor.
 * The budgets and how they are measured are in scripts/measure/budgets.ts.
 */
import { CatalogueError, budgetLines, formatCatalogueError } from "../contract/errors.ts";
import { enhancementModuleOf } from "../contract/hydration.ts";
import { readBlockFolders } from "../toolchain/block-folders.ts";
import { exitWith } from "../toolchain/fail.ts";
import { print, printToStderr } from "../toolchain/print.ts";
import {
  HTML_BUDGET,
  JS_AT_LOAD_BUDGET,
  JS_BUDGET,
  LONG_HTML_BUDGET,
  LONG_PAGES,
  PICTURES_BUDGET,
  PICTURE_BUDGET,
  type RouteBudget,
  editorInBuild,
  kb,
  measure,
} from "./measure/budgets.ts";
import { PICTURE_SCREENS } from "./measure/picture-bytes.ts";
import { buildDir } from "./measure/serve.ts";
import { textTable } from "./measure/text-table.ts";

function table(rows: RouteBudget[]): string {
  const header = [
    "route",
    "JS at load",
    "JS before interaction",
    "files",
    "HTML gzip",
    "of it CSS",
    ...PICTURE_SCREENS.map(({ name }) => `pictures ${name}`),
    "status",
  ];
  const lines = rows.map((r) => [
    r.route,
    kb(r.jsAtLoadGzip),
    kb(r.jsGzip),
    String(r.jsFiles),
    kb(r.htmlGzip),
    kb(r.cssGzip),
    ...r.pictureBytes.map(kb),
    r.problems.length ? "OVER" : "ok",
  ]);
  return textTable(header, lines);
}

try {
  const enhancements = (await readBlockFolders()).flatMap(
    (folder) => enhancementModuleOf(folder.type, folder.manifest.enhance) ?? [],
  );
  const rows = measure(buildDir(), enhancements);
  console.log(table(rows));
  console.log();
  print(budgetLines.budgets, {
    atLoad: kb(JS_AT_LOAD_BUDGET),
    js: kb(JS_BUDGET),
    html: kb(HTML_BUDGET),
    longPages: [...LONG_PAGES],
    longHtml: kb(LONG_HTML_BUDGET),
    picture: kb(PICTURE_BUDGET),
    pictures: kb(PICTURES_BUDGET),
  });
  const over = rows.filter((r) => r.problems.length > 0);
  if (over.length > 0) {
    console.error();
    printToStderr(budgetLines.routesOver, { count: over.length });
    for (const r of over) for (const problem of r.problems) console.error(formatCatalogueError(problem));
  }
  const editorLeaks = editorInBuild();
  for (const leak of editorLeaks) console.error(formatCatalogueError(leak));
  if (over.length > 0 || editorLeaks.length > 0) process.exit(1);
  print(budgetLines.withinBudget, { routes: rows.length });
} catch (error) {
  if (!(error instanceof CatalogueError)) throw error;
  exitWith(error);
}
