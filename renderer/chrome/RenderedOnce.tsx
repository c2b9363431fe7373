import { ChakraProvider } from "@chakra-ui/react";
import { type ReactElement, type ReactNode, createContext, useContext } from "react";
import { DirectionContext } from "../../kit/hooks/useDirection.ts";
import { LocaleContext } from "../../kit/locale.ts";
import { PathnameContext, type SiteData, SiteDataContext, useSiteData } from "../../kit/site-data.ts";
import { system } from "../../kit/theme.ts";

/** A part of the page, as RenderedOnce hands it to the page's renderer. */
export interface OncePart {
  /** Everything the part reads but the page's address and its holes: it is used again only where this is the same. */
  inputs: string;
  pathname: string;
  /** The page's own elements in the part, in order. */
  holes: readonly ReactNode[];
  /** The part with these elements in its holes, in the contexts it reads. */
  render: (holes: readonly ReactNode[]) => ReactElement;
}

/** The page's renderer, where it renders a part once for many pages (rendered-once.server.tsx). */
export interface PartsOfPage {
  /** What the page shows in the part's place, or null where the part is to be rendered as usual this time. */
  place(part: OncePart): ReactNode | null;
}

export const PartsOfPageContext = createContext<PartsOfPage | null>(null);

/** The site data as a part's inputs hold it (but the language switcher's links): written once for the page's parts. */
const dataInputs = new WeakMap<SiteData, string>();
function inputsOf(data: SiteData): string {
  let inputs = dataInputs.get(data);
  if (inputs === undefined) dataInputs.set(data, (inputs = JSON.stringify({ ...data, languages: undefined })));
  return inputs;
}

/**
 * A part of the page that is the same on many pages (the header, the footer): the page's renderer renders it once for
 * every page whose site data (but the language switcher's links), locale and answers to "is this link the current
 * page?" are the same, and writes its HTML and styles into each of them as a render would. The page's own elements
 * within it (the language switcher) are its holes, rendered on each page. Without a renderer that does so (the dev
 * server, the editor's preview, the tests' renders) the part is rendered as usual.
 *
 * The part reads the page's address only through useIsCurrentPath, and nothing of the page but the contexts given
 * here: what it would read otherwise would be the first page's (tests/rendered-once.test.tsx compares every kind of
 * page with its usual render).
 */
export function RenderedOnce({
  name,
  holes = [],
  children,
}: {
  /** The part's name, one per part of the page. */
  name: string;
  holes?: readonly ReactNode[];
  children: (holes: readonly ReactNode[]) => ReactElement;
}) {
  const parts = useContext(PartsOfPageContext);
  const data = useSiteData();
  const pathname = useContext(PathnameContext);
  const locale = useContext(LocaleContext);
  const direction = useContext(DirectionContext);
  const placed = parts?.place({
    // The year: the footer prints it.
    inputs: JSON.stringify([name, locale, direction, new Date().getFullYear()]) + inputsOf(data),
    pathname,
    holes,
    render: (filled) => (
      <ChakraProvider value={system}>
        <SiteDataContext.Provider value={{ ...data, languages: undefined }}>
          <LocaleContext.Provider value={locale}>
            <DirectionContext.Provider value={direction}>{children(filled)}</DirectionContext.Provider>
          </LocaleContext.Provider>
        </SiteDataContext.Provider>
      </ChakraProvider>
    ),
  });
  return placed ?? children(holes);
}
