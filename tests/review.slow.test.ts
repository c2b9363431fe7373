/**
 * `npm run review` end to end on a fixture repository (a copy of the project in a temporary git repository, a base
 * commit and a head commit): a text change on /about gives that route's screenshots at both widths with a non-zero
 * diff, zero on the two control routes, and a report and summary that list the route. A nav label change reaches every
 * route (the affected set only: shooting the whole site is not what this checks). Needs Chromium.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findChromium } from "../scripts/lib/chromium.ts";
import { affectedRoutes } from "../scripts/lib/affected.ts";
import { projectRepository } from "../scripts/lib/project-repo.ts";
import type { ReviewResult } from "../scripts/lib/review/run.ts";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "review-"));
const copy = path.join(scratch, "project");
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
let git: (...args: string[]) => string;
const editJson = (file: string, edit: (value: Record<string, unknown>) => void) => {
  const full = path.join(copy, file);
  const value = JSON.parse(fs.readFileSync(full, "utf8")) as Record<string, unknown>;
  edit(value);
  fs.writeFileSync(full, `${JSON.stringify(value, null, 2)}\n`);
};

let run: { status: number | null; stdout: string; stderr: string };
let result: ReviewResult;
const review = (file: string) => path.join(copy, "review", file);

beforeAll(() => {
  // Fails with CHECK002 and how to install Chromium when it is missing.
  findChromium();
  ({ git } = projectRepository(copy));
  git("checkout", "-q", "-b", "text-change");
  editJson("site-config/pages/about.json", (page) => {
    const hero = (page.blocks as { heading: string }[])[0]!;
    hero.heading = `${hero.heading}, today`;
  });
  git("commit", "-q", "-am", "About: a new heading");
  run = spawnSync(process.execPath, ["--import", "tsx", "scripts/review.ts", "--base", "main"], {
    cwd: copy,
    encoding: "utf8",
  });
  // The command's own words, when it wrote no result.
  if (!fs.existsSync(review("review.json"))) throw new Error(`${run.stdout}\n${run.stderr}`);
  result = JSON.parse(fs.readFileSync(review("review.json"), "utf8")) as ReviewResult;
}, 1_200_000);

describe("npm run review on a one-page text change", () => {
  it("passes, and says which route changed and where the report is", () => {
    expect(run.stderr).not.toMatch(/✖/);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^\/about at 390 px: \d+ pixels changed/m);
    expect(run.stdout).toMatch(/^\/about at 1366 px: \d+ pixels changed/m);
    expect(run.stdout).toContain("✔ report: review/index.html; summary for the pull request: review/summary.md");
    expect(run.stdout).toMatch(/^✔ review passed: 1 affected route, 1 with visual changes, no problem/m);
  });

  it("shoots /about at both widths on both builds, with a non-zero diff", () => {
    const about = result.routes.find((r) => r.route === "/about")!;
    expect(about.control).toBe(false);
    expect(about.shots.map((s) => s.width)).toEqual([390, 1366]);
    for (const shot of about.shots) {
      expect(shot.changed).toBeGreaterThan(0);
      for (const image of [shot.before!, shot.after!, shot.diff!]) expect(fs.existsSync(review(image))).toBe(true);
    }
    expect(about.shots[0]!.after).toBe("shots/about-390-after.png");
  });

  it("shoots two control routes, unchanged to the pixel, and nothing else", () => {
    const controls = result.routes.filter((r) => r.control);
    expect(controls).toHaveLength(2);
    for (const control of controls) expect(control.shots.map((s) => s.changed)).toEqual([0, 0]);
    expect(result.routes).toHaveLength(3);
  });

  it("writes a report listing the route, and a summary linking into it", () => {
    const html = fs.readFileSync(review("index.html"), "utf8");
    expect(html).toContain('<section class="route" id="route-about">');
    expect(html).toContain('src="shots/about-1366-diff.png"');
    const summary = fs.readFileSync(review("summary.md"), "utf8");
    expect(summary).toContain("## Content review: ✅ passed");
    expect(summary).toMatch(
      /^\| \[`\/about`\]\(index\.html#route-about\) \| changed \| [\d,]+ px \([\d.]+ %\) \| [\d,]+ px/m,
    );
  });

  it("a nav label change reaches every route", () => {
    editJson("site-config/pages/industries/pet-insurance.json", (page) => {
      (page.nav as { label: string }).label = "Pets & Vets";
    });
    const affected = affectedRoutes({ base: "main", cwd: copy });
    const pages = fs
      .readdirSync(path.join(copy, "build", "client"), { recursive: true })
      .map(String)
      .filter((file) => file.endsWith("index.html"))
      .map((file) => (file === "index.html" ? "/" : `/${path.dirname(file)}`))
      .sort();
    expect(affected.everyRoute).toBe(true);
    expect(affected.routes.map((r) => r.route)).toEqual(pages);
  });
});
