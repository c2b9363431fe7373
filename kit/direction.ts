/**
 * Writing direction, for the code that has to know it (plain DOM code too, so no React here; the hook is
 * kit/hooks/useDirection.ts). Layout follows the direction through logical CSS alone (docs/blocks.md, "Right to left").
 */

/** A writing direction, as `<html dir>` gives it. */
export type Direction = "ltr" | "rtl";

/** Anything but an explicit right to left reads left to right, as browsers do with a missing or unknown `dir`. */
const asDirection = (dir: string | null | undefined): Direction => (dir === "rtl" ? "rtl" : "ltr");

/** The page's direction, from `<html dir>` (which the server wrote from the locale it rendered the page in). */
export const documentDirection = (): Direction => asDirection(document.documentElement.getAttribute("dir"));

/** The direction an element is laid out in: its closest `dir`. */
export const directionOf = (element: Element): Direction => asDirection(element.closest("[dir]")?.getAttribute("dir"));

/**
 * The step an arrow key takes along a row laid out in `direction`: the key pointing to where the row goes next
 * (right in left to right, left in right to left) moves forward, the other back, any other key not at all.
 */
export function arrowStep(key: string, direction: Direction): -1 | 0 | 1 {
  if (key !== "ArrowLeft" && key !== "ArrowRight") return 0;
  return (key === "ArrowRight") === (direction === "ltr") ? 1 : -1;
}
