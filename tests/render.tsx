import { ChakraProvider } from "@chakra-ui/react";
import createCache, { type EmotionCache } from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import { render } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { onTestFinished } from "vitest";
import fs from "node:fs";
import path from "node:path";
import type { ReactElement } from "react";
import type { Block as AuthoredBlock, SiteConfig } from "../contract/generated/authored-types.ts";
import type { Block } from "../contract/generated/schema-types.ts";
import { BLOCK_UNION_FILE } from "../contract/schemas.server.ts";
import { withDefaults } from "./support/with-defaults.ts";
import { PageRenderer, preloadBlocks } from "../renderer/PageRenderer.tsx";
import { PathnameContext, type SiteData, SiteDataContext } from "../kit/site-data.ts";
import { system } from "../kit/theme.ts";
import { DEFAULT_LOCALE, LocaleContext } from "../kit/locale.ts";
import type { Direction } from "../kit/direction.ts";
import { DirectionContext } from "../kit/hooks/useDirection.ts";
import { EMOTION_KEY } from "../renderer/emotion.ts";

const root = path.resolve(import.meta.dirname, "..");

/** The site data the root route would load, read from the real site-config/. */
export function siteData(overrides: Partial<SiteData> = {}): SiteData {
  const site = withDefaults<SiteData["site"]>(
    "schemas/site.schema.json",
    JSON.parse(fs.readFileSync(path.join(root, "site-config/site.json"), "utf8")) as SiteConfig,
  );
  return {
    site,
    industries: [
      {
        label: "Home Emergency",
        href: "/industries/home-emergency-insurance",
        description: "FNOL and triage",
        icon: "building",
        featured: true,
        order: 1,
      },
      {
        label: "Pet Insurance",
        href: "/industries/pet-insurance",
        description: "Vet coordination",
        icon: "building",
        featured: false,
        order: 13,
      },
    ],
    leadApiUrl: "/api",
    ...overrides,
  };
}

let unstyledCache: EmotionCache | undefined;
/**
 * Emotion's cache for a render whose styles no test looks at: the components' class names are worked out as ever, but
 * no rule is written, and the global styles go to an element outside the document, which jsdom neither parses nor
 * matches. In the document, every getComputedStyle (which each role query asks of every element it looks at) matched
 * each element against every rule the run had inserted, hundreds of them.
 */
function unstyled(): EmotionCache {
  if (unstyledCache) return unstyledCache;
  unstyledCache = createCache({ key: EMOTION_KEY, container: document.createElement("div") });
  unstyledCache.insert = () => "";
  return unstyledCache;
}

/**
 * Emotion's cache for a render whose CSS a test looks at: its rules go into the document's head until the test ends.
 * Emotion's default cache never removes a rule, and the document is the worker's: every later file's role queries then
 * matched each element they looked at against the rules left behind (20 role queries over the carousel took 168 ms
 * before a render with its CSS, 260 ms after).
 */
function styled(): EmotionCache {
  const cache = createCache({ key: EMOTION_KEY });
  onTestFinished(() => cache.sheet.flush());
  return cache;
}

interface ProviderOptions {
  /** Puts the components' CSS in the document, for a test of what CSS shows or hides (`toBeVisible`, `getComputedStyle`). */
  css?: boolean;
  path?: string;
  data?: SiteData;
  /** The page's language (BCP 47). */
  locale?: string;
  /** The page's direction, as the islands runtime reads it from `<html dir>`. */
  direction?: Direction;
}

/** UI inside the providers the app gives it: theme, the page's path, site data and language. */
const withProviders = (
  ui: ReactElement,
  { path = "/", data = siteData(), locale = DEFAULT_LOCALE, direction = "ltr", css = false }: ProviderOptions = {},
) => {
  const app = (
    <ChakraProvider value={system}>
      <PathnameContext.Provider value={path}>
        <LocaleContext.Provider value={locale}>
          <DirectionContext.Provider value={direction}>
            <SiteDataContext.Provider value={data}>{ui}</SiteDataContext.Provider>
          </DirectionContext.Provider>
        </LocaleContext.Provider>
      </PathnameContext.Provider>
    </ChakraProvider>
  );
  return <CacheProvider value={css ? styled() : unstyled()}>{app}</CacheProvider>;
};

/** Renders UI inside the providers the app gives it: theme, the page's path, site data and language. */
export function renderWithProviders(ui: ReactElement, options?: ProviderOptions) {
  return render(withProviders(ui, options));
}

/** A block as a page file gives it, with the defaults its schema fills in, as the app loads it. */
export const loadedBlock = (block: AuthoredBlock): Block => withDefaults<Block>(BLOCK_UNION_FILE, block);

/** Renders blocks, written as in a page file, through the real registry, their defaults filled in and code loaded. */
export async function renderBlocks(blocks: AuthoredBlock[], options?: ProviderOptions) {
  const loaded = blocks.map(loadedBlock);
  await preloadBlocks(loaded.map((block) => block.type));
  return renderWithProviders(<PageRenderer blocks={loaded} />, options);
}

/**
 * Blocks as the prerender writes them, in the document, before any script has run (as a visitor first gets them), and
 * `hydrate()`, which lets React take that markup over as the browser's islands runtime does.
 */
export async function prerenderBlocks(blocks: AuthoredBlock[], options?: ProviderOptions) {
  const loaded = blocks.map(loadedBlock);
  await preloadBlocks(loaded.map((block) => block.type));
  const ui = withProviders(<PageRenderer blocks={loaded} />, options);
  // The prerender puts the page's CSS in its head. renderToString runs no insertion effect, where Emotion inserts
  // its rules: a render of the same blocks outside the document inserts them first.
  if (options?.css) render(ui, { container: document.createElement("div") }).unmount();
  const container = document.body.appendChild(document.createElement("div"));
  container.innerHTML = renderToString(ui);
  // Hydrated, the container is testing-library's to clean up; never hydrated, it is removed here.
  onTestFinished(() => container.remove());
  return { container, hydrate: () => render(ui, { container, hydrate: true }) };
}
