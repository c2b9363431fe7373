/**
 * Pictures as the build makes them and a visitor gets them (issue 46), on the browser tier's picture page
 * (tests/e2e/fixtures/behaviours/pictures.json): a hero over a photo, a wall of twelve logos, three rows of media and
 * text and a diagram, from camera-sized JPEGs (a 12-megapixel one with its camera's EXIF and GPS position) and PNGs (a
 * screenshot, a diagram, logos on transparency) that the build of the fixture pages makes with sharp
 * (tests/support/fixture-pictures.ts) and builds with the other fixture pages, in a real `react-router build`
 * (site-builds.ts). What one picture's files are is proven where they are made (imaging/renditions.slow.test.ts) and
 * what Picture writes for a rendition in the unit tier (kit/ui/Picture.test.tsx); here, the whole chain on a built
 * page: its HTML, the files it names, a second build of the same sources, the HTML checker, and Chromium at 390 and
 * 1366 px. E2E_SHOTS_DIR keeps the page's screenshots at both widths.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { JSDOM } from "jsdom";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockImages } from "../../contract/block-images.ts";
import { narrowMedia, wideMedia } from "../../contract/media.ts";
import type { Block } from "../../contract/generated/schema-types.ts";
import { IMAGE_CACHE_DIR } from "../../imaging/image-files.ts";
import { IMAGE_FILES_PATH } from "../../imaging/renditions.ts";
import { manifests } from "../../renderer/generated/block-manifests.ts";
import { STATE_FOLDER } from "../../scripts/pipeline/build-state.ts";
import { buildAge } from "../../scripts/pipeline/build-fresh.ts";
import { ROOT } from "../../toolchain/paths.ts";
import { fixturePage } from "../support/behaviour-pages.ts";
import { FIXTURE_PICTURES_FOLDER } from "../support/fixture-pictures.ts";
import { serveBehavioursBuild } from "./support/behaviours-site.ts";
import { DESKTOP, MOBILE, launch, openPage, settleScrollFades } from "./support/browser.ts";
import { recordLoad } from "./support/layout-shifts.ts";
import { type SiteBuild, ended, removeBuild, startBuildAgain } from "./support/site-builds.ts";

/** The pictures a block of the page shows, where its manifest places them. */
const picturesOf = (block: Block) => blockImages(manifests, block).map(({ image }) => image);

const PAGE = fixturePage(
  "pictures",
  ({ blocks }) =>
    picturesOf(blocks[0]!).length > 0 &&
    blocks.some((block) => block.type === "logo-wall" && block.logos.length >= 12) &&
    blocks.some((block) => block.type === "media-text" && block.rows.length >= 3) &&
    blocks.slice(1).some((block) => block.type === "image"),
  "a picture in its first block, a logo wall of twelve, three rows of media and text and an image block below",
);

let site: Awaited<ReturnType<typeof serveBehavioursBuild>>;
let browser: Browser;
/** The same build made once more, started when the first has ended; and the picture cache as it was then. */
let again: SiteBuild;
let cacheBefore: Map<string, number>;

beforeAll(async () => {
  site = await serveBehavioursBuild();
  cacheBefore = cacheFiles();
  again = startBuildAgain(site.build, "behaviours-again");
  browser = await launch();
}, 600_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (again) removeBuild(again);
});

const clientDir = () => path.join(site.build.buildDir, "client");
const htmlFiles = (dir: string) =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => path.join(entry.parentPath, entry.name));
const pageDocument = () =>
  new JSDOM(fs.readFileSync(path.join(clientDir(), PAGE.route, "index.html"), "utf8")).window.document;

/** A srcset's candidates: each file's address and the width it declares. */
const candidates = (srcset: string) =>
  srcset.split(", ").map((candidate) => {
    const [url, descriptor] = candidate.trim().split(" ");
    return { url: url!, width: Number(descriptor!.replace(/w$/, "")) };
  });

/** Every file of the picture cache (the build's, kept between builds), with its modification time. */
function cacheFiles(): Map<string, number> {
  const found = new Map<string, number>();
  if (!fs.existsSync(IMAGE_CACHE_DIR)) return found;
  for (const entry of fs.readdirSync(IMAGE_CACHE_DIR, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      found.set(path.relative(IMAGE_CACHE_DIR, file), fs.statSync(file).mtimeMs);
    }
  return found;
}

/** Every file of a build under `dir`, relative to it, sorted: not what it keeps for the next build (STATE_FOLDER). */
const treeOf = (dir: string) =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith(`${STATE_FOLDER}${path.sep}`))
    .sort();

