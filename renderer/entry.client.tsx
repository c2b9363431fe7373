import { ChakraProvider } from "@chakra-ui/react";
import { CacheProvider } from "@emotion/react";
import { type ReactNode, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { Header } from "./chrome/Header.tsx";
import { createEmotionCache } from "./emotion.ts";
import type { Block } from "./generated/schema-types.ts";
import { fadeInOnScroll } from "./islands/fade-in.ts";
import { HEADER_ISLAND, ISLAND_CONTEXT_ID, type IslandContext, IslandKeyProvider } from "./islands/Island.tsx";
import { loadBlock } from "./registry.ts";
import { PathnameContext, type SiteData, SiteDataContext } from "./site-data.ts";
import { system } from "./theme.ts";

/**
 * The browser entry: hydrates each island of the prerendered page (the header, the blocks that move) as its own React
 * root. Everything else on the page stays the static HTML it was prerendered as.
 */

const cache = createEmotionCache();
const context = JSON.parse(document.getElementById(ISLAND_CONTEXT_ID)?.textContent ?? "null") as IslandContext;

// The global styles (reset, tokens) are already in the prerendered <head>. ChakraProvider would insert them again
// for every island, since emotion adopts a prerendered global style tag only once.
const islandSystem = { ...system, _global: [], layers: { ...system.layers, atRule: "" } };

function hydrate(element: HTMLElement, content: ReactNode) {
  hydrateRoot(
    element,
    <StrictMode>
      <CacheProvider value={cache}>
        <ChakraProvider value={islandSystem}>
          {/* Islands read only the parts of site.json that islandContext() keeps (see ISLAND_SITE_KEYS). */}
          <SiteDataContext.Provider value={context.data as SiteData}>
            <PathnameContext.Provider value={context.pathname}>
              <IslandKeyProvider value={element.dataset.islandKey ?? ""}>{content}</IslandKeyProvider>
            </PathnameContext.Provider>
          </SiteDataContext.Provider>
        </ChakraProvider>
      </CacheProvider>
    </StrictMode>,
  );
}

/** How far below the screen a block island starts loading, so that it is live before the visitor reaches it. */
const NEAR_VIEWPORT_MARGIN = "400px 0px";

/**
 * Runs `start` once the island is on or near the screen. Blocks further down the page load and hydrate only when the
 * visitor scrolls towards them, which keeps their code and their hydration off the page's first seconds. The island
 * wrapper has `display: contents` and so no box of its own: its first child is observed instead.
 */
function whenNearViewport(element: HTMLElement, start: () => void) {
  const target = element.firstElementChild;
  if (!target || !("IntersectionObserver" in window)) return start();
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      start();
    },
    { rootMargin: NEAR_VIEWPORT_MARGIN },
  );
  observer.observe(target);
}

fadeInOnScroll();

for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) {
  if (element.dataset.island === HEADER_ISLAND) {
    hydrate(element, <Header />);
  } else {
    const block = JSON.parse(element.dataset.block ?? "null") as Block;
    whenNearViewport(element, () => {
      void loadBlock(block.type).then((Component) => hydrate(element, <Component block={block} />));
    });
  }
}
