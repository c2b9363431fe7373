/**
 * `npm run budgets`: byte budgets of every prerendered route in the build (BUILD_DIR or ./build).
 * JS before interaction = the module scripts and modulepreloads of the page's HTML, the chunks they import
 * statically, the islands runtime that the entry loads or prefetches once the page has loaded, and the chunks of the
 * page's interactive blocks (its islands, loaded as they near the screen), gzip-compressed.
 * Bytes are stable from run to run, so CI fails on them; Lighthouse scores are noisy and stay out of CI (`npm run perf`).
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { getPage } from "../renderer/content/pages.server.ts";
import { dynamicImportChunks } from "../renderer/islands/runtime-chunks.server.ts";
import { isInteractive } from "../renderer/hydration.ts";
import { buildDir } from "./lib/serve.ts";

const KB = 1024;
export const JS_BUDGET = 150 * KB;
/**
 * 24 kB since every page carries its structured data (JSON-LD, about 0.5 kB gzip), the typeface's @font-face rules,
 * the header's menus as popovers in the markup and the wrapping rules for long words: the longest typical page
 * (/chat-agents, six sample conversations) is 22.0 kB with them.
 */
export const HTML_BUDGET = 24 * KB;
/** The home page (a dozen sections) and the legal pages (long prose) are not typical pages: they get this budget. */
export const LONG_HTML_BUDGET = 40 * KB;
const LONG_PAGES = new Set(["/", "/privacy", "/cookies", "/terms"]);
/** ajv belongs to the build; strings that survive minification mark it in a bundle. */
const AJV_MARKERS = ["must have required property", "strictSchema", "ajv.js.org"];

export interface RouteBudget {
  route: string;
  htmlGzip: number;
  cssGzip: number;
  jsGzip: number;
  jsFiles: number;
  problems: string[];
}

const gzip = (data: Buffer | string) => gzipSync(data, { level: 9 }).length;

function routesIn(clientDir: string): { route: string; file: string }[] {
  const found: { route: string; file: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== "assets") walk(full);
      else if (entry.name === "index.html") {
        const rel = path.relative(clientDir, dir).split(path.sep).join("/");
        found.push({ route: `/${rel}`, file: full });
      }
    }
  };
  walk(clientDir);
  return found.sort((a, b) => a.route.localeCompare(b.route));
}

/** The chunks one module imports statically (`import … from "./x.js"`, `import "./x.js"`), as paths under the client dir. */
function staticImports(clientDir: string, asset: string): string[] {
  const code = fs.readFileSync(path.join(clientDir, asset), "utf8");
  const dir = path.posix.dirname(asset);
  const specifiers = [
    ...code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w${},*\s]+from\s*)?["'`]([^"'`]+\.js)["'`]/g),
  ].map((m) => m[1]);
  return specifiers.map((s) => (s.startsWith("/") ? s.slice(1) : path.posix.join(dir, s)));
}

/** Block type → the chunks it loads, read from the registry's lazy imports (`"hero":()=>u(()=>import("./Hero.js"),__vite__mapDeps([…]))`). */
function blockChunks(clientDir: string, assets: Iterable<string>): Map<string, string[]> {
  const result = new Map<string, string[]>();
  for (const asset of assets) {
    const code = fs.readFileSync(path.join(clientDir, asset), "utf8");
    const deps = dynamicImportChunks(code);
    for (const m of code.matchAll(
      /"?([a-z][a-z0-9-]*)"?:\(\)=>\w+\(\(\)=>import\([`"']\.\/([^`"']+)[`"']\)(?:\.then\([^)]*\))?,__vite__mapDeps\(\[([\d,]+)\]\)/g,
    )) {
      result.set(m[1], [path.posix.join("assets", m[2]), ...m[3].split(",").map((i) => deps[Number(i)])]);
    }
  }
  return result;
}

