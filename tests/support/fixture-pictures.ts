import fs from "node:fs";
import path from "node:path";
import sharp, { type Exif, type Sharp } from "sharp";
import { ROOT } from "../../toolchain/paths.ts";
import { CAMERA_EXIF } from "./images.ts";

/**
 * The pictures of the browser tier's picture page (tests/e2e/fixtures/behaviours/pictures.json), made here with sharp
 * and never committed: camera-sized JPEGs (the first with its camera's EXIF and a GPS position), a screenshot and a
 * diagram as PNGs, and twelve logos as PNGs on transparency. Each is the same bytes on every run (a seeded grain, no
 * clock), so the build's picture cache (.cache/media/) knows them from the machine's last run.
 */
export const FIXTURE_PICTURES_FOLDER = "/media/behaviours";

/** A seeded pseudo-random source (mulberry32): the same grain on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Colour = readonly [number, number, number];

/**
 * A landscape as a camera sees it, drawn at a quarter of its size (a sky, a hill, a house, a sun, grain) and scaled up
 * to its full size: soft, as a photo is at its pixel level, so that the build encodes it at a photo's cost.
 */
function landscape(width: number, height: number, seed: number, sky: Colour): Sharp {
  const [w, h] = [Math.round(width / 4), Math.round(height / 4)];
  const pixels = Buffer.alloc(w * h * 3);
  const grain = random(seed);
  const sun = { x: w * (0.6 + (seed % 3) * 0.1), y: h * 0.22, r: h * 0.08 };
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const t = y / h;
      let colour: Colour = [sky[0] + (241 - sky[0]) * t, sky[1] + (227 - sky[1]) * t, sky[2] + (200 - sky[2]) * t];
      if ((x - sun.x) ** 2 + (y - sun.y) ** 2 < sun.r ** 2) colour = [250, 214, 120];
      if ((x - w * 0.3) ** 2 + (y - h * 1.05) ** 2 < (h * 0.5) ** 2) colour = [60, 110, 71 + 40 * t];
      if (x > w * 0.55 && x < w * 0.8 && y > h * 0.4 && y < h * 0.85) colour = [160, 82, 45];
      if (x > w * 0.62 && x < w * 0.68 && y > h * 0.55 && y < h * 0.7) colour = [70, 50, 40];
      const noise = (grain() - 0.5) * 18;
      const at = (y * w + x) * 3;
      for (let c = 0; c < 3; c++) pixels[at + c] = Math.max(0, Math.min(255, Math.round(colour[c]! + noise)));
    }
  return sharp(pixels, { raw: { width: w, height: h, channels: 3 } }).resize(width, height, { kernel: "cubic" });
}

const svgPng = (width: number, height: number, body: string) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`))
    .png({ compressionLevel: 9 })
    .toBuffer();

/** A product's screen: a sidebar, rows of text as bars, a card with a chart. Opaque, sharp-edged: a PNG's content. */
function screenshot(width: number, height: number): Promise<Buffer> {
  const rows = Array.from(
    { length: 12 },
    (_, row) =>
      `<rect x="${width * 0.28}" y="${height * (0.12 + row * 0.06)}" width="${width * (0.25 + ((row * 7) % 5) * 0.04)}" height="${height * 0.02}" rx="6" fill="#c9d1dc"/>`,
  ).join("");
  const bars = Array.from(
    { length: 8 },
    (_, bar) =>
      `<rect x="${width * (0.74 + bar * 0.028)}" y="${height * (0.6 - ((bar * 5) % 7) * 0.05)}" width="${width * 0.018}" height="${height * (0.25 + ((bar * 5) % 7) * 0.05)}" fill="#1f4fd1"/>`,
  ).join("");
  return svgPng(
    width,
    height,
    `<rect width="100%" height="100%" fill="#f5f7fa"/><rect width="${width * 0.22}" height="100%" fill="#1b2433"/>${rows}<rect x="${width * 0.72}" y="${height * 0.12}" width="${width * 0.25}" height="${height * 0.8}" rx="16" fill="#ffffff" stroke="#dde3ea" stroke-width="3"/>${bars}`,
  );
}

/** A diagram: boxes joined by arrows, on white. */
function diagram(width: number, height: number): Promise<Buffer> {
  const boxes = [0.08, 0.4, 0.72]
    .map(
      (x, index) =>
        `<rect x="${width * x}" y="${height * 0.35}" width="${width * 0.2}" height="${height * 0.3}" rx="24" fill="${["#e8f0ff", "#fff4e0", "#e6f6ec"][index]}" stroke="#1b2433" stroke-width="6"/>`,
    )
    .join("");
  const arrows = [0.28, 0.6]
    .map(
      (x) =>
        `<path d="M${width * x} ${height / 2} H${width * (x + 0.12)}" stroke="#1b2433" stroke-width="8"/><path d="M${width * (x + 0.12)} ${height / 2 - 20} l30 20 l-30 20 z" fill="#1b2433"/>`,
    )
    .join("");
  return svgPng(width, height, `<rect width="100%" height="100%" fill="#ffffff"/>${boxes}${arrows}`);
}

