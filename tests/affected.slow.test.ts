/**
 * `npm run affected` never misses a page: in a git repository holding a copy of the project, the base is built once,
 * then for each real change the head is committed and built in full, and every page (and sitemap.xml, robots.txt) of
 * the two builds is compared. The routes that differ must be inside the predicted set, and for a change to one page's
 * body text equal to it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { affectedRoutes } from "../scripts/lib/affected.ts";
import { projectRepository } from "../scripts/lib/project-repo.ts";
import { buildCheckout } from "../scripts/lib/review/builds.ts";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "affected-"));
const copy = path.join(scratch, "project");
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

let git: (...args: string[]) => string;
// Inside the copy, so that the prerenderer resolves the project's packages from the build as the real build does.
const buildDir = (name: string) => path.join(copy, ".cache", "builds", name);

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

const editJson = (file: string, edit: (value: Record<string, unknown>) => void) => {
  const full = path.join(copy, file);
  const value = JSON.parse(fs.readFileSync(full, "utf8")) as Record<string, unknown>;
  edit(value);
  fs.writeFileSync(full, `${JSON.stringify(value, null, 2)}\n`);
};

let baseCommit = "";

beforeAll(async () => {
  ({ git, base: baseCommit } = projectRepository(copy));
  await buildCheckout(copy, buildDir("base"), "base");
}, 900_000);

interface Scenario {
  name: string;
  change: () => void;
  code?: boolean;
  /** The routes the prediction must name exactly (HTML pages). */
  exactly?: string[];
}

const scenarios: Scenario[] = [
  {
    name: "a heading in one page's body",
    change: () =>
      editJson("site-config/pages/about.json", (page) => {
        const hero = (page.blocks as { heading: string }[])[0]!;
        hero.heading = `${hero.heading}, today`;
      }),
    exactly: ["/about"],
  },
  {
    name: "an industry page's nav label",
    change: () =>
      editJson("site-config/pages/industries/pet-insurance.json", (page) => {
        (page.nav as { label: string }).label = "Pets & Vets";
      }),
  },
  {
    name: "an industry page added",
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
    change: () =>
      editJson("site-config/site.json", (site) => {
        (site.brand as { tagline: string }).tagline = "AI agents for voice, chat and email, built for insurers.";
      }),
  },
];

describe("npm run affected against two full builds", () => {
  for (const scenario of scenarios)
    it(`predicts every page that ${scenario.name} changes`, async () => {
      git("checkout", "-q", "-f", "-B", "change", baseCommit);
      git("clean", "-q", "-fd");
      scenario.change();
      git("add", "-A");
      git("commit", "-q", "-m", scenario.name);
      const predicted = affectedRoutes({ base: baseCommit, cwd: copy, workingTree: false });
      const name = scenario.name.replace(/\W+/g, "-");
      await buildCheckout(copy, buildDir(name), "head");
      const changed = changedOutputs(
        outputs(buildDir("base"), scenario.code === true),
        outputs(buildDir(name), scenario.code === true),
      );
      fs.rmSync(buildDir(name), { recursive: true, force: true });

      const predictedAll = [...predicted.routes.map((r) => r.route), ...predicted.files];
      expect(changed.length).toBeGreaterThan(0);
      expect(changed.filter((route) => !predictedAll.includes(route))).toEqual([]);
      if (scenario.exactly) {
        expect(predicted.routes.map((r) => r.route)).toEqual(scenario.exactly);
        expect(changed.filter((route) => !/\.(xml|txt)$/.test(route))).toEqual(scenario.exactly);
      }
    }, 900_000);
});
