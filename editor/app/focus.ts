import { useEffect, useRef } from "react";

const CONTROLS = "input, select, textarea, button:not(:disabled), a[href]";

/**
 * Moves the keyboard focus once React has drawn what a control changed: the control itself may be gone (a removed
 * item, a cleared field), and a keyboard user must not be left on the page's body.
 */
export function focusAfterRender(find: () => Element | null | undefined): void {
  requestAnimationFrame(() => {
    const target = find();
    if (target instanceof HTMLElement) target.focus();
  });
}

/** The element itself if a keyboard can reach it, else the first control inside it. */
export const firstControl = (element: Element | null | undefined): Element | null | undefined =>
  element?.matches(CONTROLS) ? element : element?.querySelector(CONTROLS);

/**
 * A heading that takes the focus when its view was reached from another one (a page opened from the list, the list
 * again from a page) and is ready, as a site's router does on a new page; not on the editor's first load.
 */
export function useArrivalFocus(arrived: boolean, ready = true) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (arrived && ready) heading.current?.focus();
  }, [arrived, ready]);
  return heading;
}
