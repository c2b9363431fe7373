// @vitest-environment node
/**
 * The review's pixel diff (padding of pages of different heights counted as changed, the box of the changed pixels),
 * its thumbnails' crop (around the change) and its Markdown summary, on small images and a result made by hand.
 * tests/review-report-html.test.tsx reads the HTML report.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PNG } from "pngjs";
import { afterAll, describe, expect, it } from "vitest";
import { thumbnailCrop } from "../scripts/review/changes.ts";
import { diffImages } from "../scripts/review/diff.ts";
import { summaryMarkdown } from "../scripts/review/report.ts";
import type { ReviewResult } from "../scripts/review/run.ts";

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
  it("counts the pixels that differ and gives the box that holds them", () => {
    const diff = diffImages(
      png("a.png", 10, 10),
      png("b.png", 10, 10, [
        [2, 3],
        [6, 7],
      ]),
      path.join(dir, "d.png"),
    );
    expect(diff).toEqual({ changed: 2, total: 100, width: 10, height: 10, box: { x: 2, y: 3, width: 5, height: 5 } });
  });

  it("pads the shorter page and counts the padding as changed, painted red", () => {
    const diff = diffImages(png("short.png", 10, 10), png("long.png", 10, 14), path.join(dir, "pad.png"));
    expect(diff).toEqual({
      changed: 40,
      total: 140,
      width: 10,
      height: 14,
      box: { x: 0, y: 10, width: 10, height: 4 },
    });
    const image = PNG.sync.read(fs.readFileSync(path.join(dir, "pad.png")));
    expect([...image.data.subarray((12 * 10 + 5) * 4, (12 * 10 + 5) * 4 + 4)]).toEqual([255, 0, 0, 255]);
  });

  it("finds no change, and no box, between two identical images", () => {
    const diff = diffImages(png("c.png", 5, 5), png("c2.png", 5, 5), path.join(dir, "same.png"));
    expect(diff.changed).toBe(0);
    expect(diff.box).toBeUndefined();
  });

  it("puts a change in the page and the rows only the longer page has in one box", () => {
    const diff = diffImages(png("e.png", 10, 10), png("f.png", 10, 12, [[4, 2]]), path.join(dir, "both.png"));
    expect(diff.box).toEqual({ x: 0, y: 2, width: 10, height: 10 });
  });
});

describe("thumbnailCrop", () => {
  const page = { width: 1366, height: 6000 };

  it("shows the changed area of a footer, padded, at least 640 × 360 px of the page", () => {
    expect(thumbnailCrop({ image: page, box: { x: 900, y: 5400, width: 200, height: 40 } })).toEqual({
      x: 680,
      y: 5240,
      width: 640,
      height: 360,
    });
  });

  it("keeps the crop inside the page at its edges", () => {
    expect(thumbnailCrop({ image: page, box: { x: 1300, y: 5980, width: 66, height: 20 } })).toEqual({
      x: 726,
      y: 5640,
      width: 640,
      height: 360,
    });
    expect(thumbnailCrop({ image: { width: 390, height: 200 }, box: { x: 10, y: 10, width: 5, height: 5 } })).toEqual({
      x: 0,
      y: 0,
      width: 390,
      height: 200,
    });
  });

  it("pads a large change by 48 px on each side", () => {
    expect(thumbnailCrop({ image: page, box: { x: 0, y: 1000, width: 1366, height: 2000 } })).toEqual({
      x: 0,
      y: 952,
      width: 1366,
      height: 2096,
    });
  });

  it("shows a change across the whole width at least half as high as wide, so that it can be read", () => {
    expect(
      thumbnailCrop({ image: { width: 1366, height: 3813 }, box: { x: 0, y: 3500, width: 1366, height: 20 } }),
    ).toEqual({ x: 0, y: 3130, width: 1366, height: 683 });
  });

  it("leaves a page without change to show from its top", () => {
    expect(thumbnailCrop({ image: page })).toBeUndefined();
    expect(thumbnailCrop({})).toBeUndefined();
  });
});

describe("summaryMarkdown", () => {
  const result = {
    affected: {
      mergeBase: "a".repeat(40),
      head: "b".repeat(40),
      everyRoute: false,
      workingTree: true,
      uncommitted: [],
    },
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
