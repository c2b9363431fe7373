// @vitest-environment node
/**
 * `npm run affected` on a site in several locales (docs/translations.md): a translation is a page of its own route, a
 * locale shows a page it lacks from its fallback locale at the page's path under its prefix, and a page and its
 * translations link to each other. English is the default; German (de-DE) falls back to English, Austrian German
 * (de-AT) to German, French publishes no page it lacks.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { affectedRoutes } from "../scripts/pipeline/affected.ts";

const repo = fs.mkdtempSync(path.join(os.tmpdir(), "affected-locales-"));
afterAll(() => fs.rmSync(repo, { recursive: true, force: true }));
const git = (...args: string[]) => execFileSync("git", args, { cwd: repo, encoding: "utf8" }).trim();
const write = (file: string, content: unknown) => {
  fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  fs.writeFileSync(path.join(repo, file), JSON.stringify(content, null, 2));
};
const page = (pagePath: string, heading: string, translationOf?: string) => ({
  ...(translationOf ? { translationOf } : {}),
  path: pagePath,
  title: heading,
  blocks: [{ type: "hero", heading }],
});
const DE = "site-config/locales/de-DE";
const band = (heading: string) => ({ name: "Band", blocks: [{ type: "text-section", heading }] });
const placing = (doc: ReturnType<typeof page>) => ({
  ...doc,
  blocks: [...doc.blocks, { type: "section", section: "band" }],
});

let base = "";
beforeAll(() => {
  git("init", "-q", "-b", "main");
  git("config", "user.email", "review@voxa.example");
  git("config", "user.name", "Review test");
  write("site-config/site.json", {
    brand: { name: "Voxa" },
    locales: {
      default: "en-GB",
      list: [
        { code: "en-GB", name: "English" },
        { code: "de-DE", name: "Deutsch", prefix: "de", missing: "fallback", fallback: "en-GB" },
        { code: "de-AT", name: "Deutsch (Österreich)", prefix: "at", missing: "fallback", fallback: "de-DE" },
        { code: "fr-FR", name: "Français", prefix: "fr", missing: "unpublished" },
      ],
    },
  });
  write(`${DE}/site.json`, { brand: { name: "Voxa" } });
  write("site-config/pages/home.json", page("/", "Hello"));
  write("site-config/pages/about.json", placing(page("/about", "About")));
  write("site-config/pages/pricing.json", placing(page("/pricing", "Pricing")));
  // A page no locale translates, which links to one.
  const team = page("/team", "Team");
  write("site-config/pages/team.json", {
    ...team,
    blocks: [...team.blocks, { type: "call-to-action", primary: { label: "Prices", href: "/pricing#tiers" } }],
  });
  write(`${DE}/pages/home.json`, page("/de", "Hallo", "/"));
  write(`${DE}/pages/about.json`, placing(page("/de/ueber-uns", "Über uns", "/about")));
  // A shared section, and German's own version of it, which its pages place instead.
  write("site-config/sections/band.json", band("Book a demo"));
  write(`${DE}/sections/band.json`, band("Demo buchen"));
  git("add", "-A");
  git("commit", "-q", "-m", "base");
  base = git("rev-parse", "HEAD");
});

beforeEach(() => {
  git("checkout", "-q", "-f", "-B", "main", base);
  git("clean", "-q", "-fd");
});

const routes = () => affectedRoutes({ base, cwd: repo }).routes.map((r) => `${r.route} ${r.status}`);
const edit = (file: string, heading: string) => {
  const doc = JSON.parse(fs.readFileSync(path.join(repo, file), "utf8")) as { blocks: { heading: string }[] };
  doc.blocks[0]!.heading = heading;
  write(file, doc);
};

describe("affectedRoutes in several locales", () => {
  it("a translation's change reaches its own route, and the routes of locales that show it for want of their own", () => {
    edit(`${DE}/pages/about.json`, "Wer wir sind");
    const affected = affectedRoutes({ base, cwd: repo });
    expect(affected.routes).toEqual([
      {
        route: "/at/about",
        status: "changed",
        reasons: [`${DE}/pages/about.json: shown at /at/about for want of a de-AT translation`],
      },
      { route: "/de/ueber-uns", status: "changed", reasons: [`${DE}/pages/about.json: blocks`] },
    ]);
    expect(affected.files).toEqual(["/sitemap.xml"]);
  });

  it("a source page's change reaches the locales that show it by fallback, through a chain, not one that publishes none", () => {
    edit("site-config/pages/pricing.json", "Prices");
    expect(routes()).toEqual(["/at/pricing changed", "/de/pricing changed", "/pricing changed"]);
  });

  it("a section's change reaches the pages that place it and the routes showing them, not a locale's own version's pages", () => {
    write("site-config/sections/band.json", band("Book a call"));
    const affected = affectedRoutes({ base, cwd: repo });
    expect(affected.routes.map((r) => `${r.route} ${r.status}`)).toEqual([
      "/about changed",
      "/at/pricing changed",
      "/de/pricing changed",
      "/pricing changed",
    ]);
    expect(affected.routes.find((r) => r.route === "/de/pricing")!.reasons).toEqual([
      "site-config/sections/band.json: section 'band' is placed on the page shown at /de/pricing",
    ]);
    expect(affected.files).toEqual(["/sitemap.xml"]);
  });

  it("a locale's version of a section reaches that locale's pages placing it, and the routes showing them", () => {
    write(`${DE}/sections/band.json`, band("Anruf buchen"));
    expect(routes()).toEqual(["/at/about changed", "/de/ueber-uns changed"]);
  });

  it("a locale that does not say what it does with a page it lacks publishes none: no route of it is listed but its own pages'", () => {
    // `missing` left out is "unpublished", as the site is built (docs/localisation.md).
    const site = JSON.parse(fs.readFileSync(path.join(repo, "site-config/site.json"), "utf8")) as {
      locales: { list: object[] };
    };
    site.locales.list.push({ code: "it-IT", name: "Italiano", prefix: "it" });
    write("site-config/site.json", site);
    write("site-config/locales/it-IT/pages/home.json", placing(page("/it", "Ciao", "/")));
    git("add", "-A");
    git("commit", "-q", "-m", "Italian");
    const italian = git("rev-parse", "HEAD");
    write("site-config/sections/band.json", band("Book a call"));
    const affected = affectedRoutes({ base: italian, cwd: repo }).routes.map((r) => `${r.route} ${r.status}`);
    expect(affected).toEqual([
      "/about changed",
      "/at/pricing changed",
      "/de/pricing changed",
      "/it changed",
      "/pricing changed",
    ]);
  });

  it("a block type's code reaches the routes that show its pages for want of a translation", () => {
    fs.mkdirSync(path.join(repo, "blocks/call-to-action"), { recursive: true });
    fs.writeFileSync(path.join(repo, "blocks/call-to-action/CallToAction.tsx"), "export const CallToAction = 1;\n");
    const affected = affectedRoutes({ base, cwd: repo });
    expect(affected.routes.map((r) => `${r.route} ${r.status}`)).toEqual([
      "/at/team changed",
      "/de/team changed",
      "/team changed",
    ]);
    expect(affected.routes[0]!.reasons).toEqual([
      "blocks/call-to-action/CallToAction.tsx: block type 'call-to-action' is on the page (shown at /at/team for want of a translation)",
    ]);
  });

  it("a source page with translations everywhere reaches its own route only", () => {
    edit("site-config/pages/about.json", "About us");
    expect(routes()).toEqual(["/about changed"]);
  });

  it("a new translation: its route added, the fallback route it replaces gone, its source and the locales behind it changed", () => {
    write(`${DE}/pages/pricing.json`, page("/de/preise", "Preise", "/pricing"));
    const affected = affectedRoutes({ base, cwd: repo });
    expect(affected.routes.map((r) => `${r.route} ${r.status}`)).toEqual([
      "/at/pricing changed",
      "/de/preise added",
      "/de/pricing gone",
      "/de/team changed",
      "/pricing changed",
    ]);
    expect(affected.routes.find((r) => r.route === "/pricing")!.reasons).toEqual([
      `${DE}/pages/pricing.json: a translation of /pricing, which its translations link to`,
    ]);
    // The page German shows from English links to the German address of the page now translated.
    expect(affected.routes.find((r) => r.route === "/de/team")!.reasons).toEqual([
      `${DE}/pages/pricing.json: the de-DE address of /pricing, which the page shown at /de/team links to`,
    ]);
  });

  it("a translation's path moved: the old route gone, the new one added, its source and siblings changed", () => {
    const file = `${DE}/pages/about.json`;
    write(file, page("/de/about", "Über uns", "/about"));
    expect(routes()).toEqual(["/about changed", "/at/about changed", "/de/about added", "/de/ueber-uns gone"]);
  });

  it("a locale's chrome reaches every page of the locale, its fallback pages too", () => {
    write(`${DE}/site.json`, { brand: { name: "Voxa GmbH" } });
    // Its not-found page too; not de-AT's routes that show German pages for want of their own: they show de-AT's chrome.
    expect(routes()).toEqual([
      "/de changed",
      "/de/404 changed",
      "/de/pricing changed",
      "/de/team changed",
      "/de/ueber-uns changed",
    ]);
  });

  it("the chrome of a locale site.json does not declare reaches every route", () => {
    write("site-config/locales/es-ES/site.json", { brand: { name: "Voxa" } });
    const affected = affectedRoutes({ base, cwd: repo });
    expect(affected.everyRoute).toBe(true);
    expect(affected.routes.map((r) => r.route)).toEqual([
      "/",
      "/404",
      "/about",
      "/at",
      "/at/404",
      "/at/about",
      "/at/pricing",
      "/at/team",
      "/de",
      "/de/404",
      "/de/pricing",
      "/de/team",
      "/de/ueber-uns",
      // Each locale's not-found page, with its chrome: a locale that publishes no page it lacks has one too.
      "/fr/404",
      "/pricing",
      "/team",
    ]);
  });
});
