/**
 * `npm run review` and `npm run affected` on one fixture repository (a copy of the project in a temporary git
 * repository, the base committed on `main`). The base is built once, where the review keeps a base build by commit, so
 * the review finds it built (as a second review on the same base does).
 *
 * The review: a text change on /about gives that route's screenshots at both widths with a non-zero diff, zero on the
 * two control routes, and a report and summary that list the route. A nav label change reaches every route. Needs
 * Chromium.
 *
 * The affected routes never miss a page: for each real change, every page (and sitemap.xml, robots.txt) of the base's
 * build and of the head's is compared. The routes that differ must be inside the predicted set, and for a change to one
 * page's body text, or to a shared section (every page that places it), equal to it. The head is built in full for the block's component; the other changes are to
 * site-config/ alone and name no other icon, which the server build reads when it renders and the bundles do not
 * carry: their pages are rendered with the base's code (scripts/review/render-content.ts), as the review renders
 * such a head, which a test shows gives the full build's files on the heading change.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentRoutes, loadContent } from "../contract/content.server.ts";
import { affectedRoutes } from "../scripts/pipeline/affected.ts";
import { findChromium } from "../toolchain/chromium.ts";
import { projectRepository } from "../scripts/review/project-repo.ts";
import { baseBuildDir, buildCheckout, isBuilt, renderContent } from "../scripts/review/builds.ts";
import type { ReviewResult } from "../scripts/review/run.ts";
import { listSections } from "../toolchain/sections.ts";
import { validateConfig } from "../toolchain/validate.ts";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "review-"));
const copy = path.join(scratch, "project");
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

let git: (...args: string[]) => string;
let baseCommit = "";
let baseIcons: string[] = [];
/** Where the review looks for the base's build; built with its server build kept, to render other content with. */
let baseDir = "";
/** The branch of the review's change, and the head build the review makes of it. */
const TEXT_CHANGE = "text-change";
const reviewHeadDir = () => path.join(copy, "build");
// Inside the copy, so that the prerenderer resolves the project's packages from the build as the real build does.
const buildDir = (name: string) => path.join(copy, ".cache", "builds", name);

const editJson = (file: string, edit: (value: Record<string, unknown>) => void) => {
  const full = path.join(copy, file);
  const value = JSON.parse(fs.readFileSync(full, "utf8")) as Record<string, unknown>;
  edit(value);
  fs.writeFileSync(full, `${JSON.stringify(value, null, 2)}\n`);
};

/** The icons that the checkout's content names, which the bundles carry. */
const contentIcons = () =>
  validateConfig({ configDir: path.join(copy, "site-config"), publicDir: path.join(copy, "public") }).icons;

beforeAll(async () => {
  // Fails with CHECK002 and how to install Chromium when it is missing.
  findChromium();
  ({ git, base: baseCommit } = projectRepository(copy));
  baseIcons = contentIcons();
  baseDir = baseBuildDir(copy, baseCommit);
  await buildCheckout(copy, baseDir, "base", { keepServerBuild: true });
  git("checkout", "-q", "-b", TEXT_CHANGE);
  editJson("site-config/pages/about.json", (page) => {
    const hero = (page.blocks as { heading: string }[])[0]!;
    hero.heading = `${hero.heading}, today`;
  });
  git("commit", "-q", "-am", "About: a new heading");
}, 900_000);

