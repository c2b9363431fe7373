import { axeAudit } from "../../../scripts/measure/axe.ts";
import type { Page } from "playwright-core";
import { settleScrollFades } from "./browser.ts";

/**
 * Everything that sticks out horizontally, as "what: by how much" lines:
 * - the page wider than its window;
 * - an element of a block reaching outside its block's section (unless an ancestor inside the block clips or scrolls
 *   it, as a carousel track does);
 * - text running out of its own box: a label out of its button, a figure out of its list item, a bubble's words over
 *   the next card;
 * - an item of a flex row running past its row's end: buttons too wide for their column, laid over the column beside.
 */
export async function layoutOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const TOLERANCE = 1;
    const found: string[] = [];
    const name = (el: Element) => {
      const classes = [...el.classList].filter((c) => !c.startsWith("css-")).slice(0, 2);
      const text = (el.textContent ?? "").trim().slice(0, 30);
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${classes.map((c) => `.${c}`).join("")}${text ? ` "${text}"` : ""}`;
    };
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      found.push(`page: ${root.scrollWidth} px wide in a ${root.clientWidth} px window`);

    const clips = (el: Element) => {
      const style = getComputedStyle(el);
      return style.overflowX !== "visible";
    };
    for (const section of document.querySelectorAll("main section")) {
      const box = section.getBoundingClientRect();
      const walker = document.createTreeWalker(section, NodeFilter.SHOW_ELEMENT);
      // Elements under a clipping or scrolling ancestor within the block are judged by that ancestor instead.
      const clipped = new Set<Element>();
      for (let node = walker.nextNode() as Element | null; node; node = walker.nextNode() as Element | null) {
        const el = node;
        if (
          el.parentElement &&
          (clipped.has(el.parentElement) || (el.parentElement !== section && clips(el.parentElement)))
        )
          clipped.add(el);
        if (clipped.has(el) || !el.checkVisibility({ visibilityProperty: true })) continue;
        const rect = el.getBoundingClientRect();
        // Empty, or the 1 px box of something hidden on purpose (a screen-reader label, the form's bot trap).
        if (rect.width <= 1 || rect.height <= 1) continue;
        const out = Math.max(box.left - rect.left, rect.right - box.right);
        if (out > TOLERANCE) found.push(`${name(el)}: ${Math.round(out)} px out of its section`);
        const row = el.parentElement;
        if (row && row !== section && /flex/.test(getComputedStyle(row).display)) {
          const rowStyle = getComputedStyle(row);
          const rowBox = row.getBoundingClientRect();
          const past = Math.max(
            rowBox.left + parseFloat(rowStyle.borderLeftWidth) - rect.left,
            rect.right - (rowBox.right - parseFloat(rowStyle.borderRightWidth)),
          );
          if (past > TOLERANCE) found.push(`${name(el)}: ${Math.round(past)} px past the end of its row`);
        }
        // An element that clips or scrolls its own content (a visually hidden label, a scrolling table) keeps its text.
        if (clips(el)) continue;
        const textNodes = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
        if (textNodes.length === 0) continue;
        const range = document.createRange();
        range.setStartBefore(textNodes[0]);
        range.setEndAfter(textNodes.at(-1) as ChildNode);
        const textBox = range.getBoundingClientRect();
        const style = getComputedStyle(el);
        const inner = {
          left: rect.left + parseFloat(style.borderLeftWidth),
          right: rect.right - parseFloat(style.borderRightWidth),
        };
        const textOut = Math.max(inner.left - textBox.left, textBox.right - inner.right);
        if (textOut > TOLERANCE) found.push(`${name(el)}: text ${Math.round(textOut)} px out of its box`);
      }
    }
    return [...new Set(found)];
  });
}

/** axe-core violations of serious or critical impact, as "rule (impact): selector — help" lines. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  await settleScrollFades(page);
  // The page's own content only: the header and footer are the same on every page, and routes.test.ts audits them.
  const { violations } = await axeAudit(page).include("main").analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id} (${violation.impact}): ${node.target.join(" ")} — ${violation.help}`,
      ),
    );
}
