/**
 * An incremental build writes what a full build writes (docs/build.md): on a small site of its own (the three-locale
 * fixture site, with a shared section, a picture and two pages added), each kind of change is built incrementally over
 * the last build, then the same content is built in full in a clean folder, and the two trees are compared file by
 * file. Builds that render different pages go together between two comparisons (a full build is most of this file's
 * time), so that a later one cannot hide an earlier one's mistake by rendering its page again; the change that renders
 * every page comes last. A redirect added and removed proves the redirects' pages and their list beside client/. A
 * record that no longer holds builds in full, and says why.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { digest } from "../contract/digest.ts";
import { ROOT } from "../toolchain/paths.ts";
import { compareBuilds } from "../scripts/sections-compare.ts";
import { cameraPhoto, photoWithSubject } from "./support/images.ts";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-incremental-"));
const configDir = path.join(work, "site-config");
const publicDir = path.join(work, "public");
// Inside the project: the prerenderer's server build resolves its packages from the project's node_modules/.
fs.mkdirSync(path.join(ROOT, ".cache"), { recursive: true });
const builds = fs.mkdtempSync(path.join(ROOT, ".cache", "incremental-test-"));
const incremental = path.join(builds, "incremental");
const PICTURE = "media/incremental/team.jpg";

/** `npm run build`'s command on the fixture site into `buildDir`, as it ends. */
const runBuild = (buildDir: string, args: string[] = [], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, ["--import", "tsx", "scripts/build.ts", ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      SITE_CONFIG_DIR: configDir,
      SITE_PUBLIC_DIR: publicDir,
      BUILD_DIR: buildDir,
      ...env,
    },
    encoding: "utf8",
  });

/** `npm run build`'s command on the fixture site into `buildDir`: its one line about how it built, and its status. */
function build(buildDir: string, ...args: string[]): { line: string; output: string } {
  const result = runBuild(buildDir, args);
  const output = `${result.stdout}\n${result.stderr}`;
  expect(result.status, output.slice(-3000)).toBe(0);
  const line = output
    .split("\n")
    .find((text) => /^(Building every page|\d+ changed file|Nothing the build)/.test(text));
  return { line: line ?? "", output };
}

/**
 * Every file of a build's output (client/, and the files beside it), by path, with the digest of its bytes (comparing
 * the bytes themselves with toEqual takes seconds a picture).
 */
function tree(buildDir: string): Map<string, string> {
  return new Map(
    fs
      .readdirSync(buildDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .filter((file) => !path.relative(buildDir, file).startsWith(".incremental"))
      .map((file) => [path.relative(buildDir, file).split(path.sep).join("/"), digest(fs.readFileSync(file))]),
  );
}

/** Builds the content in full in a clean folder and expects the incremental build's tree to be the same, byte for byte. */
function expectSameAsFullBuild() {
  const full = fs.mkdtempSync(path.join(builds, "full-"));
  build(full, "--full");
  // Every file of either build that the other lacks or holds otherwise, what the build keeps for the next left out.
  expect(compareBuilds(full, incremental).different).toEqual([]);
  fs.rmSync(full, { recursive: true, force: true });
}

const readJson = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(configDir, file), "utf8")) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- fixture documents, edited in place
const writeJson = (file: string, value: unknown) => {
  fs.mkdirSync(path.dirname(path.join(configDir, file)), { recursive: true });
  fs.writeFileSync(path.join(configDir, file), `${JSON.stringify(value, null, 2)}\n`);
};

