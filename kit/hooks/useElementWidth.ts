import { type RefObject, startTransition, useLayoutEffect, useState } from "react";

/**
 * The content width of an element, kept up to date as it resizes; 0 until measured (prerender, no layout). The first
 * measure is taken as the element mounts or hydrates, before the browser paints, so that the first frame React draws
 * is already laid out for the screen (a block that hydrates over markup the visitor has been using must not jump).
 * Later widths re-render the component as a transition, in slices, since they can change the whole layout of a large
 * block.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const measure = () => startTransition(() => setWidth(element.clientWidth));
    if (typeof ResizeObserver === "undefined") {
      window.addEventListener("resize", measure);
      return () => window.removeEventListener("resize", measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
