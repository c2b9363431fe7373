/**
 * The build's share of the redirects (site-config/redirects.json, docs/pages.md#redirects): a small page at each old
 * address, for hosts that serve only files (what Hugo's aliases and Astro's redirects write), and the list of them
 * beside client/, from which `npm start`'s server answers 301 and `npm run build:nginx` writes nginx's rules. Neither
 * depends on how the pages render, so every build, full or incremental, writes them all again.
 */
import fs from "node:fs";
import path from "node:path";
import { CONFIG_DIR, type Content, loadContent } from "../../contract/content.server.ts";
import { type SiteLocale, underPrefix } from "../../contract/locales.ts";
import { REDIRECTS_FILE, type Redirect, leadsOffSite, redirectsOf } from "../../contract/redirects.ts";
import { builtRedirects, redirectsManifestOf } from "../../contract/redirects.server.ts";

/** The redirects of the content, by their old address (validation, before every build, has checked them). */
function contentRedirects(configDir: string = CONFIG_DIR): Redirect[] {
  const file = path.join(configDir, REDIRECTS_FILE);
  if (!fs.existsSync(file)) return [];
  return redirectsOf(JSON.parse(fs.readFileSync(file, "utf8")))
    .map(({ from, to }) => ({ from, to }))
    .sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
}

const manifestOf = (buildDir: string) => redirectsManifestOf(path.join(buildDir, "client"));

const escape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The locale of an address: the one whose prefix it is under, else the default. */
const localeOf = (locales: readonly SiteLocale[], address: string) =>
  locales.find((locale) => locale.prefix && underPrefix(locale.prefix, address)) ?? locales[0]!;

/**
 * The page at a redirect's old address: it sends the browser on at once (a refresh of 0 seconds), tells search engines
 * the new address is the one to keep (canonical) and not to list this one, and shows a link to the new address, in
 * the words of the old address's locale, for a browser that does not follow.
 */
export function redirectPage(content: Content, { from, to }: Redirect): string {
  const locale = localeOf(content.siteLocales, from);
  const own = content.locales.find((other) => other.locale === locale)?.site?.chrome?.moved;
  const words = { ...content.site.chrome.moved, ...own };
  const href = escape(to);
  const canonical = escape(leadsOffSite(to) ? to : `${content.site.seo.siteUrl}${to}`);
  const [before = "", after = ""] = escape(words.text).split("%s");
  return [
    "<!DOCTYPE html>",
    `<html lang="${escape(locale.code)}" dir="${locale.dir}">`,
    "<head>",
    '<meta charset="utf-8">',
    `<title>${escape(words.title)}</title>`,
    '<meta name="robots" content="noindex">',
    `<link rel="canonical" href="${canonical}">`,
    `<meta http-equiv="refresh" content="0; url=${href}">`,
    "</head>",
    "<body>",
    `<p>${before}<a href="${href}">${href}</a>${after}</p>`,
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

/** A redirect's page under client/, as a page's is written: `/winter-offer` → winter-offer/index.html. */
const pageFileOf = (client: string, from: string) => path.join(client, ...from.split("/"), "index.html");

/**
 * Removes the pages and the manifest the last build in `buildDir` wrote for its redirects (with the folders they leave
 * empty), before the pages are rendered: an address a redirect left may be a page's again.
 */
export function removeRedirectPages(buildDir: string) {
  const client = path.join(buildDir, "client");
  for (const { from } of builtRedirects(client)) {
    const file = pageFileOf(client, from);
    fs.rmSync(file, { force: true });
    let dir = path.dirname(file);
    while (dir !== client && fs.existsSync(dir) && fs.readdirSync(dir).length === 0) {
      fs.rmdirSync(dir);
      dir = path.dirname(dir);
    }
  }
  fs.rmSync(manifestOf(buildDir), { force: true });
}

/** Writes each redirect's page into `buildDir`'s client/ and the manifest beside it (none without redirects). */
export function writeRedirectPages(buildDir: string, content: Content = loadContent()) {
  const redirects = contentRedirects();
  const client = path.join(buildDir, "client");
  for (const redirect of redirects) {
    const file = pageFileOf(client, redirect.from);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, redirectPage(content, redirect));
  }
  if (redirects.length > 0) fs.writeFileSync(manifestOf(buildDir), `${JSON.stringify({ redirects }, null, 2)}\n`);
  else fs.rmSync(manifestOf(buildDir), { force: true });
}
