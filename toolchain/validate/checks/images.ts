import fs from "node:fs";
import path from "node:path";
import { mediaErrors } from "../../../contract/errors.ts";
import { type Framing, pictureOfFraming } from "../../../contract/media-framing.server.ts";
import { deepInspection } from "../../../imaging/deep-inspection.ts";
import { IMAGE_CACHE_DIR } from "../../../imaging/image-files.ts";
import { quickInspection } from "../../../imaging/inspect.ts";
import type { Check } from "../context.ts";
import { findings } from "../problems.ts";
import { oddSitePath, publicFile } from "../site-paths.ts";
import type { SourceFile } from "../source-file.ts";

const IMAGE_FILE = /\.(svg|png|jpe?g|webp|avif)$/i;

/** Every image file under public/, as the path a page names it by ('/media/team.jpg'). */
function imagesUnder(publicDir: string): string[] {
  if (!fs.existsSync(publicDir)) return [];
  return fs
    .readdirSync(publicDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && IMAGE_FILE.test(entry.name))
    .map((entry) => `/${path.relative(publicDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`)
    .sort();
}

const quickChecks = new Map<string, ReturnType<typeof quickInspection>>();

/** quickInspection of a file, once per process while its size and date are the same. */
function inspected(file: string, src: string) {
  const { size, mtimeMs } = fs.statSync(file);
  const key = `${file} ${size} ${mtimeMs}`;
  if (!quickChecks.has(key)) quickChecks.set(key, quickInspection(fs.readFileSync(file), src));
  return quickChecks.get(key);
}

/** The value at a JSON pointer of a document, or undefined. */
function at(value: unknown, pointer: string): unknown {
  return pointer
    .split("/")
    .slice(1)
    .reduce<unknown>(
      (node, step) =>
        typeof node === "object" && node !== null
          ? (node as Record<string, unknown>)[step.replace(/~1/g, "/").replace(/~0/g, "~")]
          : undefined,
      value,
    );
}

const FILE_NAME = /^[\w.-]+\.(svg|png|jpe?g|webp|avif|gif|heic)$|^(img|dsc|pxl|photo|image)[_-]?\d+$/i;
const SAYS_IMAGE = /^(an? )?(image|picture|photo|photograph|graphic|screenshot) (of|showing)\b/i;

/**
 * The pictures each file places (`"siteRef": "image"`): the file exists (else the nearest name), is an image the site
 * takes (the quick checks on every file; a decode of each picture once, its answer kept by its content), and
 * says what it shows, unless it is decorative: not a file name, not "image of…", not the same words on every picture
 * of the file.
 */
export const images: Check = (context) => {
  const found = findings(context.relative);
  let known: string[] | undefined;
  const decode: { source: SourceFile; pointer: string; file: string; name: string }[] = [];
  for (const source of context.sources) if (source.kind === "framing") checkFraming(source);
  for (const source of context.sources) checkFile(source);
  // What only a decode tells (a damaged file, the frames of an AVIF), for the files that passed the quick checks.
  deepInspection(decode, IMAGE_CACHE_DIR).forEach((refusal, index) => {
    const { source, pointer } = decode[index]!;
    if (refusal) found.reportDescribed(source, { pointer, ...refusal });
  });
  return found.problems;

  /** A framing file frames a picture that exists, and its crop stays within it. */
  function checkFraming(source: SourceFile) {
    const src = pictureOfFraming(context.configDir, source.file);
    if (!publicFile(context.publicDir, src)) {
      known ??= imagesUnder(context.publicDir);
      found.report(source, "", mediaErrors.framingWithoutPicture, { src, known });
    }
    const crop = (source.value as Framing | undefined)?.crop;
    const measured = crop && [crop.x, crop.y, crop.width, crop.height].every((side) => typeof side === "number");
    if (!measured) return;
    if (crop.x + crop.width > 1)
      found.report(source, "/crop/width", mediaErrors.cropOutside, { edge: "right", reach: crop.x + crop.width });
    if (crop.y + crop.height > 1)
      found.report(source, "/crop/height", mediaErrors.cropOutside, { edge: "bottom", reach: crop.y + crop.height });
  }

  function checkFile(source: SourceFile) {
    const alts: { pointer: string; alt: string }[] = [];
    for (const { pointer, value } of source.references.filter((r) => r.kind === "image")) {
      const odd = oddSitePath(pointer, value);
      if (odd) {
        found.reportDescribed(source, odd);
        continue;
      }
      const file = publicFile(context.publicDir, value);
      if (!file) {
        known ??= imagesUnder(context.publicDir);
        found.report(source, pointer, mediaErrors.missingImage, { src: value, known });
      } else {
        const refused = inspected(file, value);
        if (refused) found.reportDescribed(source, { pointer, code: refused.code, message: refused.message });
        else if (!value.endsWith(".svg")) decode.push({ source, pointer, file, name: value });
      }
      const reference = at(source.value, pointer.replace(/\/src$/, "")) as
        { alt?: string; decorative?: boolean } | undefined;
      if (reference?.decorative) continue;
      const alt = reference?.alt?.trim() ?? "";
      const altPointer = pointer.replace(/\/src$/, "/alt");
      if (!alt) found.report(source, pointer, mediaErrors.missingAlt, { src: value });
      else if (FILE_NAME.test(alt) || alt === path.posix.basename(value))
        found.report(source, altPointer, mediaErrors.altIsFileName, { src: value, alt });
      else if (SAYS_IMAGE.test(alt)) found.report(source, altPointer, mediaErrors.altSaysImage, { src: value, alt });
      if (alt) alts.push({ pointer: altPointer, alt });
    }
    // Three pictures with the same words are one text written for all (often "logo"), not what each shows.
    const byAlt = new Map<string, typeof alts>();
    for (const entry of alts)
      byAlt.set(entry.alt.toLowerCase(), [...(byAlt.get(entry.alt.toLowerCase()) ?? []), entry]);
    for (const same of byAlt.values())
      if (same.length >= 3)
        found.report(source, same[0]!.pointer, mediaErrors.sameAltOnMany, { alt: same[0]!.alt, count: same.length });
  }
};
