/**
 * Pictures on pages (docs/media.md): where a block places an image (its slot), and what the build hands the page for it
 * (a rendition). The build (toolchain/media/) makes the files; the kit's Picture writes the markup; both read this.
 */

/** The viewport widths a slot is measured at: a phone, a tablet, a laptop (CSS pixels). */
export const LAYOUT_VIEWPORTS = [390, 768, 1366] as const;

/** Screens of twice the density are common from phones to laptops: each width is made at 1× and 2×. */
export const PIXEL_DENSITIES = [1, 2] as const;

/**
 * One rule of a slot's width, as the `sizes` attribute states it: from a viewport width on (`from`, CSS pixels; the
 * rule without `from` is the narrowest), `vw` per cent of the viewport less `minus` pixels, at most `max` pixels; or a
 * fixed `px`.
 */
export interface SlotRule {
  from?: number;
  vw?: number;
  minus?: number;
  max?: number;
  px?: number;
}

/**
 * A shape of its own on narrow screens (art direction): on a viewport narrower than `below` (CSS pixels) the picture is
 * cut to `aspect` and shown as wide as `rules` say, from files of its own. A photo that covers a tall phone-sized
 * section in a wide laptop's shape would arrive with most of its pixels cut off at the sides.
 */
export interface NarrowShape {
  below: number;
  aspect: number;
  rules: readonly SlotRule[];
}

/**
 * Where a block places an image: how wide it shows at each viewport (`rules`), or how high at every viewport
 * (`height`, CSS pixels: a row of logos, each as wide as its shape makes it), and the shape it is cut to
 * (width ÷ height) when the place has one of its own; `narrow`, another shape for narrow screens. `dimmed`: the place
 * lays the scrim over the picture (a photo behind text, kit/ui/scrim.ts), through which a third of its contrast shows,
 * and as little of its encoding's artefacts: its files are encoded lighter.
 */
export type ImageSlot = ({ rules: readonly SlotRule[]; aspect?: number } | { height: number; aspect?: number }) & {
  narrow?: NarrowShape;
  dimmed?: boolean;
};

/** A point of the image, as fractions of its width and height from its top-left corner (0.5, 0.5 is the centre). */
export interface FocalPoint {
  x: number;
  y: number;
}

