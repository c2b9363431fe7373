import {
  allPaths,
  allRoutes,
  alternatesOfPage,
  getRoute,
  getSite,
  pagesLastModified,
  siteLocaleList,
} from "../content/pages.server.ts";
import { hreflangLinks } from "../content/share.server.ts";

/**
 * sitemap.xml, generated from the page documents at build time (prerendered to a static file). On a site in several
 * languages every page lists its versions in each locale (`xhtml:link`, as its head does with hreflang), and the pages
 * a locale shows from another (fallbacks, noindex) are left out.
 */
export function loader() {
  const { siteUrl } = getSite().seo;
  const lastmod = pagesLastModified();
  const multilingual = siteLocaleList().length > 1;
  const routes = allRoutes();
  const own = multilingual ? routes.filter((route) => route.kind !== "fallback") : [];
  const urls = (multilingual ? own.map((route) => route.path).sort() : allPaths())
    .map((path) => {
      const url = `  <url><loc>${siteUrl}${path}</loc><lastmod>${lastmod.get(path)}</lastmod>`;
      if (!multilingual) return `${url}</url>`;
      const { source } = getRoute(path)!;
      const links = hreflangLinks(alternatesOfPage(source), siteUrl).map(
        ({ hreflang, href }) => `\n    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${href}"/>`,
      );
      return `${url}${links.join("")}\n  </url>`;
    })
    .join("\n");
  const namespaces = `xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${multilingual ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : ""}`;
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ${namespaces}>\n${urls}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
