/**
 * `npm run bench:pictures`: what pictures cost the build. Fifty camera-sized photos (4000 × 3000 JPEGs, made here
 * with sharp) on ten pages (an image block and a media-and-text block of four rows each), in a temporary copy of
 * site-config/ and public/ (SITE_CONFIG_DIR, SITE_PUBLIC_DIR); the build timed without those pages, then with them
 * and no picture cache (every file encoded), then again with the cache (the next build). The project's own picture
 * cache is set aside while it runs and put back after.
 *
 *   npm run bench:pictures            # fifty photos
 *   npm run bench:pictures -- 10      # ten
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { benchBuildErrors, benchPictureLines, catalogueError } from "../contract/errors.ts";
import { IMAGE_CACHE_DIR } from "../imaging/image-files.ts";
import { cameraPhoto } from "../tests/support/images.ts";
import { exitOnError } from "../toolchain/fail.ts";
import { CONFIG_DIR, PUBLIC_DIR, ROOT } from "../toolchain/paths.ts";
import { print } from "../toolchain/print.ts";

const ROWS = 4;
const PER_PAGE = ROWS + 1;

/** A copy of site-config/ and public/ with `photos` camera photos on pages of their own, or none. */
async function pictureSite(photos: number): Promise<{ configDir: string; publicDir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-bench-pictures-"));
  const configDir = path.join(dir, "site-config");
  const publicDir = path.join(dir, "public");
  fs.cpSync(CONFIG_DIR, configDir, { recursive: true });
  fs.cpSync(PUBLIC_DIR, publicDir, { recursive: true });
  fs.mkdirSync(path.join(publicDir, "media", "bench"), { recursive: true });
  for (let index = 0; index < photos; index++) {
    // Each photo its own: a different quality makes different bytes, so no two share their files.
    const photo = await cameraPhoto({ width: 4000, height: 3000, quality: 80 + (index % 15) });
    fs.writeFileSync(path.join(publicDir, "media", "bench", `photo-${index + 1}.jpg`), photo);
  }
  const picture = (index: number) => ({
    src: `/media/bench/photo-${index + 1}.jpg`,
    alt: `A sample scene, number ${index + 1}, of soft shapes under a warm sky`,
  });
  for (let page = 0; page * PER_PAGE < photos; page++) {
    const first = page * PER_PAGE;
    const document = {
      $schema: "../../schemas/page.schema.json",
      path: `/pictures-${page + 1}`,
      title: `Pictures ${page + 1}`,
      description: "A page of camera-sized photos, to measure what pictures cost the build.",
      blocks: [
        { type: "image", image: picture(first) },
        {
          type: "media-text",
          rows: Array.from({ length: Math.min(ROWS, photos - first - 1) }, (_, row) => ({
            heading: `Row ${row + 1}`,
            image: picture(first + row + 1),
          })),
        },
        { type: "call-to-action" },
      ].filter((block) => block.type !== "media-text" || (block.rows?.length ?? 0) > 0),
    };
    fs.writeFileSync(path.join(configDir, "pages", `pictures-${page + 1}.json`), JSON.stringify(document, null, 2));
  }
  return { configDir, publicDir };
}

/** The build's wall time in ms, into a temporary folder inside the project (where its server bundle finds packages). */
function timeBuild(site: { configDir: string; publicDir: string }): number {
  fs.mkdirSync(path.join(ROOT, ".cache"), { recursive: true });
  const buildDir = fs.mkdtempSync(path.join(ROOT, ".cache", "bench-pictures-"));
  const start = performance.now();
  const result = spawnSync("npx", ["react-router", "build"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      SITE_CONFIG_DIR: site.configDir,
      SITE_PUBLIC_DIR: site.publicDir,
      BUILD_DIR: buildDir,
    },
    encoding: "utf8",
  });
  const ms = performance.now() - start;
  fs.rmSync(buildDir, { recursive: true, force: true });
  if (result.status !== 0)
    throw catalogueError(benchBuildErrors.buildFailed, {
      dir: site.configDir,
      output: (result.stderr || result.stdout).slice(-3000),
    });
  return ms;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const photos = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 50);
const kept = `${IMAGE_CACHE_DIR}.kept-${process.pid}`;
const sites: string[] = [];
let failure: unknown;
try {
  if (fs.existsSync(IMAGE_CACHE_DIR)) fs.renameSync(IMAGE_CACHE_DIR, kept);
  const without = await pictureSite(0);
  const withPhotos = await pictureSite(photos);
  sites.push(path.dirname(without.configDir), path.dirname(withPhotos.configDir));
  const base = timeBuild(without);
  const cold = timeBuild(withPhotos);
  const warm = timeBuild(withPhotos);
  const files = fs.readdirSync(path.join(IMAGE_CACHE_DIR, "files")).length;
  console.log(
    [
      ["build", "time", "more than without pictures"],
      ["without the picture pages", seconds(base), "-"],
      [`${photos} photos, no cache`, seconds(cold), seconds(cold - base)],
      [`${photos} photos, cached`, seconds(warm), seconds(warm - base)],
    ]
      .map((row) => row.map((cell, index) => (index === 0 ? cell.padEnd(28) : cell.padStart(28))).join("  "))
      .join("\n"),
  );
  print(benchPictureLines.files, { photos, files });
} catch (error) {
  failure = error;
}
// Put back before reporting: a failure's report ends the process.
fs.rmSync(IMAGE_CACHE_DIR, { recursive: true, force: true });
if (fs.existsSync(kept)) fs.renameSync(kept, IMAGE_CACHE_DIR);
for (const dir of sites) fs.rmSync(dir, { recursive: true, force: true });
if (failure) exitOnError(failure);
