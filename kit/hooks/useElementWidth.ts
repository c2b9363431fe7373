import { type RefObject, startTransition, useLayoutEffect, useState } from "react";

interface ElementWidthOptions {
  /**
   * Whether the first measure must show in the very first frame React draws, asked as the element mounts or hydrates:
   * a block that hydrates over markup the visitor has already changed must not jump. Otherwise every measure
   * re-renders the component as a transition, in slices, since a new width can change the whole layout of a large
   * block. Pass a function defined once (outside the component): a new one measures again.
   */
  urgent?: (element: HTMLElement) => boolean;
}

/** The content width of an element, kept up to date as it resizes; 0 until measured (prerender, no layout). */
export function useElementWidth(ref: RefObject<HTMLElement | null>, { urgent }: ElementWidthOptions = {}): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => startTransition(() => setWidth(element.clientWidth));
    if (urgent?.(element)) setWidth(element.clientWidth);
    else measure();
    if (typeof ResizeObserver === "undefined") {
      window.addEventListener("resize", measure);
      return () => window.removeEventListener("resize", measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, urgent]);
  return width;
}
