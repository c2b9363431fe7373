import { Box } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { DEFAULT_LOCALE_CODE } from "../../contract/locales.ts";
import { DirectionContext } from "../../kit/hooks/useDirection.ts";
import { LocaleContext } from "../../kit/locale.ts";
import { PathnameContext, type SiteData, SiteDataContext } from "../../kit/site-data.ts";
import { Footer } from "./Footer.tsx";
import { Header } from "./Header.tsx";
import { LanguageSwitcher } from "./LanguageSwitcher.tsx";
import { RenderedOnce } from "./RenderedOnce.tsx";

/**
 * A page around its content: the contexts the chrome and the blocks read, the header, `main` and the footer. The
 * header and the footer are rendered once for the pages that show them alike (RenderedOnce.tsx).
 */
export function PageFrame({ data, pathname, children }: { data: SiteData; pathname: string; children: ReactNode }) {
  return (
    <SiteDataContext.Provider value={data}>
      <PathnameContext.Provider value={pathname}>
        {/* The page's language and direction, as <html lang dir> gives them to the islands when they hydrate
            (islands/hydrate.tsx): the prerendered numbers and dates must be the ones hydration writes. */}
        <LocaleContext.Provider value={data.locale?.code ?? DEFAULT_LOCALE_CODE}>
          <DirectionContext.Provider value={data.locale?.dir ?? "ltr"}>
            <RenderedOnce name="header" holes={[<LanguageSwitcher />]}>
              {([languageSwitcher]) => <Header languageSwitcher={languageSwitcher} />}
            </RenderedOnce>
            <Box as="main" id="main" pt={{ base: "64px", lg: "72px" }}>
              {children}
            </Box>
            <RenderedOnce name="footer">{() => <Footer />}</RenderedOnce>
          </DirectionContext.Provider>
        </LocaleContext.Provider>
      </PathnameContext.Provider>
    </SiteDataContext.Provider>
  );
}
