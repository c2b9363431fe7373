// @vitest-environment node
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { CLIENT_MANIFEST_FILE, type ManifestChunk } from "../contract/client-manifest.server.ts";
import { budgetErrors, messageOf } from "../contract/errors.ts";
import { editorInBuild, measure } from "../scripts/measure/budgets.ts";

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function buildWith(files: Record<string, string>, manifest: Record<string, ManifestChunk> = {}) {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-budgets-"));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, "client", file)), { recursive: true });
    fs.writeFileSync(path.join(dir, "client", file), text);
  }
  fs.writeFileSync(path.join(dir, CLIENT_MANIFEST_FILE), JSON.stringify(manifest));
  return dir;
}

describe("npm run budgets: every page's JavaScript is measured", () => {
  const entryScript = "console.log('entry')";
  const manifest = { "renderer/entry.client.tsx": { file: "assets/entry-1.js", isEntry: true } };

  it("measures the entry script a page loads", () => {
    const [home] = measure(
      buildWith(
        {
          "index.html": '<h1>Home</h1><script type="module" src="/assets/entry-1.js"></script>',
          "assets/entry-1.js": entryScript,
        },
        manifest,
      ),
    );
    expect(home).toMatchObject({ route: "/", jsFiles: 1, problems: [] });
    expect(home.jsGzip).toBe(gzipSync(entryScript, { level: 9 }).length);
  });

  it("counts the chunks of the islands the page's HTML marks, and of no other block", () => {
    const island = "export const video = 1";
    const [home] = measure(
      buildWith(
        {
          "index.html":
            '<h1>Home</h1><div data-island="video" data-island-key="block-0"></div><script type="module" src="/assets/entry-1.js"></script>',
          "assets/entry-1.js": entryScript,
          "assets/video-1.js": island,
          "assets/stats-1.js": "export const stats = 1",
        },
        {
          ...manifest,
          "blocks/video/Video.tsx": { file: "assets/video-1.js" },
          "blocks/stats/Stats.tsx": { file: "assets/stats-1.js" },
        },
      ),
    );
    expect(home.jsFiles).toBe(2);
    expect(home.jsGzip).toBe(gzipSync(entryScript, { level: 9 }).length + gzipSync(island, { level: 9 }).length);
  });

  it("refuses a page in which no entry script is found, rather than measuring 0 kB", () => {
    const [home] = measure(buildWith({ "index.html": "<h1>Home</h1>", "assets/entry-1.js": entryScript }, manifest));
    expect(home.problems.map((problem) => [problem.code, problem.message])).toEqual([
      [
        budgetErrors.noEntryScript.code,
        "/: client/index.html has no module script or modulepreload, so its JavaScript cannot be measured",
      ],
    ]);
  });
});

describe("npm run budgets: JavaScript at load", () => {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  const gzip = (text: string) => gzipSync(text, { level: 9 }).length;
  const page =
    '<h1>Home</h1><link rel="modulepreload" href="/assets/dom-2.js"><script type="module" src="/assets/entry-1.js"></script>';

  it("counts the entry and what the page preloads, not what the entry imports later", () => {
    const files = {
      "index.html": page,
      "assets/entry-1.js": "import('./runtime-3.js')",
      "assets/dom-2.js": "export default () => document.body",
      "assets/runtime-3.js": "export const runtime = 1",
    };
    const [home] = measure(
      buildWith(files, {
        "renderer/entry.client.tsx": {
          file: "assets/entry-1.js",
          isEntry: true,
          imports: ["_dom-2.js"],
          dynamicImports: ["_runtime-3.js"],
        },
        "_dom-2.js": { file: "assets/dom-2.js" },
        "_runtime-3.js": { file: "assets/runtime-3.js" },
      }),
      [],
    );
    expect(home.jsAtLoadGzip).toBe(gzip(files["assets/entry-1.js"]) + gzip(files["assets/dom-2.js"]));
    expect(home.jsGzip).toBe(home.jsAtLoadGzip + gzip(files["assets/runtime-3.js"]));
    expect(home.problems).toEqual([]);
  });

  it("leaves out the DOM code of blocks the page does not have, which the entry imports only on pages that do", () => {
    const carousel = "blocks/conversation-carousel/carousel-dom.ts";
    const [home] = measure(
      buildWith(
        {
          "index.html": '<h1>Home</h1><script type="module" src="/assets/entry-1.js"></script>',
          "assets/entry-1.js": "import('./carousel-dom-4.js')",
          "assets/carousel-dom-4.js": "export default () => document.body",
        },
        {
          "renderer/entry.client.tsx": { file: "assets/entry-1.js", isEntry: true, dynamicImports: [carousel] },
          [carousel]: { file: "assets/carousel-dom-4.js", src: carousel, isDynamicEntry: true },
        },
      ),
      [carousel],
    );
    expect(home.jsGzip).toBe(home.jsAtLoadGzip);
  });

  it("refuses a page whose JavaScript at load is over 10 kB gzip", () => {
    // Random text: gzip cannot make it smaller than the budget.
    const entry = `export const noise = "${randomBytes(12 * 1024).toString("base64")}"`;
    const [home] = measure(
      buildWith(
        {
          "index.html": '<h1>Home</h1><script type="module" src="/assets/entry-1.js"></script>',
          "assets/entry-1.js": entry,
        },
        { "renderer/entry.client.tsx": { file: "assets/entry-1.js", isEntry: true } },
      ),
      [],
    );
    expect(home.problems.map((problem) => [problem.code, problem.message])).toEqual([
      [budgetErrors.jsAtLoadOverBudget.code, `/: JS at load ${kb(gzip(entry))} > 10.0 kB (gzip)`],
    ]);
  });
});