/** A part of the image kept before anything else is done, as fractions of its width and height. */
export interface ImageCrop {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The files of one format, each with its width: `srcset`'s candidates. */
export interface RenditionSource {
  type: "image/avif" | "image/webp" | "image/jpeg" | "image/png" | "image/svg+xml";
  srcset: string;
}

/**
 * The files of a slot's narrow shape, where `media` holds: its formats, `sizes` and pixel size, as a Rendition's; and
 * `wideMedia`, where the slot's own shape shows instead.
 */
export interface NarrowRendition {
  media: string;
  wideMedia: string;
  sources: RenditionSource[];
  sizes: string;
  width: number;
  height: number;
}

/**
 * What a page's image becomes: the formats from the newest to the fallback (the last, with `src`), the `sizes` of its
 * slot, its pixel size (as the file has it, cropped to the slot's shape) and what shows until it arrives.
 */
export interface Rendition {
  sources: RenditionSource[];
  src: string;
  sizes: string;
  width: number;
  height: number;
  /** A tiny blurred copy of the image as a data: URL (a few hundred bytes); none for a drawing or a transparent image. */
  placeholder?: string;
  /**
   * How soon the browser fetches it, set where pages load: "first" for the page's largest picture above the fold
   * (fetched before the rest, preloaded), "now" for the fold's others; otherwise as it nears the screen.
   */
  fetch?: "first" | "now";
  /** The files of the slot's narrow shape, which the browser takes before `sources` where its media query holds. */
  narrow?: NarrowRendition;
}

/** An image reference of a page as the build hands it to the renderer: the reference, with what it became. */
export interface RenderedImage {
  src: string;
  alt?: string;
  rendition?: Rendition;
}

const sortedRules = (rules: readonly SlotRule[]) => [...rules].sort((a, b) => (b.from ?? 0) - (a.from ?? 0));

/** The rule of a slot's widths that holds at a viewport width. */
function ruleAt(rules: readonly SlotRule[], viewport: number): SlotRule {
  const rule = sortedRules(rules).find((candidate) => (candidate.from ?? 0) <= viewport);
  if (!rule) throw new Error("An image slot needs a rule without `from`, for the narrowest screens");
  return rule;
}

/** The width, in CSS pixels, a slot shows an image of a shape (width ÷ height) at, at a viewport width. */
export function slotWidthAt(slot: ImageSlot, viewport: number, aspect: number): number {
  if ("height" in slot) return Math.max(1, Math.round(slot.height * aspect));
  const rule = ruleAt(slot.rules, viewport);
  if (rule.px !== undefined) return rule.px;
  const fluid = Math.round(((rule.vw ?? 100) / 100) * viewport - (rule.minus ?? 0));
  return Math.max(1, rule.max === undefined ? fluid : Math.min(fluid, rule.max));
}

const ruleLength = (rule: SlotRule) => {
  if (rule.px !== undefined) return `${rule.px}px`;
  const fluid = rule.minus ? `calc(${rule.vw ?? 100}vw - ${rule.minus}px)` : `${rule.vw ?? 100}vw`;
  return rule.max === undefined ? fluid : `min(${fluid}, ${rule.max}px)`;
};

/** The `sizes` attribute of a slot for an image of a shape: its rules from the widest viewport down. */
export function slotSizes(slot: ImageSlot, aspect: number): string {
  if ("height" in slot) return `${slotWidthAt(slot, 0, aspect)}px`;
  return sortedRules(slot.rules)
    .map((rule) => (rule.from ? `(min-width: ${rule.from}px) ${ruleLength(rule)}` : ruleLength(rule)))
    .join(", ");
}

/** Widths closer than this (as a fraction of the larger) are one file: a browser loses nothing taking the larger. */
const NEAR = 0.08;

/** The media query of a narrow shape: the viewports narrower than its `below`. */
export const narrowMedia = (narrow: NarrowShape): string => `(max-width: ${narrow.below - 1}px)`;

/** The media query of the viewports a narrow shape leaves to the slot's own shape. */
export const wideMedia = (narrow: NarrowShape): string => `(min-width: ${narrow.below}px)`;

/** Whether a media query as narrowMedia and wideMedia write it (or none) holds at a viewport width. */
export function mediaHolds(media: string | undefined, viewport: number): boolean {
  if (!media) return true;
  const [, side, width] = /^\((max|min)-width: (\d+)px\)$/.exec(media) ?? [];
  if (!side) throw new Error(`A media query that narrowMedia and wideMedia do not write: ${media}`);
  return side === "max" ? viewport <= Number(width) : viewport >= Number(width);
}

/**
 * The viewports of LAYOUT_VIEWPORTS a slot's own shape and its narrow shape are made for: each those of its side of
 * the narrow shape's `below`, or, where none is, the nearest, so that each shape has files.
 */
export function shapeViewports(narrow: NarrowShape): { wide: number[]; narrow: number[] } {
  const below = LAYOUT_VIEWPORTS.filter((viewport) => viewport < narrow.below);
  const from = LAYOUT_VIEWPORTS.filter((viewport) => viewport >= narrow.below);
  return {
    wide: from.length ? from : [LAYOUT_VIEWPORTS.at(-1)!],
    narrow: below.length ? below : [LAYOUT_VIEWPORTS[0]],
  };
}

/**
 * The widths an image of a shape is made in for a slot: the slot's width at each viewport (of `viewports`) and density,
 * never wider than the image itself (whose own width then stands for every wider one), ascending and each once; of two
 * widths within 8 % of each other (a tablet at 1x and a phone at 2x), only the larger.
 */
export function slotWidths(
  slot: ImageSlot,
  aspect: number,
  imageWidth: number,
  viewports: readonly number[] = LAYOUT_VIEWPORTS,
): number[] {
  const wanted = viewports.flatMap((viewport) =>
    PIXEL_DENSITIES.map((density) => slotWidthAt(slot, viewport, aspect) * density),
  );
  const widths = [...new Set(wanted.map((width) => Math.min(width, imageWidth)))].sort((a, b) => a - b);
  return widths.filter((width, index) => index === widths.length - 1 || widths[index + 1]! > width * (1 + NEAR));
}

/** An image reference found in a block: where it is (a JSON pointer within the block), and the slot it shows in. */
export interface PlacedImage {
  pointer: string;
  image: RenderedImage;
  slot: ImageSlot;
}

const isImage = (value: unknown): value is RenderedImage =>
  typeof value === "object" && value !== null && typeof (value as { src?: unknown }).src === "string";

/**
 * The image references of a block that its manifest declares (`images`: paths with `*` for every item of a list), in
 * the order of the paths and then of the items; a path the block does not fill (an optional picture) yields nothing.
 */
export function placedImages<B extends object>(
  block: B,
  declared: Readonly<Record<string, ImageSlot | ((block: B) => ImageSlot)>> | undefined,
): PlacedImage[] {
  if (!declared) return [];
  const found: PlacedImage[] = [];
  for (const [where, slotOf] of Object.entries(declared)) {
    const slot = typeof slotOf === "function" ? slotOf(block) : slotOf;
    const visit = (value: unknown, steps: string[], pointer: string) => {
      if (steps.length === 0) {
        if (isImage(value)) found.push({ pointer, image: value, slot });
        return;
      }
      const [step, ...rest] = steps as [string, ...string[]];
      if (step === "*") {
        if (Array.isArray(value)) value.forEach((item, index) => visit(item, rest, `${pointer}/${index}`));
      } else if (typeof value === "object" && value !== null && step in value)
        visit((value as Record<string, unknown>)[step], rest, `${pointer}/${step}`);
    };
    visit(block, where.split("/"), "");
  }
  return found;
}

/** Splits a list at its commas that are not inside parentheses. */
function topLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < list.length; index++) {
    const char = list[index];
    if (char === "(") depth++;
    else if (char === ")") depth--;
    else if (char === "," && depth === 0) {
      parts.push(list.slice(start, index).trim());
      start = index + 1;
    }
  }
  parts.push(list.slice(start).trim());
  return parts;
}

