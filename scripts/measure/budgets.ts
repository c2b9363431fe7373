/**
 * The byte budgets of every prerendered route in the build (BUILD_DIR or ./build), which `npm run budgets` checks
 * (scripts/budgets.ts) and the review measures on the head.
 * JS at load = the module scripts and modulepreloads of the page's HTML and the chunks they import statically: what
 * every visit runs as the page loads (the entry, the header's DOM code, the fade-ins, the DOM code of the page's blocks).
 * JS before interaction = those, the islands runtime that the entry loads or prefetches once the page has loaded, and the chunks of the
 * page's interactive blocks (its islands, loaded as they near the screen), gzip-compressed; the chunks and what they
 * import come from the client build's manifest.
 * The page editor is a development tool: no file of the build may carry its code (`editorInBuild`).
 * Bytes are stable from run to run, so CI fails on them; Lighthouse scores are noisy and stay out of CI (`npm run perf`).
 */
import fs from "node:fs";
import path from "node:path";
import { PICTURE_SCREENS, pictureWeights } from "./picture-bytes.ts";
import { gzipSync } from "node:zlib";
import {
  dynamicImportsOf,
  keyOfFile,
  keyOfModule,
  readClientManifest,
  staticClosure,
} from "../../contract/client-manifest.server.ts";
import { EDITOR_TRACES } from "../../contract/editor-traces.ts";
import { type CatalogueError, budgetErrors, catalogueError } from "../../contract/errors.ts";
import { componentFileOf } from "../../toolchain/block-folders.ts";
import { assertBuilt, buildDir } from "./serve.ts";

const KB = 1024;
export const JS_BUDGET = 150 * KB;
/** 10 kB gzip: what runs at load is 4-6 kB on every page; the islands runtime arriving at load would be ten times it. */
export const JS_AT_LOAD_BUDGET = 10 * KB;
/**
 * 23 kB: every page carries its structured data (JSON-LD, about 0.5 kB gzip), the typeface's @font-face rules, the
 * header's menus as popovers in the markup and the wrapping rules for long words; emotion writes no vendor prefixes
 * but Safari's. On a site in several languages, every page also carries its hreflang alternates and the language
 * switcher (about 0.4 kB with its styles), and a German page's words are longer. The longest typical page
 * (/chat-agents, six sample conversations) is 21.8 kB, its German version (/de/chat-agents) 22.2 kB.
 */
export const HTML_BUDGET = 23 * KB;
/**
 * The home page (a dozen sections) and the legal pages (long prose) are not typical pages: they get this budget, in
 * every language (a page's version in another locale is the same page).
 */
export const LONG_HTML_BUDGET = 40 * KB;
export const LONG_PAGES = new Set(["/", "/privacy", "/cookies", "/terms"]);
/**
 * 200 kB for one picture as the browser picks it (AVIF, sized to its place): a full-width photo hero at 1366 px is
 * 100-180 kB at the pipeline's quality; more means a picture too detailed for its place.
 */
export const PICTURE_BUDGET = 200 * KB;
/** 1 MB of pictures a page, on either screen: what a visitor who scrolls the whole page downloads. */
export const PICTURES_BUDGET = 1000 * KB;
const X_DEFAULT_LINK = /<link rel="alternate" hrefLang="x-default" href="([^"]+)"/i;
const CANONICAL_LINK = /<link rel="canonical" href="([^"]+)"/i;

/**
 * The page of the default locale that a built page is a version of, read from its head: the x-default alternate of a
 * translation, the canonical of a page shown from another locale, else its own route.
 */
export function sourceRouteOf(html: string, route: string): string {
  const found = X_DEFAULT_LINK.exec(html)?.[1] ?? CANONICAL_LINK.exec(html)?.[1];
  return found ? new URL(found, "https://site.invalid").pathname : route;
}

/** ajv belongs to the build; strings that survive minification mark it in a bundle. */
const AJV_MARKERS = ["must have required property", "strictSchema", "ajv.js.org"];

