import { type RefObject, startTransition, useEffect, useState } from "react";

/**
 * The content width of an element, kept up to date as it resizes; 0 until measured (prerender, no layout). A new width
 * re-renders the component as a transition, in slices, since it can change the whole layout of a large block.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => startTransition(() => setWidth(element.clientWidth));
    measure();
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
