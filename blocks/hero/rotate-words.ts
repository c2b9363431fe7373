import { VISIBILITY_THRESHOLD } from "../../kit/constants.ts";

/** Marks a rotating word list (RotatingWords); its value is the rotation interval in milliseconds. */
export const ROTATING_WORDS_ATTRIBUTE = "data-rotating-words";

/**
 * Shows the words of every rotating word list (RotatingWords) one at a time, in a loop: the next one every interval,
 * only while at least VISIBILITY_THRESHOLD of the list is on screen, counting afresh each time it comes back into view.
 * Plain DOM code on the prerendered markup, run by the browser entry: the rotation needs nothing from React, so the
 * hero ships no component code. Visitors who prefer reduced motion keep the first word.
 */
export default function rotateWords(root: ParentNode = document) {
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  for (const list of root.querySelectorAll<HTMLElement>(`[${ROTATING_WORDS_ATTRIBUTE}]`)) {
    const words = [...list.querySelectorAll<HTMLElement>("[data-word]")];
    const intervalMs = Number(list.getAttribute(ROTATING_WORDS_ATTRIBUTE));
    if (words.length < 2 || !(intervalMs > 0)) continue;
    let current = 0;
    let timer: ReturnType<typeof setInterval> | undefined;
    const advance = () => {
      current = (current + 1) % words.length;
      words.forEach((word, index) =>
        word.setAttribute("data-word", index === current ? "current" : index < current ? "before" : "after"),
      );
    };
    const observer = new IntersectionObserver(
      ([entry]) => {
        clearInterval(timer);
        timer = entry.intersectionRatio >= VISIBILITY_THRESHOLD ? setInterval(advance, intervalMs) : undefined;
      },
      { threshold: [0, VISIBILITY_THRESHOLD] },
    );
    observer.observe(list);
  }
}