export interface RouteBudget {
  route: string;
  htmlGzip: number;
  cssGzip: number;
  jsAtLoadGzip: number;
  jsGzip: number;
  jsFiles: number;
  /** The bytes of the page's pictures on each screen of PICTURE_SCREENS, in its order. */
  pictureBytes: number[];
  problems: CatalogueError[];
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

/**
 * The files (paths under client/) that a page's HTML loads as soon as it is parsed: `scripts`, its module scripts, and
 * `entry`, those with its modulepreloads and the files its inline module scripts import.
 */
export function entryScriptsOf(html: string): { scripts: string[]; entry: string[] } {
  const scripts = [...html.matchAll(/<script type="module" src="\/([^"]+)"/g)].map((m) => m[1]);
  const entry = [
    ...[...html.matchAll(/<link rel="modulepreload" href="\/([^"]+)"/g)].map((m) => m[1]),
    ...scripts,
    ...[...html.matchAll(/<script type="module"[^>]*>([\s\S]*?)<\/script>/g)].flatMap((m) =>
      [...m[1].matchAll(/import\s*(?:\(\s*)?["']\/([^"']+)["']/g)].map((i) => i[1]),
    ),
  ];
  return { scripts, entry };
}

/** The block types of a page's islands, as the prerendered page marks them (`data-island` on each island's wrapper). */
export const islandTypesOf = (html: string): string[] => [
  ...new Set([...html.matchAll(/<div data-island="([a-z0-9-]+)"/g)].map((m) => m[1])),
];

/**
 * Measures every page of the build in `dir`: the page's own HTML says which islands it has; `enhancements` are the
 * modules of the block types' DOM code (which the entry imports for the blocks of its page only).
 */
export function measure(dir = buildDir(), enhancements: readonly string[] = []): RouteBudget[] {
  assertBuilt(dir);
  const clientDir = path.join(dir, "client");
  const manifest = readClientManifest(dir);
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
    const { scripts, entry } = entryScriptsOf(html);
    const seen = new Set<string>();
    const assets: string[] = [];
    const follow = (keys: string[]) => assets.push(...staticClosure(manifest, keys, seen));
    follow(entry.map((asset) => keyOfFile(manifest, asset)));
    const jsAtLoadGzip = assets.reduce((sum, asset) => sum + sizeOf(asset).gzip, 0);
    // The islands runtime, which the entry imports once the page has loaded (or prefetches, on pages without blocks
    // that move): bytes that every visit downloads without any interaction.
    // The blocks' DOM enhancements are imports of the entry too, but a page loads only its own: its HTML preloads them.
    follow(
      scripts.flatMap((script) => {
        const imported = dynamicImportsOf(manifest, keyOfFile(manifest, script));
        const enhancementKeys = enhancements.map((module) => keyOfModule(manifest, module, imported));
        return imported.filter((key) => !enhancementKeys.includes(key));
      }),
    );
    // The chunks of this page's islands, loaded as they near the screen.
    follow(islandTypesOf(html).map((type) => `blocks/${type}/${componentFileOf(type)}`));
    const jsGzip = assets.reduce((sum, asset) => sum + sizeOf(asset).gzip, 0);
    const withAjv = assets.filter((asset) => sizeOf(asset).hasAjv);
    const css = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join("");
    const htmlGzip = gzip(html);
    const htmlBudget = LONG_PAGES.has(sourceRouteOf(html, route)) ? LONG_HTML_BUDGET : HTML_BUDGET;
    const problems: CatalogueError[] = [];
    // A page whose scripts the patterns miss would measure 0 kB and pass: the budget would check nothing.
    if (entry.length === 0)
      problems.push(catalogueError(budgetErrors.noEntryScript, { route, file: path.relative(dir, file) }));
    if (jsAtLoadGzip > JS_AT_LOAD_BUDGET)
      problems.push(
        catalogueError(budgetErrors.jsAtLoadOverBudget, {
          route,
          size: kb(jsAtLoadGzip),
          budget: kb(JS_AT_LOAD_BUDGET),
        }),
      );
    if (jsGzip > JS_BUDGET)
      problems.push(catalogueError(budgetErrors.jsOverBudget, { route, size: kb(jsGzip), budget: kb(JS_BUDGET) }));
    if (withAjv.length > 0) problems.push(catalogueError(budgetErrors.ajvShipped, { route, files: withAjv }));
    if (htmlGzip > htmlBudget)
      problems.push(catalogueError(budgetErrors.htmlOverBudget, { route, size: kb(htmlGzip), budget: kb(htmlBudget) }));
    const pictureBytes = PICTURE_SCREENS.map(({ name, viewport, density }) => {
      const weights = pictureWeights(html, clientDir, viewport, density);
      for (const { file: picture, bytes } of weights)
        if (bytes > PICTURE_BUDGET)
          problems.push(
            catalogueError(budgetErrors.pictureOverBudget, {
              route,
              file: picture,
              viewport: name,
              size: kb(bytes),
              budget: kb(PICTURE_BUDGET),
            }),
          );
      const total = weights.reduce((sum, { bytes }) => sum + bytes, 0);
      if (total > PICTURES_BUDGET)
        problems.push(
          catalogueError(budgetErrors.picturesOverBudget, {
            route,
            viewport: name,
            size: kb(total),
            budget: kb(PICTURES_BUDGET),
          }),
        );
      return total;
    });
    return {
      route,
      htmlGzip,
      cssGzip: gzip(css),
      jsAtLoadGzip,
      jsGzip,
      jsFiles: assets.length,
      pictureBytes,
      problems,
    };
  });
}

/** Every file of the build that a browser can be sent, as text, checked for the page editor's names. */
export function editorInBuild(dir = buildDir()): CatalogueError[] {
  const clientDir = path.join(dir, "client");
  return fs
    .readdirSync(clientDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(js|css|html|json|xml|txt|svg|webmanifest)$/.test(entry.name))
    .flatMap((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const text = fs.readFileSync(file, "utf8");
      return EDITOR_TRACES.filter((trace) => text.includes(trace)).map((trace) =>
        catalogueError(budgetErrors.editorShipped, { file: path.relative(dir, file), trace }),
      );
    });
}

export const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;