describe("npm run budgets: the home and legal pages' larger HTML budget, in every language", () => {
  const manifest = { "renderer/entry.client.tsx": { file: "assets/entry-1.js", isEntry: true } };
  // Random text: gzip cannot make it smaller than 23 kB, nor larger than 40 kB.
  const long = randomBytes(24 * 1024).toString("base64");
  const page = (head: string) =>
    `<head>${head}</head><p>${long}</p><script type="module" src="/assets/entry-1.js"></script>`;

  it("gives a locale's version of the home page the home page's budget, and a typical page its own", () => {
    const routes = measure(
      buildWith(
        {
          "index.html": page('<link rel="canonical" href="https://www.voxa.example/"/>'),
          "de/index.html": page(
            '<link rel="canonical" href="https://www.voxa.example/de"/><link rel="alternate" hrefLang="x-default" href="https://www.voxa.example/"/>',
          ),
          "de/privacy/index.html": page('<link rel="canonical" href="https://www.voxa.example/privacy"/>'),
          "de/kontakt/index.html": page(
            '<link rel="canonical" href="https://www.voxa.example/de/kontakt"/><link rel="alternate" hrefLang="x-default" href="https://www.voxa.example/contact"/>',
          ),
          "assets/entry-1.js": "console.log('entry')",
        },
        manifest,
      ),
      [],
    );
    const over = routes.flatMap((route) => route.problems.map((problem) => problem.message));
    expect(over).toHaveLength(1);
    expect(over[0]).toMatch(/^\/de\/kontakt: HTML \+ critical CSS [\d.]+ kB > 23\.0 kB \(gzip\)$/);
  });
});

describe("npm run budgets: no page editor code in the build", () => {
  it("passes a build that carries none of the editor's names", () => {
    expect(
      editorInBuild(buildWith({ "index.html": "<h1>Home</h1>", "assets/entry-1.js": "fetch('/api/leads')" })),
    ).toEqual([]);
  });

  it("names each file and each editor name it carries", () => {
    const leaks = editorInBuild(
      buildWith({
        "index.html": "<h1>Home</h1>",
        "assets/chunk-2.js": 'headers:{"x-editor-token":t()};localStorage.getItem(`voxa-editor:draft:${f}`)',
      }),
    );
    expect(leaks.map((leak) => [leak.code, leak.message])).toEqual([
      [
        budgetErrors.editorShipped.code,
        messageOf(budgetErrors.editorShipped, { file: "client/assets/chunk-2.js", trace: "x-editor-token" }),
      ],
      [
        budgetErrors.editorShipped.code,
        messageOf(budgetErrors.editorShipped, { file: "client/assets/chunk-2.js", trace: "voxa-editor:draft:" }),
      ],
    ]);
    expect(leaks[0].message).toBe(
      "client/assets/chunk-2.js contains 'x-editor-token', a name of the page editor's code",
    );
  });
});

