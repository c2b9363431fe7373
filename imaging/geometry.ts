import type { FocalPoint, ImageCrop } from "../contract/media.ts";

/** A rectangle in pixels. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/** The part of the image a crop keeps, in pixels of the image as it shows (turned by its orientation); all of it without one. */
export function cropBox(width: number, height: number, crop?: ImageCrop): Box {
  if (!crop) return { left: 0, top: 0, width, height };
  const left = clamp(Math.round(crop.x * width), 0, width - 1);
  const top = clamp(Math.round(crop.y * height), 0, height - 1);
  return {
    left,
    top,
    width: clamp(Math.round(crop.width * width), 1, width - left),
    height: clamp(Math.round(crop.height * height), 1, height - top),
  };
}

/** The widest a picture of this shape (width ÷ height) can be cut from a region without making up pixels. */
export const widestAt = (region: Box, aspect: number) => Math.floor(Math.min(region.width, region.height * aspect));

/**
 * Where the focal point (given on the whole image) falls within a region, as fractions of it: a point outside the
 * region counts at the region's nearest edge. Without one, the centre.
 */
export function focusWithin(region: Box, image: { width: number; height: number }, focus?: FocalPoint): FocalPoint {
  if (!focus) return { x: 0.5, y: 0.5 };
  return {
    x: clamp((focus.x * image.width - region.left) / region.width, 0, 1),
    y: clamp((focus.y * image.height - region.top) / region.height, 0, 1),
  };
}

/**
 * How one file of a given size is made from a region: scaled first, as a whole, just enough to cover the target, then
 * cut to the target around the focal point (a fraction of the region) where it lands once scaled, kept as near the
 * centre of the cut as the edges allow. Cutting before scaling would frame the point at the source's scale, and a small
 * file would show only a few pixels around it.
 */
export function scaleThenCut(
  region: { width: number; height: number },
  target: { width: number; height: number },
  point: FocalPoint,
) {
  const scale = Math.max(target.width / region.width, target.height / region.height);
  const scaled = {
    width: Math.max(target.width, Math.round(region.width * scale)),
    height: Math.max(target.height, Math.round(region.height * scale)),
  };
  const cut: Box = {
    left: clamp(Math.round(point.x * scaled.width - target.width / 2), 0, scaled.width - target.width),
    top: clamp(Math.round(point.y * scaled.height - target.height / 2), 0, scaled.height - target.height),
    width: target.width,
    height: target.height,
  };
  return { scaled, cut };
}
