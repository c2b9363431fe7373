import { ChakraProvider } from "@chakra-ui/react";
import { CacheProvider } from "@emotion/react";
import { type ReactNode, StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { createIslandEmotionCache } from "../emotion.ts";
import type { Block } from "../../contract/generated/schema-types.ts";
import { loadBlock } from "../registry.ts";
import { PathnameContext, type SiteData, SiteDataContext } from "../../kit/site-data.ts";
import { system } from "../../kit/theme.ts";
import { type IslandContext, IslandKeyProvider } from "../../kit/islands/Island.tsx";
import { ISLAND_CONTEXT_ID } from "../../kit/islands/names.ts";
import { DEFAULT_LOCALE, LocaleContext } from "../../kit/locale.ts";

const cache = createIslandEmotionCache();
const context = JSON.parse(document.getElementById(ISLAND_CONTEXT_ID)?.textContent ?? "null") as IslandContext;
// The page's language is its <html lang>, which the server wrote from the same locale it rendered the page in.
const locale = document.documentElement.lang || DEFAULT_LOCALE;

// The global styles (reset, tokens) and the layer order are already in the prerendered <head>. ChakraProvider would
// insert them again for every island, since emotion adopts a prerendered global style tag only once.
const islandSystem = { ...system, _global: [], layers: { ...system.layers, atRule: "" } };

/**
 * Hydrates one island of the prerendered page as its own React root. Hydration runs as a transition, which React
 * renders in slices of a few milliseconds, so hydrating a large island never holds the main thread for long: a tap or
 * a key press in the meantime is answered between slices (a click on the island itself hydrates it at once).
 */
function hydrateIsland(element: HTMLElement, content: ReactNode) {
  startTransition(() => {
    hydrateRoot(
      element,
      <StrictMode>
        <CacheProvider value={cache}>
          <ChakraProvider value={islandSystem}>
            {/* Islands read only the parts of site.json that islandContext() keeps (see ISLAND_SITE_KEYS). */}
            <SiteDataContext.Provider value={context.data as SiteData}>
              <PathnameContext.Provider value={context.pathname}>
                <LocaleContext.Provider value={locale}>
                  <IslandKeyProvider value={element.dataset.islandKey ?? ""}>{content}</IslandKeyProvider>
                </LocaleContext.Provider>
              </PathnameContext.Provider>
            </SiteDataContext.Provider>
          </ChakraProvider>
        </CacheProvider>
      </StrictMode>,
    );
  });
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

/** Hydrates a block island with its block's code, loaded now. */
export async function hydrateBlock(element: HTMLElement) {
  const block = JSON.parse(element.dataset.block ?? "null") as Block;
  const Component = await loadBlock(block.type);
  hydrateIsland(element, <Component block={block} />);
}

/** Hydrates each of these block islands as it nears the screen. */
export function hydrateBlocksOnApproach(elements: HTMLElement[]) {
  for (const element of elements) whenNearViewport(element, () => void hydrateBlock(element));
}
