import type { MediaFile } from "../../protocol.ts";

export interface Point {
  x: number;
  y: number;
}

/** The centre: where the site cuts a picture without a focal point. */
export const CENTRE: Point = { x: 0.5, y: 0.5 };

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/**
 * Where along one axis the site's cut starts, as a fraction of what overflows the box (CSS object-position's
 * percentage): `overflow` is how many times the box the scaled picture is along that axis. The site keeps the focal
 * point at the cut's centre as far as the edges allow (imaging/geometry.ts, scaleThenCut), which an object-position of
 * the point's own percentage would not: a point at 70 % of a wide picture in a square is at the square's right edge.
 */
function cutStart(point: number, overflow: number): number {
  if (overflow <= 1.0001) return 0.5;
  return clamp(point * overflow - 0.5, 0, overflow - 1) / (overflow - 1);
}

const percent = (fraction: number) => `${Math.round(fraction * 1000) / 10}%`;

/**
 * The CSS object-position that shows, in a box of `ratio` (width ÷ height) with object-fit: cover, the part of the
 * picture the site keeps around `point`: the picture is scaled to cover the box, then cut around the point.
 */
export function objectPositionFor(file: Pick<MediaFile, "width" | "height">, point: Point, ratio: number): string {
  if (!file.width || !file.height) return `${percent(point.x)} ${percent(point.y)}`;
  const picture = file.width / file.height;
  const x = picture > ratio ? cutStart(point.x, picture / ratio) : 0.5;
  const y = picture < ratio ? cutStart(point.y, ratio / picture) : 0.5;
  return `${percent(x)} ${percent(y)}`;
}

/** A point rounded to a tenth of a percent: what the framing file keeps, without a float's tail. */
export const rounded = (point: Point): Point => ({
  x: Math.round(clamp(point.x, 0, 1) * 1000) / 1000,
  y: Math.round(clamp(point.y, 0, 1) * 1000) / 1000,
});

/** A point in words, as percentages from the top-left corner: "60% across, 35% down". */
export const pointWords = (point: Point) => `${Math.round(point.x * 100)}% across, ${Math.round(point.y * 100)}% down`;
