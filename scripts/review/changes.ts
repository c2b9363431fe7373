/**
 * What the review counts as a visual change, the order it shows routes in, and the part of a screenshot its thumbnail
 * shows: one definition for the command's lines, the HTML report and the Markdown summary, so that they agree.
 */
import type { Box } from "./diff.ts";
import type { RouteReview, WidthShot } from "./run.ts";

/**
 * A page added (shot on the head) or removed (shot on the base), or a page whose screenshots differ at some width;
 * control routes never count, nor routes that were not shot (a review stopped by invalid content).
 */
export function hasVisualChange(review: RouteReview): boolean {
  if (review.control) return false;
  if (review.status === "added") return review.shots.some((shot) => shot.after !== undefined);
  if (review.status === "gone") return review.shots.some((shot) => shot.before !== undefined);
  return review.shots.some((shot) => (shot.changed ?? 0) > 0);
}

/** The routes a reviewer has to look at: the figure "with visual changes" everywhere it is shown. */
export const withVisualChanges = (routes: readonly RouteReview[]): RouteReview[] => routes.filter(hasVisualChange);

/** The largest share of changed pixels over the widths, 0 when nothing changed or nothing was compared. */
export const changedShare = (review: RouteReview): number =>
  Math.max(0, ...review.shots.map((shot) => (shot.changed && shot.total ? shot.changed / shot.total : 0)));

/** Added pages, removed pages, changed pages (most changed first), pages without visual change, control routes. */
const rank = (review: RouteReview): number =>
  review.control ? 4 : review.status === "added" ? 0 : review.status === "gone" ? 1 : hasVisualChange(review) ? 2 : 3;

/** The routes in the order the review shows them (see `rank`); routes of one rank and share in route order. */
export const inReviewOrder = (routes: readonly RouteReview[]): RouteReview[] =>
  [...routes].sort(
    (a, b) =>
      rank(a) - rank(b) || changedShare(b) - changedShare(a) || (a.route < b.route ? -1 : a.route > b.route ? 1 : 0),
  );

/** Space kept around the changed pixels in a thumbnail, in pixels of the screenshot. */
const CROP_PADDING = 48;
/**
 * The smallest thumbnail, in pixels of the screenshot: enough of the page around a small change to place it. A crop
 * as wide as a laptop's page is at least half as high as wide, not a strip too thin to read once scaled to a column.
 */
const CROP_MIN = { width: 640, height: 360, heightPerWidth: 0.5 };

/** `[start, end)` grown to `min` around its middle and kept within `[0, size)`. */
function span(start: number, end: number, min: number, size: number): [number, number] {
  const length = Math.min(Math.max(end - start, min), size);
  const middle = (start + end) / 2;
  const from = Math.round(Math.min(Math.max(middle - length / 2, 0), size - length));
  return [from, from + length];
}

/**
 * The part of a screenshot that its thumbnail shows: the changed pixels' box, padded, at least CROP_MIN (within the
 * image). Undefined when no pixel changed or nothing was compared: the thumbnail is then the page from its top.
 */
export function thumbnailCrop(shot: Pick<WidthShot, "box" | "image">): Box | undefined {
  const { box, image } = shot;
  if (!image || !box) return undefined;
  const [x, right] = span(box.x - CROP_PADDING, box.x + box.width + CROP_PADDING, CROP_MIN.width, image.width);
  const minHeight = Math.max(CROP_MIN.height, Math.round((right - x) * CROP_MIN.heightPerWidth));
  const [y, bottom] = span(box.y - CROP_PADDING, box.y + box.height + CROP_PADDING, minHeight, image.height);
  return { x, y, width: right - x, height: bottom - y };
}
