import { enhancements } from "./generated/block-enhancements.ts";
import { enhanceHeader } from "./chrome/header-dom.ts";
import { VISIBILITY_THRESHOLD } from "../kit/constants.ts";
import { fadeInOnScroll } from "./islands/fade-in.ts";
import type * as IslandsRuntime from "./islands/hydrate.tsx";
import { ENHANCEMENTS_ATTRIBUTE, RUNTIME_CHUNKS_ATTRIBUTE } from "../kit/islands/names.ts";

/**
 * The browser entry. Every page is prerendered whole and reads without JavaScript, so this entry is small. The header's
 * menus, drawer and disclosures (the mobile menu's sections, the flip cards' "discover more") open from HTML alone
 * (popovers, <details>). This entry starts what needs no React, as plain DOM code on the prerendered markup: the
 * header's finishing touches (aria-expanded, hover, the opaque background once scrolled) at once, before the first
 * paint (it only adds listeners); after the first paint, the scroll fade-ins and the enhancements that the page's
 * blocks declare in their manifests (the flip cards' flips, the carousel's buttons until its island is live, the hero's
 * rotating words), each loaded only on a page that has its block, preloaded beside this entry.
 * The rest waits until the page has loaded and painted. Then:
 * - blocks that move by themselves (Hydration "approach", declared in each block's block.ts) hydrate as they near the
 *   screen: at once for those already on screen, which brings in the islands runtime (React, Chakra, the theme); on
 *   the first scroll for the others, which only start moving once the visitor scrolls to them;
 * - blocks that only answer the visitor ("interaction": forms) hydrate on the visitor's first interaction
 *   with them. Until then they are plain HTML whose links work; a click on one of their buttons in the meantime is held
 *   and replayed once they are live. Pages with no block on screen that moves by itself prefetch the runtime, so that
 *   all this is quick.
 *
 * The runtime arrives in stages, one task each (React; Chakra and the theme; the island code), so that no single
 * task holds the main thread for long while the visitor starts reading.
 */

/** Resolves in a new task, after the browser has had the chance to handle input and paint. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Runs `start` once the next frame has been painted. Its layout is then up to date, so measuring it is cheap; measuring
 * any earlier would make the browser lay out the page inside this script's task.
 */
const afterPaint = (start: () => void) => requestAnimationFrame(() => setTimeout(start, 0));

/** Runs `start` once the page has loaded and the frame after the load has been painted. */
function afterLoadAndPaint(start: () => void) {
  if (document.readyState === "complete") afterPaint(start);
  else window.addEventListener("load", () => afterPaint(start), { once: true });
}

let runtime: Promise<typeof IslandsRuntime> | undefined;

function loadRuntime() {
  runtime ??= (async () => {
    await import("./islands/react-dom-client.ts");
    await nextTask();
    await import("../kit/theme.ts");
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

/**
 * Whether a block that moves by itself is already moving as the page loads: it is at least VISIBILITY_THRESHOLD on
 * screen (of its height, or of the screen's for a block taller than the screen), the share at which every such block
 * starts. The others only move once the visitor scrolls to them, so they wait for the first scroll.
 */
function isMovingAtLoad(island: HTMLElement): boolean {
  const box = island.firstElementChild?.getBoundingClientRect();
  if (!box) return true;
  const onScreen = Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0);
  return onScreen >= VISIBILITY_THRESHOLD * Math.min(box.height, window.innerHeight);
}

/** What a visitor does first with a part of the page: point at it, touch it, tab into it, press a key in it. */
const FIRST_INTERACTIONS = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown"] as const;

/**
 * Hydrates an island on the first interaction with it. Until it is live, a
 * click on one of its buttons and a form submission (Enter in a field) are held, then replayed on the hydrated
 * elements: React hydrates a root at once when a click reaches it. Links need no holding: they work as plain HTML, and
 * what is typed into a field before hydration stays (React replays it). A pointer resting on the island is announced
 * to its hover handlers.
 */
function hydrateOnInteraction(island: HTMLElement, hydrate: () => Promise<void>) {
  let held: (() => void) | undefined;
  const hold = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = event.type === "click" ? target?.closest("button") : null;
    const form = event.type === "submit" && target instanceof HTMLFormElement ? target : null;
    if (!button && !form) return;
    event.preventDefault();
    event.stopPropagation();
    held = button ? () => button.click() : () => form?.requestSubmit();
  };
  const start = () => {
    for (const type of FIRST_INTERACTIONS) island.removeEventListener(type, start, true);
    void hydrate().then(() => {
      island.removeEventListener("click", hold, true);
      island.removeEventListener("submit", hold, true);
      // The pointer may already rest on the island: tell its hover handlers, which would otherwise wait for it to
      // leave and come back.
      [...island.querySelectorAll(":hover")].pop()?.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
      held?.();
    });
  };
  island.addEventListener("click", hold, true);
  island.addEventListener("submit", hold, true);
  for (const type of FIRST_INTERACTIONS) island.addEventListener(type, start, { capture: true, passive: true });
}

/** The page's blocks' enhancements, imported at once (the page preloads their modules), run after the first paint. */
const pageEnhancements = (
  document.querySelector(`script[${ENHANCEMENTS_ATTRIBUTE}]`)?.getAttribute(ENHANCEMENTS_ATTRIBUTE)?.split(" ") ?? []
).flatMap((type) => enhancements[type]?.() ?? []);

// Listeners only, no layout: the header answers the first tap even before the first paint.
enhanceHeader();
afterPaint(() => {
  fadeInOnScroll();
  for (const loading of pageEnhancements) void loading.then((enhancement) => enhancement.default());
});
afterLoadAndPaint(() => {
  const islands = [...document.querySelectorAll<HTMLElement>("[data-island]")];
  const onApproach = islands.filter((island) => island.dataset.hydrate === "approach");
  const moving = onApproach.filter(isMovingAtLoad);
  const later = onApproach.filter((island) => !moving.includes(island));
  if (moving.length > 0) void loadRuntime().then((live) => live.hydrateBlocksOnApproach(moving));
  else prefetchRuntime();
  if (later.length > 0)
    window.addEventListener("scroll", () => void loadRuntime().then((live) => live.hydrateBlocksOnApproach(later)), {
      once: true,
      passive: true,
    });
  for (const island of islands.filter((island) => island.dataset.hydrate === "interaction"))
    hydrateOnInteraction(island, () => loadRuntime().then((live) => live.hydrateBlock(island)));
});
