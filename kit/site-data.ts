import { createContext, useContext } from "react";
import type { IconName, SiteConfig } from "../contract/generated/schema-types.ts";

export interface IndustryLink {
  label: string;
  href: string;
  description: string;
  icon: IconName;
  featured: boolean;
  order: number;
}

export interface SiteData {
  site: SiteConfig;
  industries: IndustryLink[];
  leadApiUrl: string;
  /** The locale of the page, when the site has several (docs/localisation.md); absent, the site speaks British English. */
  locale?: LocaleData;
  /** The language switcher's links, when the site has several locales. */
  languages?: LocaleLink[];
}

/** One entry of the language switcher: a locale and where its version of the page is. */
export interface LocaleLink {
  code: string;
  /** The language's name in itself. */
  name: string;
  href: string;
  /** The locale of the page being shown. */
  current: boolean;
}

/**
 * The pages the chrome links to by itself, whatever site.json says: the home page, the industries' index, the contact
 * page. Its other links (menus, footer) and a page's own are led to the locale's addresses as the page is rendered.
 */
export const CHROME_PATHS = ["/", "/industries", "/contact"] as const;
export type ChromePath = (typeof CHROME_PATHS)[number];

/** What the chrome needs to know of the page's locale. */
export interface LocaleData {
  code: string;
  dir: "ltr" | "rtl";
  /**
   * This locale's address of each of the chrome's own links, where it has one. Only those: every page carries this
   * data, and a site of thousands of pages would carry the address of each.
   */
  paths: Partial<Record<ChromePath, string>>;
}

/** The address the chrome links to for a page of the default locale: its version in the page's locale, if there is one. */
export const localePath = (data: Pick<SiteData, "locale">, href: ChromePath) => data.locale?.paths[href] ?? href;

/** Site-wide data, loaded by the root route at build time and provided to the chrome and every block. */
export const SiteDataContext = createContext<SiteData | null>(null);

/** The path of the page being shown: fixed per prerendered page, since every navigation loads a new page. */
export const PathnameContext = createContext("/");

/**
 * Set while a part of the page is rendered once for many pages (renderer/chrome/RenderedOnce.tsx): it answers each
 * "is this link the current page?" and notes the question, so that the part is used again only on the pages that get
 * the same answers.
 */
export const CurrentPathQuestionsContext = createContext<((href: string, end: boolean) => boolean) | null>(null);

export function usePathname(): string {
  if (useContext(CurrentPathQuestionsContext))
    throw new Error("A part rendered once for many pages reads the page's address through useIsCurrentPath() only");
  return useContext(PathnameContext);
}

/**
 * Whether a link to `href` points at the current page, as the header marks it with aria-current: the exact path, or
 * with `end: false` also the pages under it (the home page only ever matches exactly).
 */
export function isCurrentPath(href: string, pathname: string, { end = true }: { end?: boolean } = {}): boolean {
  if (href === pathname) return true;
  return !end && href !== "/" && pathname.startsWith(`${href}/`);
}

export function useSiteData(): SiteData {
  const data = useContext(SiteDataContext);
  if (!data) throw new Error("useSiteData() must be used inside <SiteDataContext.Provider>");
  return data;
}

/** Asks whether a link points at the current page (isCurrentPath), in a way a part rendered once can note. */
export function useIsCurrentPath(): (href: string, options?: { end?: boolean }) => boolean {
  const questions = useContext(CurrentPathQuestionsContext);
  const pathname = useContext(PathnameContext);
  return (href, { end = true } = {}) => (questions ? questions(href, end) : isCurrentPath(href, pathname, { end }));
}