/** The twelve logos' colours: each logo a mark and a bar of "lettering" in its colour, on transparency. */
const LOGO_COLOURS = [
  "#1f4fd1",
  "#0f766e",
  "#b45309",
  "#7c3aed",
  "#be123c",
  "#334155",
  "#0369a1",
  "#15803d",
  "#c2410c",
  "#0e7490",
  "#4338ca",
  "#a21caf",
];

const logo = (colour: string, index: number) =>
  svgPng(
    480,
    160,
    `<circle cx="80" cy="80" r="${44 + (index % 3) * 6}" fill="${colour}"/><rect x="150" y="${58 + (index % 2) * 6}" width="${220 + (index % 4) * 20}" height="44" rx="10" fill="${colour}"/>`,
  );

const jpeg = (photo: Sharp, exif?: Exif) => {
  const image = photo.jpeg({ quality: 88 });
  return (exif ? image.withExif(exif) : image).toBuffer();
};

const logoFile = (index: number) => `${FIXTURE_PICTURES_FOLDER}/logo-${String(index + 1).padStart(2, "0")}.png`;

/** Every picture of the page, by its address under the public folder. */
const FIXTURE_PICTURES: Record<string, () => Promise<Buffer>> = {
  // The page's first picture: a camera's 12-megapixel photo, with who took it, with what and where.
  [`${FIXTURE_PICTURES_FOLDER}/harbour.jpg`]: () => jpeg(landscape(4000, 3000, 1, [143, 184, 232]), CAMERA_EXIF),
  [`${FIXTURE_PICTURES_FOLDER}/claims-team.jpg`]: () =>
    jpeg(landscape(3000, 2000, 2, [120, 160, 210]), { IFD0: CAMERA_EXIF.IFD0 }),
  [`${FIXTURE_PICTURES_FOLDER}/agent-console.png`]: () => screenshot(2400, 1800),
  [`${FIXTURE_PICTURES_FOLDER}/countryside.jpg`]: () => jpeg(landscape(2400, 1800, 3, [170, 200, 235])),
  [`${FIXTURE_PICTURES_FOLDER}/handover-diagram.png`]: () => diagram(2000, 1000),
  ...Object.fromEntries(LOGO_COLOURS.map((colour, index) => [logoFile(index), () => logo(colour, index)])),
};

/**
 * A public folder for a build of the fixture pages: a copy of the project's public/ (what the site's own pages name)
 * with the picture page's pictures added under FIXTURE_PICTURES_FOLDER.
 */
export async function writeFixturePublic(target: string): Promise<void> {
  fs.cpSync(path.join(ROOT, "public"), target, { recursive: true });
  fs.mkdirSync(path.join(target, FIXTURE_PICTURES_FOLDER), { recursive: true });
  await Promise.all(
    Object.entries(FIXTURE_PICTURES).map(async ([src, make]) => fs.writeFileSync(path.join(target, src), await make())),
  );
}
