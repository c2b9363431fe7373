import { allPaths, getSite, pagesLastModified } from "../content/pages.server.ts";

/** sitemap.xml, generated from the page documents at build time (prerendered to a static file). */
export function loader() {
  const { siteUrl } = getSite().seo;
  const lastmod = pagesLastModified();
  const urls = allPaths()
    .map((path) => `  <url><loc>${siteUrl}${path}</loc><lastmod>${lastmod.get(path)}</lastmod></url>`)
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