export function measure(dir = buildDir()): RouteBudget[] {
  const clientDir = path.join(dir, "client");
  if (!fs.existsSync(path.join(clientDir, "index.html")))
    throw new Error(`No build in ${clientDir}: run \`npm run build\` first (BUILD_DIR picks another build).`);
  const sizes = new Map<string, { gzip: number; hasAjv: boolean }>();
  const sizeOf = (asset: string) => {
    let size = sizes.get(asset);
    if (!size) {
      const code = fs.readFileSync(path.join(clientDir, asset));
      const text = code.toString("utf8");
      size = { gzip: gzip(code), hasAjv: AJV_MARKERS.some((marker) => text.includes(marker)) };
      sizes.set(asset, size);
    }
    return size;
  };

  return routesIn(clientDir).map(({ route, file }) => {
    const html = fs.readFileSync(file, "utf8");
    const problems: string[] = [];
    const entry = [
      ...[...html.matchAll(/<link rel="modulepreload" href="\/([^"]+)"/g)].map((m) => m[1]),
      ...[...html.matchAll(/<script type="module" src="\/([^"]+)"/g)].map((m) => m[1]),
      ...[...html.matchAll(/<script type="module"[^>]*>([\s\S]*?)<\/script>/g)].flatMap((m) =>
        [...m[1].matchAll(/import\s*(?:\(\s*)?["']\/([^"']+)["']/g)].map((i) => i[1]),
      ),
    ];
    const seen = new Set<string>();
    const follow = (from: string[]) => {
      const queue = [...from];
      while (queue.length > 0) {
        const asset = queue.pop()!;
        if (seen.has(asset) || !fs.existsSync(path.join(clientDir, asset))) continue;
        seen.add(asset);
        queue.push(...staticImports(clientDir, asset));
      }
    };
    follow(entry);
    // The islands runtime, which the entry imports once the page has loaded (or prefetches, on pages without blocks
    // that move): bytes that every visit downloads without any interaction.
    const scripts = [...html.matchAll(/<script type="module" src="\/([^"]+)"/g)].map((m) => m[1]);
    follow(scripts.flatMap((script) => dynamicImportChunks(fs.readFileSync(path.join(clientDir, script), "utf8"))));
    // The registry is among the chunks loaded so far; it names the chunks of this page's islands.
    const blocks = blockChunks(clientDir, seen);
    follow((getPage(route)?.blocks ?? []).filter(isInteractive).flatMap((block) => blocks.get(block.type) ?? []));
    const jsGzip = [...seen].reduce((sum, asset) => sum + sizeOf(asset).gzip, 0);
    const withAjv = [...seen].filter((asset) => sizeOf(asset).hasAjv);
    const css = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join("");
    const htmlGzip = gzip(html);
    const htmlBudget = LONG_PAGES.has(route) ? LONG_HTML_BUDGET : HTML_BUDGET;
    if (jsGzip > JS_BUDGET) problems.push(`JS before interaction ${kb(jsGzip)} > ${kb(JS_BUDGET)}`);
    if (withAjv.length > 0) problems.push(`ajv is shipped to the browser in ${withAjv.join(", ")}`);
    if (htmlGzip > htmlBudget) problems.push(`HTML + critical CSS ${kb(htmlGzip)} > ${kb(htmlBudget)}`);
    return { route, htmlGzip, cssGzip: gzip(css), jsGzip, jsFiles: seen.size, problems };
  });
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;

function table(rows: RouteBudget[]): string {
  const header = ["route", "JS gzip", "files", "HTML gzip", "of it CSS", "status"];
  const lines = rows.map((r) => [
    r.route,
    kb(r.jsGzip),
    String(r.jsFiles),
    kb(r.htmlGzip),
    kb(r.cssGzip),
    r.problems.length ? "OVER" : "ok",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [format(header), widths.map((w) => "-".repeat(w)).join("  "), ...lines.map(format)].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const rows = measure();
    console.log(table(rows));
    console.log(
      `\nBudgets: JS before interaction ≤ ${kb(JS_BUDGET)} gzip, no ajv; HTML + critical CSS ≤ ${kb(HTML_BUDGET)} gzip (${[...LONG_PAGES].join(", ")}: ≤ ${kb(LONG_HTML_BUDGET)}).`,
    );
    const over = rows.filter((r) => r.problems.length > 0);
    if (over.length > 0) {
      console.error(`\n✖ ${over.length} route${over.length === 1 ? "" : "s"} over budget:`);
      for (const r of over) for (const p of r.problems) console.error(`  ${r.route}: ${p}`);
      process.exit(1);
    }
    console.log(`✔ ${rows.length} routes within budget`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