/** A length of a `sizes` attribute as slotSizes writes them (px, vw, calc(vw - px), min(…, …)), in CSS pixels. */
function lengthAt(length: string, viewport: number): number {
  const min = /^min\((.*)\)$/.exec(length);
  if (min) return Math.min(...topLevel(min[1]!).map((part) => lengthAt(part, viewport)));
  const calc = /^calc\((\d+(?:\.\d+)?)vw - (\d+(?:\.\d+)?)px\)$/.exec(length);
  if (calc) return (Number(calc[1]) / 100) * viewport - Number(calc[2]);
  const vw = /^(\d+(?:\.\d+)?)vw$/.exec(length);
  if (vw) return (Number(vw[1]) / 100) * viewport;
  const px = /^(\d+(?:\.\d+)?)px$/.exec(length);
  if (px) return Number(px[1]);
  throw new Error(`A length of sizes that slotSizes does not write: ${length}`);
}

/** The width a `sizes` attribute (as slotSizes writes it) gives a picture at a viewport width, in CSS pixels. */
export function sizesWidthAt(sizes: string, viewport: number): number {
  for (const entry of topLevel(sizes)) {
    const condition = /^\(min-width: (\d+)px\) (.+)$/.exec(entry);
    if (!condition) return lengthAt(entry, viewport);
    if (viewport >= Number(condition[1])) return lengthAt(condition[2]!, viewport);
  }
  return viewport;
}
