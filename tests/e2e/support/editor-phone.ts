import type { Locator, Page } from "playwright-core";

/**
 * What sticks out sideways in an editor's view, as "what: how" lines; none on a view that fits its window:
 * - the page wider than the window (a phone then zooms the whole editor out);
 * - a pane or box that scrolls sideways (its content wider than itself);
 * - a control (button, link, field) that reaches past the window's edge, cut off or off-screen.
 * Text that ends in an ellipsis on purpose (a long title) is clipped by its own box, which does not scroll.
 */
export async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const name = (el: Element) => {
      const classes = [...el.classList].slice(0, 2).map((c) => `.${c}`);
      const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 30);
      return `${el.tagName.toLowerCase()}${classes.join("")}${text ? ` "${text}"` : ""}`;
    };
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`page: ${root.scrollWidth} px wide in ${root.clientWidth} px`);
    const width = root.clientWidth;
    for (const el of document.body.querySelectorAll("*")) {
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      const style = getComputedStyle(el);
      const scrolls = style.overflowX === "auto" || style.overflowX === "scroll";
      if (scrolls && !el.matches("input, textarea, select") && el.scrollWidth > el.clientWidth + 1)
        found.push(`${name(el)}: scrolls sideways (${el.scrollWidth} px in ${el.clientWidth} px)`);
      if (el.matches("button, a[href], input, select, textarea, summary")) {
        const box = el.getBoundingClientRect();
        if (box.width > 1 && (box.left < -1 || box.right > width + 1))
          found.push(`${name(el)}: from ${Math.round(box.left)} to ${Math.round(box.right)} px, window ${width} px`);
      }
    }
    return [...new Set(found)];
  });
}

/** Whether `target` is shown whole inside the window's width (a toolbar's action within reach, not cut off). */
export async function withinWindow(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return box !== null && box.width > 0 && box.x >= 0 && box.x + box.width <= width;
}