describe(`the built page (${PAGE.route})`, () => {
  it("writes each picture in AVIF, WebP and its fallback, with the slot's sizes and the file's width and height", () => {
    const document = pageDocument();
    const pictures = [...document.querySelectorAll("main picture")];
    const placed = PAGE.document.blocks.flatMap((block) => blockImages(manifests, block));
    expect(pictures.map((picture) => picture.querySelector("img")!.getAttribute("alt"))).toEqual(
      placed.map(({ image }) => image.alt),
    );
    for (const [index, picture] of pictures.entries()) {
      const image = picture.querySelector("img")!;
      const own = [...picture.querySelectorAll("source:not([media])")];
      const name = image.getAttribute("alt");
      expect(
        own.map((source) => source.getAttribute("type")),
        `${name}`,
      ).toEqual(["image/avif", "image/webp"]);
      const sizes = image.getAttribute("sizes");
      expect(sizes, `${name}`).toBeTruthy();
      for (const source of own) expect(source.getAttribute("sizes"), `${name}`).toBe(sizes);
      const fallback = candidates(image.getAttribute("srcset")!);
      for (const source of own)
        expect(
          candidates(source.getAttribute("srcset")!).map((candidate) => candidate.width),
          `${name}`,
        ).toEqual(fallback.map((candidate) => candidate.width));
      // The file's own size (its widest file's), as attributes: the browser reserves the shape before it arrives.
      const widest = fallback.at(-1)!;
      expect(image.getAttribute("src"), `${name}`).toBe(widest.url);
      expect(Number(image.getAttribute("width")), `${name}`).toBe(widest.width);
      expect(Number(image.getAttribute("height")), `${name}`).toBeGreaterThan(0);

      // A slot with a shape of its own for narrow screens: its three formats first, for those screens, at its size.
      const narrow = placed[index]!.slot.narrow;
      const cut = [...picture.querySelectorAll("source[media]")];
      expect(cut.length, `${name}`).toBe(narrow ? 3 : 0);
      if (!narrow) continue;
      expect([...picture.querySelectorAll("source")].slice(0, 3), `${name}`).toEqual(cut);
      const fallbackType = widest.url.endsWith(".png") ? "image/png" : "image/jpeg";
      expect(
        cut.map((source) => [source.getAttribute("media"), source.getAttribute("type")]),
        `${name}`,
      ).toEqual(["image/avif", "image/webp", fallbackType].map((type) => [narrowMedia(narrow), type]));
      const cutWidths = candidates(cut[0]!.getAttribute("srcset")!);
      for (const source of cut) {
        expect(source.getAttribute("sizes"), `${name}`).toBe(cut[0]!.getAttribute("sizes"));
        expect(candidates(source.getAttribute("srcset")!).map((candidate) => candidate.width)).toEqual(
          cutWidths.map((candidate) => candidate.width),
        );
        expect(Number(source.getAttribute("width")), `${name}`).toBe(cutWidths.at(-1)!.width);
        expect(Number(source.getAttribute("height")), `${name}`).toBe(
          Math.round(cutWidths.at(-1)!.width / narrow.aspect),
        );
      }
    }
  });

  it("fetches the first block's picture first, preloaded, and every later one lazily as it nears the screen", () => {
    const document = pageDocument();
    const [first, ...later] = [...document.querySelectorAll("main picture img")];
    expect(first!.closest("section")).toBe(document.querySelector("main section"));
    expect(first!.getAttribute("loading")).toBe("eager");
    expect(first!.getAttribute("fetchpriority")).toBe("high");
    for (const image of later) {
      expect(image.getAttribute("loading"), image.getAttribute("alt")!).toBe("lazy");
      expect(image.getAttribute("decoding"), image.getAttribute("alt")!).toBe("async");
      expect(image.hasAttribute("fetchpriority"), image.getAttribute("alt")!).toBe(false);
    }
    // Its AVIF preloaded: each shape's for the screens that show it, where it has a narrow one, so a screen fetches one.
    const preloads = [...document.querySelectorAll('head link[rel="preload"][as="image"]')];
    const picture = first!.closest("picture")!;
    const shape = blockImages(manifests, PAGE.document.blocks[0]!)[0]!.slot.narrow;
    const preloadOf = (source: Element | null, media: string | null) => ({
      type: "image/avif",
      srcset: source?.getAttribute("srcset"),
      sizes: source?.getAttribute("sizes"),
      media,
      priority: "high",
    });
    const avif = picture.querySelector('source[type="image/avif"]:not([media])');
    expect(
      preloads.map((link) => ({
        type: link.getAttribute("type"),
        srcset: link.getAttribute("imagesrcset"),
        sizes: link.getAttribute("imagesizes"),
        media: link.getAttribute("media"),
        priority: link.getAttribute("fetchpriority"),
      })),
    ).toEqual(
      shape
        ? [
            preloadOf(picture.querySelector('source[type="image/avif"][media]'), narrowMedia(shape)),
            preloadOf(avif, wideMedia(shape)),
          ]
        : [preloadOf(avif, null)],
    );
  });

  it("holds in _img/ exactly the files its pages name", () => {
    const named = new Set<string>();
    for (const file of htmlFiles(clientDir()))
      for (const [, name] of fs.readFileSync(file, "utf8").matchAll(new RegExp(`${IMAGE_FILES_PATH}([\\w.-]+)`, "g")))
        named.add(name!);
    expect(named.size).toBeGreaterThan(0);
    expect(fs.readdirSync(path.join(clientDir(), IMAGE_FILES_PATH)).sort()).toEqual([...named].sort());
  });

  it("writes every file at the width its srcset says, in its format, without the camera's metadata", async () => {
    const original = await sharp(
      path.join(site.build.env.SITE_PUBLIC_DIR!, FIXTURE_PICTURES_FOLDER, "harbour.jpg"),
    ).metadata();
    expect(original.exif, "the camera's photo carries its EXIF").toBeDefined();
    const document = pageDocument();
    const formats: Record<string, string> = {
      "image/avif": "heif",
      "image/webp": "webp",
      "image/jpeg": "jpeg",
      "image/png": "png",
    };
    const wrong: string[] = [];
    let checked = 0;
    for (const picture of document.querySelectorAll("main picture")) {
      const image = picture.querySelector("img")!;
      const fallbackType = image.getAttribute("srcset")!.includes(".png ") ? "image/png" : "image/jpeg";
      const sets: [string, string][] = [
        ...[...picture.querySelectorAll("source")].map(
          (source) => [source.getAttribute("type")!, source.getAttribute("srcset")!] as [string, string],
        ),
        [fallbackType, image.getAttribute("srcset")!],
      ];
      for (const [type, srcset] of sets)
        for (const { url, width } of candidates(srcset)) {
          const made = await sharp(path.join(clientDir(), url)).metadata();
          checked++;
          if (made.width !== width) wrong.push(`${url}: ${made.width} px wide, its srcset says ${width}w`);
          if (made.format !== formats[type]) wrong.push(`${url}: ${made.format}, its source says ${type}`);
          for (const kind of ["exif", "xmp", "iptc"] as const) if (made[kind]) wrong.push(`${url}: carries ${kind}`);
        }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBe(fs.readdirSync(path.join(clientDir(), IMAGE_FILES_PATH)).length);
  });

  it("passes the W3C Nu HTML checker (npm run check:html)", async () => {
    // Every page of the build: the picture page and the other fixture pages, in the site's chrome.
    const run = await new Promise<{ status: number; output: string }>((resolve) =>
      execFile(
        "npx",
        ["tsx", "scripts/check-html.ts"],
        { cwd: ROOT, env: { ...process.env, BUILD_DIR: site.build.buildDir } },
        (error, stdout, stderr) =>
          resolve({ status: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
      ),
    );
    expect(run.status, run.output).toBe(0);
  }, 120_000);

  it("is built again byte for byte, from the picture cache, which the second build adds nothing to", async () => {
    const second = await ended(again);
    expect(second.outcome.status, `the second build:\n${second.outcome.output}`).toBe(0);
    // Both builds read the project's sources: one changed since the first began (a file saved meanwhile) makes them
    // builds of different sources, which this cannot compare.
    const firstBegan = fs.statSync(site.build.doneFile).mtimeMs - (site.build.outcome.seconds + 1) * 1000;
    const { changedAt } = buildAge(ROOT, second.buildDir);
    expect(changedAt, "a source of the build changed while the two builds ran: run again").toBeLessThan(firstBegan);
    const [one, two] = [site.build.buildDir, second.buildDir];
    expect(treeOf(two)).toEqual(treeOf(one));
    // Each file that differs, with the first place it does.
    const differing = treeOf(one).flatMap((file) => {
      const [a, b] = [fs.readFileSync(path.join(one, file)), fs.readFileSync(path.join(two, file))];
      if (a.equals(b)) return [];
      let at = 0;
      while (a[at] === b[at]) at++;
      const around = (bytes: Buffer) => bytes.toString("latin1", Math.max(0, at - 60), at + 60);
      return [`${file} at byte ${at}:\n  ${around(a)}\n  ${around(b)}`];
    });
    expect(differing).toEqual([]);
    // The cache is the project's, which other builds may use meanwhile: what the second build would have written is a
    // file of this page's pictures (named after them) or a record that names one.
    const stems = new Set(
      fs.readdirSync(path.join(clientDir(), IMAGE_FILES_PATH)).map((name) => name.replace(/-\d+\.[0-9a-f]+\.\w+$/, "")),
    );
    const ours = (file: string) =>
      [...stems].some((stem) => path.basename(file).startsWith(`${stem}-`)) ||
      (file.endsWith(".json") &&
        [...stems].some((stem) => fs.readFileSync(path.join(IMAGE_CACHE_DIR, file), "utf8").includes(`/${stem}-`)));
    const written = [...cacheFiles()].filter(([file, time]) => cacheBefore.get(file) !== time).map(([file]) => file);
    expect(written.filter(ours)).toEqual([]);
  }, 300_000);
});

interface Shown {
  alt: string;
  currentSrc: string;
  naturalWidth: number;
  drawnWidth: number;
}

/** Scrolls to every picture in turn and waits until each has arrived; returns what each shows. */
async function loadEveryPicture(page: Page): Promise<Shown[]> {
  const count = await page.locator("main picture img").count();
  for (let index = 0; index < count; index++) {
    const image = page.locator("main picture img").nth(index);
    await image.scrollIntoViewIfNeeded();
    await image.evaluate((element: HTMLImageElement) =>
      element.complete && element.naturalWidth > 0
        ? undefined
        : new Promise((resolve, reject) => {
            element.addEventListener("load", resolve, { once: true });
            element.addEventListener("error", reject, { once: true });
          }),
    );
  }
  return page.locator("main picture img").evaluateAll((images: HTMLImageElement[]) =>
    images.map((image) => ({
      alt: image.alt,
      currentSrc: image.currentSrc,
      naturalWidth: image.naturalWidth,
      // The width its pixels are drawn at: its box's, or wider where it covers a box of another shape (a hero's photo).
      drawnWidth:
        getComputedStyle(image).objectFit === "cover"
          ? Math.max(
              image.getBoundingClientRect().width,
              (image.getBoundingClientRect().height * image.naturalWidth) / image.naturalHeight,
            )
          : image.getBoundingClientRect().width,
    })),
  );
}

describe.each([
  { viewport: MOBILE, deviceScaleFactor: 2 },
  { viewport: DESKTOP, deviceScaleFactor: 1 },
])("in Chromium at $viewport.width px ($deviceScaleFactor×)", ({ viewport, deviceScaleFactor }) => {
  it("shows every picture in AVIF, never wider than twice the width it is drawn at, and nothing moves as they arrive", async () => {
    const { page, problems } = await openPage(browser, { baseURL: site.url, viewport, deviceScaleFactor });
    // Every picture is held back until the page is laid out and painted in its typeface, so that each arrives into a
    // page that would move if its place were not reserved; what moved before then is layout-shift.test.ts's concern.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const requested: string[] = [];
    await page.route(`**${IMAGE_FILES_PATH}**`, async (route) => {
      requested.push(new URL(route.request().url()).pathname);
      await held;
      await route.continue();
    });
    const load = await recordLoad(page);
    await page.goto(PAGE.route, { waitUntil: "domcontentloaded" });
    const released = await page.evaluate(async () => {
      await document.fonts.ready;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return performance.now();
    });
    release();
    const shown = await loadEveryPicture(page);
    // Two frames for the last picture's paint to be measured.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const afterPictures = (await load()).shifts.filter((shift) => shift.at >= released);

    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((picture) => !picture.currentSrc.endsWith(".avif"))).toEqual([]);
    expect(
      shown
        .filter((picture) => picture.naturalWidth > 2 * Math.ceil(picture.drawnWidth))
        .map((picture) => `${picture.alt}: ${picture.naturalWidth} px drawn ${Math.round(picture.drawnWidth)} px wide`),
    ).toEqual([]);
    expect(afterPictures).toEqual([]);
    // The first picture, preloaded and in the page, in one shape or another: one file of it fetched, not two.
    const firstFiles = await page
      .locator("main picture")
      .first()
      .evaluate((picture) =>
        [...picture.querySelectorAll("source, img")].flatMap((element) =>
          (element.getAttribute("srcset") ?? "").split(", ").map((candidate) => candidate.split(" ")[0]),
        ),
      );
    expect(requested.filter((file) => firstFiles.includes(file))).toHaveLength(1);
    expect(problems).toEqual([]);
    if (process.env.E2E_SHOTS_DIR) {
      await settleScrollFades(page);
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
      await page.screenshot({
        path: path.join(process.env.E2E_SHOTS_DIR, `pictures-${viewport.width}.png`),
        fullPage: true,
      });
    }
    await page.context().close();
  });
});