describe("npm run review on a one-page text change", () => {
  let run: { status: number | null; stdout: string; stderr: string };
  let result: ReviewResult;
  const review = (file: string) => path.join(copy, "review", file);

  beforeAll(() => {
    git("checkout", "-q", "-f", TEXT_CHANGE);
    run = spawnSync(process.execPath, ["--import", "tsx", "scripts/review.ts", "--base", "main"], {
      cwd: copy,
      encoding: "utf8",
    });
    // The command's own words, when it wrote no result.
    if (!fs.existsSync(review("review.json"))) throw new Error(`${run.stdout}\n${run.stderr}`);
    result = JSON.parse(fs.readFileSync(review("review.json"), "utf8")) as ReviewResult;
  }, 1_200_000);

  it("passes with the base's build from the cache, and says which route changed and where the report is", () => {
    expect(run.stderr).not.toMatch(/✖/);
    expect(run.status).toBe(0);
    expect(result.baseBuild).toEqual({ dir: baseDir, cached: true });
    expect(result.headBuild).toBe("content");
    expect(run.stdout).toContain(
      "the change touches site-config/ alone and names the same icons: the head's pages were rendered with the base's build",
    );
    expect(run.stdout).toMatch(/^\/about at 390 px: \d+ pixels changed/m);
    expect(run.stdout).toMatch(/^\/about at 1366 px: \d+ pixels changed/m);
    expect(run.stdout).toContain("✔ report: review/index.html; summary for the pull request: review/summary.md");
    // The German locale shows /about for want of a translation: /de/about changes with it.
    expect(run.stdout).toMatch(/^\/de\/about at 1366 px: \d+ pixels changed/m);
    expect(run.stdout).toMatch(/^✔ review passed: 2 affected routes, 2 with visual changes, no problem/m);
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
    expect(result.routes.map((r) => r.route)).toEqual(expect.arrayContaining(["/about", "/de/about"]));
    expect(result.routes).toHaveLength(4);
  });

  it("writes a report listing the route, and a summary linking into it", () => {
    const html = fs.readFileSync(review("index.html"), "utf8");
    expect(html).toContain('<section class="route changed" id="route-about">');
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
      .readdirSync(path.join(reviewHeadDir(), "client"), { recursive: true })
      .map(String)
      .filter((file) => file.endsWith("index.html"))
      .map((file) => (file === "index.html" ? "/" : `/${path.dirname(file)}`))
      .sort();
    expect(affected.everyRoute).toBe(true);
    expect(affected.routes.map((r) => r.route)).toEqual(pages);
  });

  it("reviews a change reaching every route by a sample showing every block type in each locale, loading the rest", () => {
    // The nav label change of the test above, still in the working tree.
    const sampled = spawnSync(
      process.execPath,
      ["--import", "tsx", "scripts/review.ts", "--base", "main", "--out", "review-sample"],
      // Its head built apart: the build/ of the text change's review is the scenarios' below.
      { cwd: copy, encoding: "utf8", env: { ...process.env, BUILD_DIR: buildDir("nav-sample") } },
    );
    expect(sampled.stderr).not.toMatch(/✖/);
    expect(sampled.status).toBe(0);
    const line =
      /^(\d+) of the (\d+) affected routes shot, a sample showing every block type in each locale; the other (\d+) were built, loaded and measured, not shot$/m.exec(
        sampled.stdout,
      );
    expect(line, sampled.stdout).not.toBeNull();
    const [shot, affected, left] = line!.slice(1).map(Number) as [number, number, number];
    expect(shot + left).toBe(affected);
    expect(shot).toBeLessThan(affected);
    expect(sampled.stdout).toContain("load the routes not shot");
    const review = JSON.parse(fs.readFileSync(path.join(copy, "review-sample", "review.json"), "utf8")) as ReviewResult;
    const shotRoutes = review.routes.filter((r) => !r.outOfSample);
    expect(shotRoutes).toHaveLength(shot);
    for (const r of shotRoutes)
      expect(r.shots.map((s) => [s.width, !!s.before, !!s.after])).toEqual([
        [390, true, true],
        [1366, true, true],
      ]);
    for (const r of review.routes.filter((r) => r.outOfSample)) expect(r.shots).toEqual([]);
    expect(review.budgets).toHaveLength(affected);
    // Every block type of the English pages is on an English route shot.
    const typesOf = new Map<string, string[]>();
    for (const file of fs.readdirSync(path.join(copy, "site-config/pages"), { recursive: true }).map(String)) {
      if (!file.endsWith(".json")) continue;
      const page = JSON.parse(fs.readFileSync(path.join(copy, "site-config/pages", file), "utf8")) as {
        path: string;
        blocks: { type: string }[];
      };
      typesOf.set(
        page.path,
        page.blocks.map((b) => b.type),
      );
    }
    const shotTypes = new Set(shotRoutes.flatMap((r) => typesOf.get(r.route) ?? []));
    expect(shotTypes).toEqual(new Set([...typesOf.values()].flat()));
    expect(shotRoutes.map((r) => r.route)).toEqual(expect.arrayContaining(["/404", "/de/404"]));
    fs.rmSync(buildDir("nav-sample"), { recursive: true, force: true });
  }, 900_000);
});