describe("npm run budgets: every page's pictures are weighed as a browser picks them", () => {
  const manifest = { "renderer/entry.client.tsx": { file: "assets/entry-1.js", isEntry: true } };
  const bytes = (count: number) => "x".repeat(count);
  const picture = (stem: string) =>
    `<picture style="display:contents"><source type="image/avif" srcset="/_img/${stem}-358.a.avif 358w, /_img/${stem}-716.a.avif 716w, /_img/${stem}-1318.a.avif 1318w" sizes="(min-width: 768px) min(calc(100vw - 48px), 1232px), calc(100vw - 32px)"/><img src="/_img/${stem}-1318.a.jpg" alt="" width="1318" height="879"/></picture>`;
  const page = (body: string) => `${body}<script type="module" src="/assets/entry-1.js"></script>`;

  it("takes the smallest file as wide as the place on each screen, and names a picture over budget", () => {
    const [home] = measure(
      buildWith(
        {
          "index.html": page(picture("hero") + picture("team")),
          "assets/entry-1.js": "1",
          "_img/hero-358.a.avif": bytes(30_000),
          "_img/hero-716.a.avif": bytes(90_000),
          "_img/hero-1318.a.avif": bytes(260_000),
          "_img/team-358.a.avif": bytes(20_000),
          "_img/team-716.a.avif": bytes(60_000),
          "_img/team-1318.a.avif": bytes(150_000),
        },
        manifest,
      ),
    );
    // 390 px at 2x: 358 CSS px wide, so the 716 px files; 1366 px at 1x: 1232 px, so the 1318 px files.
    expect(home!.pictureBytes).toEqual([150_000, 410_000]);
    expect(home!.problems.map((problem) => `${problem.code} ${problem.message}`)).toEqual([
      `BUDGET007 ${messageOf(budgetErrors.pictureOverBudget, { route: "/", file: "/_img/hero-1318.a.avif", viewport: "1366 px", size: "253.9 kB", budget: "200.0 kB" })}`,
    ]);
  });

  it("weighs a picture with a narrow shape by the shape each screen takes", () => {
    const narrow = `<picture style="display:contents"><source media="(max-width: 599px)" type="image/avif" srcset="/_img/hero-narrow-390.a.avif 390w, /_img/hero-narrow-780.a.avif 780w" sizes="100vw" width="780" height="1170"/><source type="image/avif" srcset="/_img/hero-960.a.avif 960w, /_img/hero-1366.a.avif 1366w" sizes="(min-width: 960px) 100vw, 960px"/><img src="/_img/hero-1366.a.jpg" alt="" width="1366" height="911"/></picture>`;
    const [home] = measure(
      buildWith(
        {
          "index.html": page(narrow),
          "assets/entry-1.js": "1",
          "_img/hero-narrow-390.a.avif": bytes(8_000),
          "_img/hero-narrow-780.a.avif": bytes(17_000),
          "_img/hero-960.a.avif": bytes(28_000),
          "_img/hero-1366.a.avif": bytes(75_000),
        },
        manifest,
      ),
    );
    // 390 px at 2x: the upright cut, 780 px wide; 1366 px at 1x: the slot's own shape, 1366 px wide.
    expect(home!.pictureBytes).toEqual([17_000, 75_000]);
  });

  it("adds up a page's pictures against the page's budget", () => {
    const files: Record<string, string> = { "assets/entry-1.js": "1" };
    const stems = Array.from({ length: 8 }, (_, index) => `row-${index}`);
    for (const stem of stems)
      for (const width of [358, 716, 1318]) files[`_img/${stem}-${width}.a.avif`] = bytes(width * 100);
    const [home] = measure(buildWith({ ...files, "index.html": page(stems.map(picture).join("")) }, manifest));
    expect(home!.problems.map((problem) => problem.code)).toEqual(["BUDGET008"]);
    expect(home!.problems[0]!.message).toBe(
      messageOf(budgetErrors.picturesOverBudget, {
        route: "/",
        viewport: "1366 px",
        size: "1029.7 kB",
        budget: "1000.0 kB",
      }),
    );
  });
});
