import { Box, ChakraProvider, Heading, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import {
  Links,
  Meta,
  Outlet,
  isRouteErrorResponse,
  useLoaderData,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { FOOTER_ID } from "./chrome/Footer.tsx";
import { PageFrame } from "./chrome/PageFrame.tsx";
import { FontFaces } from "../kit/fonts.tsx";
import { getSite, industryLinks } from "./content/pages.server.ts";
import { siteForPath } from "./content/locale-data.server.ts";
import { languageLinks } from "./content/language-links.server.ts";
import { DEFAULT_LOCALE_CODE } from "../contract/locales.ts";
import { IslandContextScript, islandContext } from "../kit/islands/Island.tsx";
import { IslandScripts } from "./islands/IslandScripts.tsx";
import { noScriptCss } from "./generated/block-no-script.ts";
import type { SiteData } from "../kit/site-data.ts";
import { system } from "../kit/theme.ts";

export function loader({ request }: { request: Request }): SiteData {
  const { site, locale } = siteForPath(getSite(), new URL(request.url).pathname);
  return {
    site,
    industries: industryLinks(locale?.code),
    // Fixed at build time: the prerendered pages carry the API's address.
    leadApiUrl: import.meta.env.VITE_LEAD_API_URL || site.leadApi.baseUrl,
    ...(locale ? { locale, languages: languageLinks(new URL(request.url).pathname) } : {}),
  };
}

export function Layout({ children }: { children: ReactNode }) {
  const locale = useRouteLoaderData<typeof loader>("root")?.locale;
  return (
    <html lang={locale?.code ?? DEFAULT_LOCALE_CODE} dir={locale?.dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#122649" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <FontFaces />
        {/* The first paint waits until the page's content is parsed (up to the footer). A page is small, so this costs
            little; without it a slow phone paints a half-parsed page whose content then shifts as the rest arrives. */}
        <link rel="expect" href={`#${FOOTER_ID}`} blocking="render" />
        <Meta />
        <Links />
        {noScriptCss ? (
          <noscript>
            <style>{noScriptCss}</style>
          </noscript>
        ) : null}
        <IslandScripts />
      </head>
      <body>
        <ChakraProvider value={system}>{children}</ChakraProvider>
      </body>
    </html>
  );
}

/**
 * React Router renders the pages at build time only. In the browser, each page is static HTML in which the blocks that
 * move are hydrated as islands (entry.client.tsx); links are ordinary page loads.
 */
export default function App() {
  const data = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  return (
    <>
      <PageFrame data={data} pathname={pathname}>
        <Outlet />
      </PageFrame>
      <IslandContextScript context={islandContext(data, pathname)} />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <Box as="main" maxW="3xl" mx="auto" px="6" py="24" role="alert">
      <Heading as="h1" size="2xl" mb="4">
        Unexpected Application Error!
      </Heading>
      <Text as="pre" whiteSpace="pre-wrap" color="fg.muted" fontFamily="mono">
        {detail}
      </Text>
    </Box>
  );
}