beforeAll(async () => {
  fs.cpSync(path.join(ROOT, "tests", "locale-site", "site-config"), configDir, { recursive: true });
  fs.cpSync(path.join(ROOT, "public"), publicDir, { recursive: true });
  fs.mkdirSync(path.dirname(path.join(publicDir, PICTURE)), { recursive: true });
  fs.writeFileSync(path.join(publicDir, PICTURE), await cameraPhoto({ width: 1600, height: 1067 }));
  writeJson("sections/closing.json", {
    $schema: "../../schemas/section.schema.json",
    name: "Closing",
    blocks: [{ type: "call-to-action", primary: { label: "Book a demo", href: "/contact" } }],
  });
  // The section closes each page in place of its own call to action.
  const about = readJson("pages/about.json");
  about.blocks.splice(-1, 1, { type: "section", section: "closing" });
  writeJson("pages/about.json", about);
  writeJson("pages/careers.json", {
    $schema: "../../schemas/page.schema.json",
    path: "/careers",
    title: "Careers",
    description: "Work with us on AI agents for insurers.",
    blocks: [
      { type: "text-section", heading: "Careers", paragraphs: ["We are hiring engineers."] },
      { type: "image", image: { src: `/${PICTURE}`, alt: "The team at the office" } },
      { type: "call-to-action", primary: { label: "Write to us", href: "/contact" } },
    ],
  });
  writeJson("pages/press.json", {
    $schema: "../../schemas/page.schema.json",
    path: "/press",
    title: "Press",
    description: "News about our AI agents for insurers.",
    blocks: [
      { type: "text-section", heading: "Press", paragraphs: ["News and interviews."] },
      { type: "call-to-action", primary: { label: "Write to us", href: "/contact" } },
    ],
  });
  const pet = readJson("pages/industries/pet-insurance.json");
  pet.blocks.splice(-1, 1, { type: "section", section: "closing" });
  writeJson("pages/industries/pet-insurance.json", pet);
  expect(build(incremental).line).toMatch(/^Building every page: .+ holds no build to start from\.$/);
}, 300_000);

afterAll(() => {
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(builds, { recursive: true, force: true });
});

