// @vitest-environment node
/**
 * The rules of `npm run affected`, each on a small git repository shaped like the project (pages, a site file, block
 * folders, public files): one base commit, then the change in the working tree or as a commit.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CatalogueError } from "../contract/errors.ts";
import { affectedArgs } from "../scripts/affected.ts";
import { affectedRoutes } from "../scripts/pipeline/affected.ts";
import { REVIEW_USAGE, reviewArgs } from "../scripts/review.ts";

const repo = fs.mkdtempSync(path.join(os.tmpdir(), "affected-rules-"));
afterAll(() => fs.rmSync(repo, { recursive: true, force: true }));
const git = (...args: string[]) => execFileSync("git", args, { cwd: repo, encoding: "utf8" }).trim();
const write = (file: string, content: unknown) => {
  fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  fs.writeFileSync(path.join(repo, file), typeof content === "string" ? content : JSON.stringify(content, null, 2));
};
const page = (pagePath: string, extra: Record<string, unknown> = {}, blocks: unknown[] = []) => ({
  path: pagePath,
  title: `Title of ${pagePath}`,
  description: "A description long enough.",
  blocks,
  ...extra,
});
const PET_NAV = { menu: "industries", label: "Pet Insurance" };
const SECTION = (id: string) => ({ type: "section", section: id });
const EVERY = ["/", "/404", "/about", "/industries", "/industries/pet", "/pricing"];

let base = "";
beforeAll(() => {
  git("init", "-q", "-b", "main");
  git("config", "user.email", "review@voxa.example");
  git("config", "user.name", "Review test");
  write("site-config/site.json", { brand: { name: "Voxa" } });
  write("site-config/pages/home.json", page("/", {}, [{ type: "hero", heading: "Hello" }]));
  write(
    "site-config/pages/about.json",
    page("/about", {}, [
      { type: "stats", stats: [] },
      { type: "hero", heading: "About", image: { src: "/media/team.png" }, cta: { href: "/industries/pet#claims" } },
    ]),
  );
  write("site-config/pages/pricing.json", page("/pricing", {}, [{ type: "carousel" }, SECTION("band")]));
  write("site-config/pages/industries.json", page("/industries", {}, [{ type: "industry-index" }, SECTION("closing")]));
  write("site-config/sections/band.json", { name: "Band", blocks: [{ type: "video", heading: "Watch" }] });
  write("site-config/sections/closing.json", { name: "Closing", blocks: [SECTION("band")] });
  write("site-config/pages/industries/pet.json", page("/industries/pet", { nav: PET_NAV }, [{ type: "hero" }]));
  write("blocks/stats/Stats.tsx", "export default function Stats() {}\n");
  write("blocks/stats/block.ts", 'export default defineBlock({ type: "stats" });\n');
  write("blocks/carousel/Carousel.tsx", 'import { x } from "../stats/helpers.ts";\n');
  write(
    "blocks/carousel/block.ts",
    'export default defineBlock({ type: "carousel", noScriptCss: "./no-script.ts" });\n',
  );
  write("blocks/carousel/no-script.ts", "export default '';\n");
  write("public/media/team.png", "png");
  write("public/favicon.svg", "<svg/>");
  write("renderer/root.tsx", '<link rel="icon" href="/favicon.svg" />\n');
  write("docs/guide.md", "# Guide\n");
  write("react-router.config.ts", 'import { prerender } from "./scripts/pipeline/prerender.ts";\n');
  write("scripts/pipeline/prerender.ts", "export const prerender = 1;\n");
  write("scripts/e2e.ts", "export {};\n");
  git("add", "-A");
  git("commit", "-q", "-m", "base");
  base = git("rev-parse", "HEAD");
});

beforeEach(() => {
  git("checkout", "-q", "-f", "-B", "main", base);
  git("clean", "-q", "-fd");
});

const routes = (workingTree = true) =>
  affectedRoutes({ base, cwd: repo, workingTree }).routes.map((r) => `${r.route} ${r.status}`);

const edit = (file: string, change: (value: Record<string, unknown>) => void) => {
  const value = JSON.parse(fs.readFileSync(path.join(repo, file), "utf8")) as Record<string, unknown>;
  change(value);
  write(file, value);
};

describe("affectedRoutes", () => {
  it("a page's body text reaches that page only, and the sitemap", () => {
    edit("site-config/pages/about.json", (p) => ((p.blocks as { heading?: string }[])[1]!.heading = "About us"));
    const affected = affectedRoutes({ base, cwd: repo });
    expect(affected.routes).toEqual([
      { route: "/about", status: "changed", reasons: ["site-config/pages/about.json: blocks"] },
    ]);
    expect(affected.files).toEqual(["/sitemap.xml"]);
    expect(affected.everyRoute).toBe(false);
  });

  it("counts uncommitted changes unless told to read the commits only", () => {
    edit("site-config/pages/about.json", (p) => (p.description = "Another description, long enough."));
    expect(routes(true)).toEqual(["/about changed"]);
    expect(routes(false)).toEqual([]);
    git("commit", "-q", "-am", "description");
    expect(routes(false)).toEqual(["/about changed"]);
  });

  it("names the uncommitted files the build reads, and none on a clean tree or for the commits alone", () => {
    edit("site-config/pages/about.json", (p) => (p.description = "Another description, long enough."));
    write("site-config/pages/new.json", page("/new"));
    write("docs/guide.md", "# Guide, edited\n");
    expect(affectedRoutes({ base, cwd: repo }).uncommitted).toEqual([
      "site-config/pages/about.json",
      "site-config/pages/new.json",
    ]);
    expect(affectedRoutes({ base, cwd: repo, workingTree: false }).uncommitted).toEqual([]);
    git("add", "-A");
    git("commit", "-q", "-m", "about, new page, guide");
    const clean = affectedRoutes({ base, cwd: repo });
    expect(clean.uncommitted).toEqual([]);
    expect(clean.routes.map((r) => `${r.route} ${r.status}`)).toEqual(["/about changed", "/new added"]);
  });

  it("a nav label reaches every route and the 404 page", () => {
    edit("site-config/pages/industries/pet.json", (p) => ((p.nav as { label: string }).label = "Pets"));
    expect(routes()).toEqual(EVERY.map((r) => `${r} changed`));
  });

  it("a title reaches the page and the pages below it (their breadcrumbs)", () => {
    edit("site-config/pages/industries.json", (p) => (p.title = "Every industry"));
    expect(routes()).toEqual(["/industries changed", "/industries/pet changed"]);
  });

  it("a deleted page: its route, gone, the routes that linked to it, and every route for its nav", () => {
    fs.rmSync(path.join(repo, "site-config/pages/industries/pet.json"));
    const affected = affectedRoutes({ base, cwd: repo });
    expect(affected.routes.find((r) => r.route === "/industries/pet")?.status).toBe("gone");
    expect(affected.routes.find((r) => r.route === "/about")?.reasons).toContain(
      "site-config/pages/industries/pet.json: links to the removed /industries/pet",
    );
    expect(affected.everyRoute).toBe(true);
  });

  it("a page without nav added: its route only", () => {
    write("site-config/pages/careers.json", page("/careers"));
    expect(routes()).toEqual(["/careers added"]);
  });

  it("a block's component reaches the pages using the type, and the blocks importing its folder", () => {
    write("blocks/stats/Stats.tsx", "export default function Stats() { return 1; }\n");
    expect(routes()).toEqual(["/about changed", "/pricing changed"]);
  });

  it("a shared section reaches exactly the pages that place it, directly or through another section", () => {
    edit(
      "site-config/sections/band.json",
      (section) => ((section.blocks as { heading: string }[])[0]!.heading = "See"),
    );
    const affected = affectedRoutes({ base, cwd: repo });
    expect(affected.routes).toEqual([
      {
        route: "/industries",
        status: "changed",
        reasons: ["site-config/sections/band.json: section 'band' is placed on the page"],
      },
      {
        route: "/pricing",
        status: "changed",
        reasons: ["site-config/sections/band.json: section 'band' is placed on the page"],
      },
    ]);
    expect(affected.everyRoute).toBe(false);
    // The sitemap's date of each of those pages is the section's, when it is the later.
    expect(affected.files).toEqual(["/sitemap.xml"]);
    git("checkout", "--", "site-config/sections/band.json");
    edit("site-config/sections/closing.json", (section) => (section.name = "Closing band"));
    expect(routes()).toEqual(["/industries changed"]);
  });

  it("a section no page places reaches no route; deleting a placed one reaches the pages that placed it", () => {
    write("site-config/sections/unused.json", { name: "Unused", blocks: [{ type: "hero" }] });
    expect(routes()).toEqual([]);
    expect(affectedRoutes({ base, cwd: repo }).files).toEqual([]);
    fs.rmSync(path.join(repo, "site-config/sections/closing.json"));
    expect(routes()).toEqual(["/industries changed"]);
  });

  it("the redirects reach no page: a link to an old address is written as it was", () => {
    write("site-config/redirects.json", { redirects: [{ from: "/winter-offer", to: "/about" }] });
    expect(affectedRoutes({ base, cwd: repo })).toMatchObject({ routes: [], files: [], everyRoute: false });
  });

  it("a block type's component reaches the pages showing it through a section", () => {
    write("blocks/video/Video.tsx", "export default function Video() {}\n");
    expect(routes()).toEqual(["/industries changed", "/pricing changed"]);
  });

  it("a block's no-script CSS is in every page's head", () => {
    write("blocks/carousel/no-script.ts", "export default 'a{}';\n");
    expect(routes()).toEqual(EVERY.map((r) => `${r} changed`));
  });

  it("site.json and the renderer reach every route; docs reach none", () => {
    write("site-config/site.json", { brand: { name: "Voxa Ltd" } });
    expect(routes()).toEqual(EVERY.map((r) => `${r} changed`));
    git("checkout", "--", "site-config/site.json");
    write("docs/guide.md", "# Guide, longer\n");
    expect(routes()).toEqual([]);
  });

  it("a script the build runs reaches every route; another script reaches none", () => {
    write("scripts/pipeline/prerender.ts", "export const prerender = 2;\n");
    expect(routes()).toEqual(EVERY.map((r) => `${r} changed`));
    git("checkout", "--", "scripts/pipeline/prerender.ts");
    write("scripts/e2e.ts", "export const more = 1;\n");
    write("scripts/new-tool.ts", "export {};\n");
    expect(routes()).toEqual([]);
  });

  it("a public file reaches the pages naming it, or every route when the code names it", () => {
    write("public/media/team.png", "png2");
    expect(routes()).toEqual(["/about changed"]);
    git("checkout", "--", "public/media/team.png");
    write("public/favicon.svg", "<svg></svg>");
    expect(routes()).toEqual(EVERY.map((r) => `${r} changed`));
  });

  it("a picture's framing reaches the pages showing the picture, and no other", () => {
    write("site-config/media/team.png.json", { focus: { x: 0.3, y: 0.4 } });
    expect(affectedRoutes({ base, cwd: repo }).routes.map((r) => `${r.route} ${r.reasons.join("; ")}`)).toEqual([
      "/about site-config/media/team.png.json: frames /media/team.png, shown on the page",
    ]);
  });

  it("a file no rule knows reaches every route", () => {
    write("tools/unknown.ts", "export {};\n");
    expect(affectedRoutes({ base, cwd: repo }).routes[0]!.reasons).toEqual([
      "tools/unknown.ts: code or settings of the build",
    ]);
  });

  it("an unknown base is REVIEW002", () => {
    const error = (() => {
      try {
        affectedRoutes({ base: "no-such-branch", cwd: repo });
      } catch (thrown) {
        return thrown as CatalogueError;
      }
    })();
    expect([error?.code, error?.message]).toEqual(["REVIEW002", "'no-such-branch' names no commit of this repository"]);
  });
});

describe("command lines", () => {
  it("npm run affected needs --base", () => {
    expect(() => affectedArgs([])).toThrow(
      "affected: --base <ref> is required\n  usage: npm run affected -- --base <ref> [--json] [--committed]",
    );
    expect(affectedArgs(["--base", "main", "--json", "--committed"])).toEqual({
      base: "main",
      json: true,
      workingTree: false,
    });
  });

  it("npm run review rejects an unknown option", () => {
    expect(() => reviewArgs(["--base", "main", "--fast"])).toThrow(
      `review: Unknown option '--fast'\n  usage: ${REVIEW_USAGE}`,
    );
  });
});
