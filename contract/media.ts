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
 * Where a block places an image: how wide it shows at each viewport (rules, narrowest last is not required: they are
 * ordered here), and the shape it is cut to (width ÷ height) when the place has one of its own.
 */
export interface ImageSlot {
  rules: readonly SlotRule[];
  aspect?: number;
}

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
 * What a page's image becomes: the formats from the newest to the fallback (the last, with `src`), the `sizes` of its
 * slot, its pixel size (as the file has it, cropped to the slot's shape) and what shows until it arrives.
 */
export interface Rendition {
  sources: RenditionSource[];
  src: string;
  sizes: string;
  width: number;
  height: number;
  /** A tiny blurred copy of the image as a data: URL (a few hundred bytes), or undefined for an SVG. */
  placeholder?: string;
}

/** An image reference of a page as the build hands it to the renderer: the reference, with what it became. */
export interface RenderedImage {
  src: string;
  alt?: string;
  rendition?: Rendition;
}

const sortedRules = (rules: readonly SlotRule[]) => [...rules].sort((a, b) => (b.from ?? 0) - (a.from ?? 0));

/** The rule of a slot that holds at a viewport width. */
function ruleAt(slot: ImageSlot, viewport: number): SlotRule {
  const rule = sortedRules(slot.rules).find((candidate) => (candidate.from ?? 0) <= viewport);
  if (!rule) throw new Error("An image slot needs a rule without `from`, for the narrowest screens");
  return rule;
}

/** The width, in CSS pixels, a slot shows at a viewport width. */
export function slotWidthAt(slot: ImageSlot, viewport: number): number {
  const rule = ruleAt(slot, viewport);
  if (rule.px !== undefined) return rule.px;
  const fluid = Math.round(((rule.vw ?? 100) / 100) * viewport - (rule.minus ?? 0));
  return Math.max(1, rule.max === undefined ? fluid : Math.min(fluid, rule.max));
}

const ruleLength = (rule: SlotRule) => {
  if (rule.px !== undefined) return `${rule.px}px`;
  const fluid = rule.minus ? `calc(${rule.vw ?? 100}vw - ${rule.minus}px)` : `${rule.vw ?? 100}vw`;
  return rule.max === undefined ? fluid : `min(${fluid}, ${rule.max}px)`;
};

/** The `sizes` attribute of a slot: its rules from the widest viewport down. */
export function slotSizes(slot: ImageSlot): string {
  return sortedRules(slot.rules)
    .map((rule) => (rule.from ? `(min-width: ${rule.from}px) ${ruleLength(rule)}` : ruleLength(rule)))
    .join(", ");
}

/**
 * The widths an image is made in for a slot: the slot's width at each viewport and density, never wider than the
 * image itself (whose own width then stands for every wider one), ascending and each once.
 */
export function slotWidths(slot: ImageSlot, imageWidth: number): number[] {
  const wanted = LAYOUT_VIEWPORTS.flatMap((viewport) =>
    PIXEL_DENSITIES.map((density) => slotWidthAt(slot, viewport) * density),
  );
  return [...new Set(wanted.map((width) => Math.min(width, imageWidth)))].sort((a, b) => a - b);
}
