import { createContext, useContext } from "react";
import type { IconName, SiteConfig } from "./generated/schema-types.ts";

export interface IndustryLink {
  label: string;
  href: string;
  description: string;
  icon?: IconName;
  featured: boolean;
  order: number;
}

export interface SiteData {
  site: SiteConfig;
  industries: IndustryLink[];
  leadApiUrl: string;
}

/** Site-wide data, loaded by the root route at build time and provided to the chrome and every block. */
export const SiteDataContext = createContext<SiteData | null>(null);

export function useSiteData(): SiteData {
  const data = useContext(SiteDataContext);
  if (!data) throw new Error("useSiteData() must be used inside <SiteDataContext.Provider>");
  return data;
}
