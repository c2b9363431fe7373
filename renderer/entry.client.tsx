import { fadeInOnScroll } from "./islands/fade-in.ts";
import type * as IslandsRuntime from "./islands/hydrate.tsx";
import { HEADER_ISLAND, RUNTIME_CHUNKS_ATTRIBUTE } from "./islands/names.ts";

/**
 * The browser entry. Every page is prerendered whole and reads without JavaScript, so this entry is small: it starts
 * the scroll fade-ins at once and leaves the rest until the page has loaded and painted. Then:
 * - a page with blocks that move (islands/hydrate.tsx) loads the islands runtime (React, Chakra, the theme) and
 *   hydrates each of those blocks as it nears the screen;
 * - the header hydrates on the visitor's first interaction with the page (pointer or focus on the header, a key, a
 *   scroll). Until then it is plain HTML whose links work; a click on one of its buttons in the meantime is held and
 *   replayed once the header is live. Pages without moving blocks prefetch the runtime, so that this is quick.
 *
 * The runtime arrives in stages, one task each (React; Chakra and the theme; the island code), so that no single
 * task holds the main thread for long while the visitor starts reading.
 */

/** Resolves in a new task, after the browser has had the chance to handle input and paint. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Runs `start` once the page has loaded and the frame after the load has been painted. */
function afterLoadAndPaint(start: () => void) {
  const afterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
  if (document.readyState === "complete") afterPaint();
  else window.addEventListener("load", afterPaint, { once: true });
}

let runtime: Promise<typeof IslandsRuntime> | undefined;

function loadRuntime() {
  runtime ??= (async () => {
    await import("react-dom/client");
    await nextTask();
    await import("./theme.ts");
    await nextTask();
    return import("./islands/hydrate.tsx");
  })();
  return runtime;
}

/** Fetches the runtime's chunks into the HTTP cache at the lowest priority, without running them. */
function prefetchRuntime() {
  const chunks = document.querySelector(`script[${RUNTIME_CHUNKS_ATTRIBUTE}]`)?.getAttribute(RUNTIME_CHUNKS_ATTRIBUTE);
  for (const href of chunks?.split(" ").filter(Boolean) ?? []) {
    const link = document.createElement("link");
    link.rel = "prefetch";
    link.as = "script";
    // Module scripts are fetched in CORS mode; a prefetch in the same mode is what they find in the cache.
    link.crossOrigin = "anonymous";
    link.href = href;
    document.head.append(link);
  }
}

/** What a visitor does first with the header: point at it, touch it, tab into it, press a key in it. */
const HEADER_INTERACTIONS = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown"] as const;

/**
 * Hydrates the header on the first interaction with it, or on the first scroll (its look follows the scroll position).
 * A click on one of its buttons before it is live (a menu toggle) is held, then replayed on the hydrated button: React
 * hydrates a root at once when a click reaches it. Links need no holding: they work as plain HTML.
 */
function hydrateHeaderOnInteraction(header: HTMLElement) {
  let heldClick: HTMLElement | null = null;
  const holdClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    heldClick = button;
  };
  const start = () => {
    for (const type of HEADER_INTERACTIONS) header.removeEventListener(type, start, true);
    window.removeEventListener("scroll", start);
    void loadRuntime().then(({ hydrateHeader }) => {
      hydrateHeader(header);
      header.removeEventListener("click", holdClick, true);
      heldClick?.click();
    });
  };
  header.addEventListener("click", holdClick, true);
  for (const type of HEADER_INTERACTIONS) header.addEventListener(type, start, { capture: true, passive: true });
  window.addEventListener("scroll", start, { passive: true });
}

fadeInOnScroll();
afterLoadAndPaint(() => {
  const islands = [...document.querySelectorAll<HTMLElement>("[data-island]")];
  const header = islands.find((island) => island.dataset.island === HEADER_ISLAND);
  const blocks = islands.filter((island) => island !== header);
  if (blocks.length > 0) void loadRuntime().then(({ hydrateBlocks }) => hydrateBlocks(blocks));
  else prefetchRuntime();
  if (header) hydrateHeaderOnInteraction(header);
});
