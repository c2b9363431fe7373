// @vitest-environment node
/**
 * The review's pixel diff (padding of pages of different heights counted as changed) and its Markdown summary (routes,
 * changed pixels, links into the report), on small images and a result made by hand.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PNG } from "pngjs";
import { afterAll, describe, expect, it } from "vitest";
import { diffImages } from "../scripts/lib/review/diff.ts";
import { summaryMarkdown } from "../scripts/lib/review/report.ts";
import type { ReviewResult } from "../scripts/lib/review/run.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "review-diff-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A white PNG of the given size, with the pixels listed painted black. */
function png(name: string, width: number, height: number, black: [number, number][] = []): string {
  const image = new PNG({ width, height });
  image.data.fill(255);
  for (const [x, y] of black) image.data.set([0, 0, 0, 255], (y * width + x) * 4);
  const file = path.join(dir, name);
  fs.writeFileSync(file, PNG.sync.write(image));
  return file;
}

describe("diffImages", () => {
  it("counts the pixels that differ", () => {
    const diff = diffImages(png("a.png", 10, 10), png("b.png", 10, 10, [[2, 3]]), path.join(dir, "d.png"));
    expect(diff).toEqual({ changed: 1, total: 100, width: 10, height: 10 });
  });

  it("pads the shorter page and counts the padding as changed, painted red", () => {
    const diff = diffImages(png("short.png", 10, 10), png("long.png", 10, 14), path.join(dir, "pad.png"));
    expect(diff).toEqual({ changed: 40, total: 140, width: 10, height: 14 });
    const image = PNG.sync.read(fs.readFileSync(path.join(dir, "pad.png")));
    expect([...image.data.subarray((12 * 10 + 5) * 4, (12 * 10 + 5) * 4 + 4)]).toEqual([255, 0, 0, 255]);
  });

  it("finds no change between two identical images", () => {
    expect(diffImages(png("c.png", 5, 5), png("c2.png", 5, 5), path.join(dir, "same.png")).changed).toBe(0);
  });
});

describe("summaryMarkdown", () => {
  const result = {
    affected: { mergeBase: "a".repeat(40), head: "b".repeat(40), everyRoute: false, workingTree: true },
    routes: [
      {
        route: "/about",
        status: "changed",
        reasons: ["site-config/pages/about.json: blocks"],
        control: false,
        shots: [
          { width: 390, changed: 1234, total: 100000 },
          { width: 1366, changed: 5678, total: 1000000 },
        ],
      },
      {
        route: "/terms",
        status: "changed",
        reasons: ["control"],
        control: true,
        shots: [
          { width: 390, changed: 0, total: 100 },
          { width: 1366, changed: 0, total: 100 },
        ],
      },
    ],
    problems: [],
    timings: [],
    budgets: [],
    outDir: dir,
    startedAt: "2026-11-26T19:00:00.000Z",
    totalMs: 41_200,
  } as unknown as ReviewResult;

  it("lists the routes with their changed pixels, linking into the report", () => {
    expect(summaryMarkdown(result)).toBe(
      [
        "## Content review: ✅ passed",
        "",
        "Base `aaaaaaaaaaaa` → head `bbbbbbbbbbbb`: 1 affected route(s), 1 with visual changes, reviewed in 41.2 s. [Full report](index.html)",
        "",
        "| Route | Status | 390 px | 1366 px |",
        "| --- | --- | --- | --- |",
        "| [`/about`](index.html#route-about) | changed | 1,234 px (1.23 %) | 5,678 px (0.57 %) |",
        "| [`/terms`](index.html#route-terms) | control | no change | no change |",
        "",
        "",
      ].join("\n"),
    );
  });

  it("links to the published report when given its address, and lists the problems", () => {
    const failed = {
      ...result,
      problems: [{ code: "REVIEW006", text: "REVIEW006 control route /terms at 390 px differs" }],
    };
    const summary = summaryMarkdown(failed, "https://ci.example/review/index.html");
    expect(summary).toContain("## Content review: ❌ 1 problem");
    expect(summary).toContain("[`/about`](https://ci.example/review/index.html#route-about)");
    expect(summary).toContain("### Problems\n\n- `REVIEW006 control route /terms at 390 px differs`");
  });
});
