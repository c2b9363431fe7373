import { expect } from "vitest";
import { SCRIM_OPACITY, TEXT_ON_SCRIM } from "../../kit/ui/scrim.ts";

/** The CSS variable Chakra draws a colour token with: "fg.invertedMuted" → var(--chakra-colors-fg-inverted-muted). */
const colourVariable = (token: string) =>
  `var(--chakra-colors-${token.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`).replace(/\./g, "-")})`;

/**
 * Checks a section drawn over a photo (its Backdrop), as prerendered with its CSS and before any script: the photo
 * shows from the HTML alone (neither it nor anything around it is hidden or transparent), the scrim lies over it at the
 * computed opacity (kit/ui/scrim.ts), and each text comes after both in a positioned layer, so that it paints on them,
 * in a colour the scrim was computed for.
 */
export function expectReadableOverPhoto(section: HTMLElement, texts: HTMLElement[]) {
  const backdrop = section.querySelector<HTMLElement>("[data-backdrop]");
  const photo = backdrop?.querySelector("img");
  const scrim = backdrop?.querySelector("[data-scrim]");
  if (!backdrop || !photo || !scrim) throw new Error("no photo under a scrim in the section");
  for (
    let element: Element | null = photo;
    element && element !== section.parentElement;
    element = element.parentElement
  ) {
    const style = getComputedStyle(element);
    if (element.tagName !== "PICTURE") expect(style.display, element.tagName).not.toBe("none");
    expect(style.visibility, element.tagName).not.toBe("hidden");
    expect(style.opacity === "" ? 1 : Number(style.opacity), element.tagName).toBe(1);
  }
  expect(photo.compareDocumentPosition(scrim) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(getComputedStyle(scrim).backgroundColor).toBe(`rgba(6, 16, 31, ${SCRIM_OPACITY})`);
  const layer = [...section.children].find(
    (child) => child !== backdrop && texts.every((text) => child.contains(text)),
  );
  expect(layer, "a layer after the photo holding the text").toBeDefined();
  expect(backdrop.compareDocumentPosition(layer!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(getComputedStyle(layer!).position).toBe("relative");
  const readable = Object.keys(TEXT_ON_SCRIM).map(colourVariable);
  for (const text of texts) expect(readable, text.textContent ?? "").toContain(getComputedStyle(text).color);
}