describe("an incremental build", () => {
  it("says so when nothing changed, and writes nothing", () => {
    const before = tree(incremental);
    expect(build(incremental).line).toBe("Nothing the build reads changed since the last build: it is up to date.");
    expect(tree(incremental)).toEqual(before);
  });

  it("refuses content that does not validate, writing nothing, and builds incrementally once it is mended", () => {
    const before = tree(incremental);
    const original = readJson("pages/contact.json");
    writeJson("pages/contact.json", {
      ...original,
      blocks: [{ ...original.blocks[0], heading: 42 }, ...original.blocks.slice(1)],
    });
    const refused = runBuild(incremental);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/pages\/contact\.json:\d+:\d+ +\/blocks\/0\/heading +CFG\d+ /);
    // The page the prerendering process started ahead may have rendered is not written.
    expect(tree(incremental)).toEqual(before);
    // Written back as this test writes JSON: its text differs from the file's, its content does not.
    writeJson("pages/contact.json", original);
    expect(build(incremental).line).toMatch(/^1 changed file: rendered \d+ of \d+ pages again \(/);
  });

  it("renders again the pages a page's text and a shared section change", () => {
    const contact = readJson("pages/contact.json");
    contact.blocks[0].heading = "Talk to a person today";
    writeJson("pages/contact.json", contact);
    const section = readJson("sections/closing.json");
    section.blocks[0].primary.label = "Book a call";
    writeJson("sections/closing.json", section);
    // The contact page, and the pages placing the section (about, with the German address that shows it, and pet
    // insurance): compared with a full build after the next build, which renders none of them.
    expect(build(incremental).line).toMatch(/^2 changed files: rendered \d+ of \d+ pages again \(/);
  });

  it("writes what a full build writes after that, and after a translation is added, a page taken down with its redirects and a picture replaced", async () => {
    // At the address the locale showed the English page from, which now shows the German one.
    const careers = readJson("pages/careers.json");
    writeJson("locales/de-DE/pages/careers.json", {
      ...careers,
      blocks: [
        { type: "text-section", heading: "Karriere", paragraphs: ["Wir stellen Entwickler ein."] },
        ...careers.blocks.slice(1, -1),
        { type: "call-to-action", primary: { label: "Schreiben Sie uns", href: "/de/kontakt" } },
      ],
      $schema: "../../../../schemas/page.schema.json",
      path: "/de/careers",
      translationOf: "/careers",
      title: "Karriere",
    });
    // The press page comes down, leaving redirects from its addresses: the English one and the German one the locale
    // showed it at for want of a translation.
    fs.rmSync(path.join(configDir, "pages", "press.json"));
    writeJson("redirects.json", {
      $schema: "../schemas/redirects.schema.json",
      redirects: [
        { from: "/press", to: "/about" },
        { from: "/de/press", to: "/de/about" },
      ],
    });
    fs.writeFileSync(path.join(publicDir, PICTURE), await photoWithSubject(1600, 1067, { x: 0.7, y: 0.4 }));
    const { line } = build(incremental);
    // The page is gone from its English address and from the German one (the Arabic locale publishes no page it
    // lacks); each address is a redirect's page now.
    expect(line).toMatch(/^4 changed files: rendered \d+ of \d+ pages again, removed 2 \(/);
    expectSameAsFullBuild();
    const page = fs.readFileSync(path.join(incremental, "client", "de", "press", "index.html"), "utf8");
    expect(page).toContain('<meta http-equiv="refresh" content="0; url=/de/about">');
    expect(page).toContain('<link rel="canonical" href="https://www.voxa.example/de/about">');
    expect(page).toContain('<html lang="de-DE"');
    const manifest = JSON.parse(fs.readFileSync(path.join(incremental, "redirects.json"), "utf8")) as unknown;
    expect(manifest).toEqual({
      redirects: [
        { from: "/de/press", to: "/de/about" },
        { from: "/press", to: "/about" },
      ],
    });
    expect(fs.readFileSync(path.join(incremental, "client", "sitemap.xml"), "utf8")).not.toContain("/press<");
  });

  it("writes what a full build writes after the navigation changes and the redirects are removed, rendering every page", () => {
    const site = readJson("site.json");
    site.navigation.product[0].description = "Who builds and runs your agents";
    writeJson("site.json", site);
    // The redirects go with it: their pages are removed whatever else renders again.
    fs.rmSync(path.join(configDir, "redirects.json"));
    const { line } = build(incremental);
    const [, rendered, documents] = /rendered (\d+) of (\d+) pages/.exec(line) ?? [];
    expect(rendered).toBe(documents);
    expectSameAsFullBuild();
    expect(fs.existsSync(path.join(incremental, "client", "press"))).toBe(false);
    expect(fs.existsSync(path.join(incremental, "redirects.json"))).toBe(false);
  });
});

/**
 * The decisions to build in full, asked with --dry-run: it says what it would build and changes nothing, so each of
 * these starts from the same last build, and none pays for a build that proves nothing more.
 */
describe("a full build, and why", () => {
  const decide = (env: Record<string, string> = {}) => {
    const before = tree(incremental);
    const result = runBuild(incremental, ["--dry-run"], env);
    expect(result.status, result.stderr).toBe(0);
    expect(tree(incremental)).toEqual(before);
    return result.stdout.split("\n").find((text) => /^(Would|\d+ changed file)/.test(text));
  };

  it("says what it would render, and writes nothing", () => {
    const contact = readJson("pages/contact.json");
    contact.blocks[0].heading = "Talk to us this week";
    writeJson("pages/contact.json", contact);
    expect(decide()).toMatch(/^1 changed file: would render \d+ of \d+ pages again\.$/);
  });

  it("is built in full when the content names another icon, which the bundles carry", () => {
    fs.rmSync(path.join(configDir, "pages", "industries", "pet-insurance.json"));
    fs.rmSync(path.join(configDir, "locales", "de-DE", "pages", "industries", "pet-insurance.json"));
    expect(decide()).toBe("Would build every page: the content names other icons, which the bundles carry.");
  });

  it("is built in full when a file of the output was changed, and says which", () => {
    fs.appendFileSync(path.join(incremental, "client", "robots.txt"), "\n# by hand\n");
    expect(decide()).toBe(
      "Would build every page: client/robots.txt was changed, added or removed after the last build.",
    );
  });

  it("is built in full when the environment the build reads changed, and says which setting", () => {
    expect(decide({ PRERENDER_ONLY: "/about" })).toBe(
      "Would build every page: (env PRERENDER_ONLY) changed since the last build.",
    );
  });

  it("is built in full when the record's content file does not hold the texts it names", () => {
    // The page changed above is read back from it, to compare: its bytes are no longer that text.
    const record = path.join(incremental, ".incremental", "content.txt");
    fs.writeFileSync(record, Buffer.alloc(fs.statSync(record).size, " "));
    expect(decide()).toMatch(/^Would build every page: .+ holds no build to start from\.$/);
  });

  it("is built in full when its record is unreadable (an interrupted build)", () => {
    fs.writeFileSync(path.join(incremental, ".incremental", "state.json"), "{ half a rec");
    expect(decide()).toMatch(/^Would build every page: .+ holds no build to start from\.$/);
  });
});
