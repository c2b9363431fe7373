import { getSite } from "../content/pages.server.ts";

/** robots.txt: everything may be crawled; the sitemap says what there is. */
export function loader() {
  const body = `User-agent: *\nAllow: /\n\nSitemap: ${getSite().seo.siteUrl}/sitemap.xml\n`;
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
