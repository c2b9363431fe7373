// @vitest-environment node
import { Box, ChakraProvider, Heading, Text } from "@chakra-ui/react";
import { CacheProvider } from "@emotion/react";
import createEmotionServer from "@emotion/server/create-instance";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PageFrame } from "../renderer/chrome/PageFrame.tsx";
import { PartsOfPageContext, RenderedOnce } from "../renderer/chrome/RenderedOnce.tsx";
import { createEmotionCache } from "../renderer/emotion.ts";
import { PageParts, keptParts } from "../renderer/rendered-once.server.tsx";
import { type SiteData, useIsCurrentPath, usePathname } from "../kit/site-data.ts";
import { system } from "../kit/theme.ts";
import { siteData } from "./render.tsx";

/** A page's HTML and the style tags extracted for it, as the page's renderer writes them (entry.server.tsx). */
function renderPage(page: ReactElement, parts?: (cache: ReturnType<typeof createEmotionCache>) => PageParts) {
  const cache = createEmotionCache();
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const pageParts = parts?.(cache) ?? null;
  const rendered = renderToString(
    <CacheProvider value={cache}>
      <PartsOfPageContext.Provider value={pageParts}>
        <ChakraProvider value={system}>{page}</ChakraProvider>
      </PartsOfPageContext.Provider>
    </CacheProvider>,
  );
  const html = pageParts ? pageParts.fill(rendered) : rendered;
  return `${constructStyleTagsFromChunks(extractCriticalToChunks(html))}${html}`;
}

/** A page of the shipped chrome around content of its own, some of it styled as the footer is. */
const framed = (data: SiteData, pathname: string, title: string) => (
  <PageFrame data={data} pathname={pathname}>
    <Box as="section" bg="bg.inverted" color="fg.invertedMuted" pt="16" pb="8">
      <Heading as="h1">{title}</Heading>
      <Text fontSize="sm">{pathname}</Text>
    </Box>
  </PageFrame>
);

const english = siteData();
const german = siteData({
  site: { ...english.site, chrome: { ...english.site.chrome, languages: "Sprache" } },
  locale: { code: "de-DE", dir: "ltr", paths: { "/": "/de", "/industries": "/de/branchen" } },
  languages: [
    { code: "en-GB", name: "English", href: "/industries/pet-insurance", current: false },
    { code: "de-DE", name: "Deutsch", href: "/de/branchen/tierversicherung", current: true },
  ],
});
const germanWith = (href: string) => ({
  ...german,
  languages: german.languages!.map((link) => (link.current ? { ...link, href } : link)),
});

/**
 * Pages in the order a prerenderer meets them: several of each kind, so that each is rendered both before and after
 * its parts were rendered once: the home page, pages that mark a menu's entry or a whole menu current, pages that
 * mark none, and German pages whose language switchers differ.
 */
const PAGES: [string, SiteData, string][] = [
  ["/", english, "Home"],
  ["/industries/pet-insurance", english, "Pet insurance"],
  ["/about", english, "About"],
  ["/", english, "Home again"],
  ["/industries/home-emergency-insurance", english, "Home emergency"],
  ["/industries/pet-insurance", english, "Pet insurance again"],
  ["/industries", english, "Industries"],
  ["/privacy", english, "Privacy"],
  ["/de/branchen/tierversicherung", german, "Tierversicherung"],
  ["/de/kontakt", germanWith("/de/kontakt"), "Kontakt"],
  ["/de/branchen/tierversicherung", german, "Tierversicherung, wieder"],
  ["/de/impressum", germanWith("/de/impressum"), "Impressum"],
];

describe("a part of the page rendered once for many pages", () => {
  it("writes every page byte for byte as its usual render does, styles included, before and after it is kept", () => {
    const kept = keptParts();
    const parts = (cache: ReturnType<typeof createEmotionCache>) => new PageParts(cache, kept);
    for (const [pathname, data, title] of PAGES) {
      const page = framed(data, pathname, title);
      expect(renderPage(page, parts), pathname).toBe(renderPage(page));
    }
  });

  it("renders a part once for the pages that show it alike, and again where a page's answers differ", () => {
    const renders: string[] = [];
    /** A part that marks a link to /b, counting its renders by the page it was rendered for. */
    function Marks({ page }: { page: string }) {
      renders.push(page);
      return <Text>{useIsCurrentPath()("/b") ? "at /b" : "elsewhere"}</Text>;
    }
    const page = (pathname: string) => (
      <PageFrame data={english} pathname={pathname}>
        <RenderedOnce name="marks">{() => <Marks page={pathname} />}</RenderedOnce>
      </PageFrame>
    );
    const kept = keptParts();
    const shown = ["/a", "/b", "/c", "/b", "/d"].map((pathname) =>
      renderPage(page(pathname), (cache) => new PageParts(cache, kept)).includes("at /b"),
    );
    expect(shown).toEqual([false, true, false, true, false]);
    // Each first page of an answer renders the part as usual, then alone for the next pages.
    expect(renders).toEqual(["/a", "/a", "/b", "/b"]);
  });

  /*
   * Emotion names a class by a hash: one in about two thousand reads as an integer, and an object lists such keys
   * first, whenever they were added. The part's styles are replayed in the order its render first inserted them.
   */
  it("writes a page byte for byte where a class of the part after its hole reads as an integer", () => {
    // Found by trying widths one after the other.
    const widthWithIntegerClass = "1229px";
    expect(renderPage(<Box w={widthWithIntegerClass} />)).toMatch(/class="css-\d+"/);
    const page = (
      <PageFrame data={english} pathname="/a">
        <RenderedOnce
          name="integer"
          holes={[
            // A style of its own, then one the part inserted before its hole.
            <Box key="own">
              <Box color="fg.muted" />
              <Box color="blue.500" />
            </Box>,
          ]}
        >
          {([own]) => (
            <Box>
              <Box color="red.500" />
              <Box color="blue.500" />
              {own}
              <Box w={widthWithIntegerClass} />
            </Box>
          )}
        </RenderedOnce>
      </PageFrame>
    );
    const kept = keptParts();
    const usual = renderPage(page);
    for (let time = 0; time < 2; time++) expect(renderPage(page, (cache) => new PageParts(cache, kept))).toBe(usual);
  });

  it("fails loudly where a part reads the page's address other than through useIsCurrentPath", () => {
    const ReadsAddress = () => <Text>{usePathname()}</Text>;
    const page = (
      <PageFrame data={english} pathname="/a">
        <RenderedOnce name="address">{() => <ReadsAddress />}</RenderedOnce>
      </PageFrame>
    );
    expect(() => renderPage(page, (cache) => new PageParts(cache, keptParts()))).toThrow(
      "A part rendered once for many pages reads the page's address through useIsCurrentPath() only",
    );
  });

  it("fails loudly where a part does not show each of its holes once", () => {
    const page = (
      <PageFrame data={english} pathname="/a">
        <RenderedOnce name="holes" holes={[<Text key="own">own</Text>]}>
          {() => <Text>no hole</Text>}
        </RenderedOnce>
      </PageFrame>
    );
    expect(() => renderPage(page, (cache) => new PageParts(cache, keptParts()))).toThrow(
      "A part rendered once shows each of its 1 holes once: it showed 0",
    );
  });
});