/**
 * Every page and resource of a build's client/ folder, by route ("/", "/about", "/404", "/sitemap.xml").
 * `codeChanged`: the change is to code, so Vite's content hashes in asset names (/assets/Stats-Ab12Cd34.js) are
 * replaced by the bare name. The entry chunk imports every block's chunk by its hashed name, so a change to one block's
 * code renames the entry chunk and with it a line of every page, though no page shows anything new; what a page shows
 * (its markup, its critical CSS) is compared as it is. For content changes nothing is normalised: the code is the same
 * in both builds, so the same asset names are expected.
 */
function outputs(dir: string, codeChanged: boolean): Map<string, string> {
  const client = path.join(dir, "client");
  const out = new Map<string, string>();
  for (const entry of fs.readdirSync(client, { recursive: true, withFileTypes: true })) {
    const file = path.relative(client, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    const route = file === "index.html" ? "/" : file.endsWith("/index.html") ? `/${file.slice(0, -11)}` : undefined;
    const key = route ?? (["sitemap.xml", "robots.txt"].includes(file) ? `/${file}` : undefined);
    if (!key || !entry.isFile()) continue;
    const text = fs.readFileSync(path.join(client, file), "utf8");
    out.set(key, codeChanged ? text.replace(/(\/assets\/[\w.-]+?)-[\w-]{8}\.(js|css)/g, "$1.$2") : text);
  }
  return out;
}

function changedOutputs(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((key) => before.get(key) !== after.get(key)).sort();
}

/** Renders the checkout's content into `into` with the base's code: see scripts/review/render-content.ts. */
function prerenderContent(into: string): Promise<void> {
  const changedFiles = git("diff", "--name-only", baseCommit, "HEAD").split("\n");
  expect(
    changedFiles.filter((file) => !file.startsWith("site-config/")),
    "a change to content alone",
  ).toEqual([]);
  expect(contentIcons(), "the icons the bundles carry").toEqual(baseIcons);
  return renderContent(copy, baseDir, into);
}

/**
 * The review's head build of the heading change (its content rendered with the base's code), rendered here as the
 * review does when the review did not run (a filtered run).
 */
async function reviewHead(): Promise<string> {
  if (!isBuilt(reviewHeadDir())) await prerenderContent(reviewHeadDir());
  return reviewHeadDir();
}

interface Scenario {
  name: string;
  /** Makes the change in the checkout; the heading's is the review's commit. */
  change?: () => void;
  /** How the head is built: the review's, in full, or its content rendered with the base's code. */
  head: "review" | "full" | "content";
  code?: boolean;
  /** The routes the prediction must name exactly (HTML pages), read from the checkout once the change is made. */
  exactly?: () => string[];
}

const scenarios: Scenario[] = [
  // The German locale shows /about for want of a translation.
  { name: "a heading in one page's body", head: "review", exactly: () => ["/about", "/de/about"] },
  {
    name: "a shared section",
    head: "content",
    change: () =>
      editJson("site-config/sections/closing.json", (section) => {
        (section.blocks as { heading?: string }[])[0]!.heading = "Ready when you are";
      }),
    // Every page that places the section, directly or through another, the routes showing those pages for want of a
    // translation, and no other.
    exactly: () => {
      const configDir = path.join(copy, "site-config");
      const placing = new Set(
        listSections(configDir)
          .find((section) => section.id === "closing")!
          .pages.map((page) => page.split("  ")[0]!),
      );
      const shown = contentRoutes(loadContent(configDir))
        .filter((route) => route.kind === "fallback" && placing.has(route.canonical))
        .map((route) => route.path);
      return [...placing, ...shown].sort();
    },
  },
  {
    name: "an industry page's nav label",
    head: "content",
    change: () =>
      editJson("site-config/pages/industries/pet-insurance.json", (page) => {
        (page.nav as { label: string }).label = "Pets & Vets";
      }),
  },
  {
    name: "an industry page added",
    head: "content",
    change: () => {
      const page = JSON.parse(
        fs.readFileSync(path.join(copy, "site-config/pages/industries/pet-insurance.json"), "utf8"),
      ) as { path: string; title: string; nav: { label: string } };
      page.path = "/industries/travel-insurance";
      page.title = "AI agents for travel insurance";
      page.nav.label = "Travel Insurance";
      fs.writeFileSync(
        path.join(copy, "site-config/pages/industries/travel-insurance.json"),
        `${JSON.stringify(page, null, 2)}\n`,
      );
    },
  },
  {
    name: "a block's component",
    head: "full",
    code: true,
    change: () => {
      const file = path.join(copy, "blocks/stats/Stats.tsx");
      const source = fs.readFileSync(file, "utf8");
      expect(source).toContain('gap={{ base: "4", md: "6" }}');
      fs.writeFileSync(file, source.replace('gap={{ base: "4", md: "6" }}', 'gap={{ base: "5", md: "8" }}'));
    },
  },
  {
    name: "site.json",
    head: "content",
    change: () =>
      editJson("site-config/site.json", (site) => {
        (site.brand as { tagline: string }).tagline = "AI agents for voice, chat and email, built for insurers.";
      }),
  },
];

/** Checks out the scenario's change, committed on the base. */
function checkOut(scenario: Scenario) {
  if (!scenario.change) {
    git("checkout", "-q", "-f", TEXT_CHANGE);
    git("clean", "-q", "-fd");
    return;
  }
  git("checkout", "-q", "-f", "-B", "change", baseCommit);
  git("clean", "-q", "-fd");
  scenario.change();
  git("add", "-A");
  git("commit", "-q", "-m", scenario.name);
}

describe("npm run affected against the builds of base and head", () => {
  it("renders a content change's pages with the base's code as its full build does", async () => {
    checkOut(scenarios[0]!);
    await buildCheckout(copy, buildDir("heading-full"), "head");
    const full = outputs(buildDir("heading-full"), false);
    expect(changedOutputs(outputs(baseDir, false), full)).toContain("/about");
    expect(changedOutputs(full, outputs(await reviewHead(), false))).toEqual([]);
    fs.rmSync(buildDir("heading-full"), { recursive: true, force: true });
  }, 900_000);

  for (const scenario of scenarios)
    it(`predicts every page that ${scenario.name} changes`, async () => {
      checkOut(scenario);
      const predicted = affectedRoutes({ base: baseCommit, cwd: copy, workingTree: false });
      const name = scenario.name.replace(/\W+/g, "-");
      let headDir = buildDir(name);
      if (scenario.head === "review") headDir = await reviewHead();
      else if (scenario.head === "full") await buildCheckout(copy, headDir, "head");
      else await prerenderContent(headDir);
      const changed = changedOutputs(
        outputs(baseDir, scenario.code === true),
        outputs(headDir, scenario.code === true),
      );
      if (scenario.head !== "review") fs.rmSync(headDir, { recursive: true, force: true });

      const predictedAll = [...predicted.routes.map((r) => r.route), ...predicted.files];
      expect(changed.length).toBeGreaterThan(0);
      expect(changed.filter((route) => !predictedAll.includes(route))).toEqual([]);
      if (scenario.exactly) {
        const exactly = scenario.exactly();
        expect(exactly.length).toBeGreaterThan(0);
        expect(predicted.routes.map((r) => r.route).sort()).toEqual(exactly);
        expect(changed.filter((route) => !/\.(xml|txt)$/.test(route))).toEqual(exactly);
      }
    }, 900_000);
});
