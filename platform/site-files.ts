import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { catalogueError, leadApiErrors } from "../contract/errors.ts";
import { locationOf } from "../contract/redirects.ts";
import { builtRedirects, redirectsManifestOf } from "../contract/redirects.server.ts";
import { pagePolicy, type CspOptions } from "./site-policy.ts";

/**
 * A built site's files as its servers find them (npm start's, a review request's preview in the team editor; nginx
 * repeats the rules, server/site/static-site.ts and deploy/nginx.conf): which file answers an address, and with
 * which policy and cache.
 */

export interface StaticSiteOptions extends CspOptions {
  siteDir: string;
}

/** A response held in memory: pages are small and served often. */
export interface MemoryFile {
  body: Buffer;
  etag: string;
  contentType: string;
  csp: string;
  /** The file's size and modification time when it was read. */
  stamp: string;
}

const HTML_CONTENT_TYPE = "text/html; charset=utf-8";
/** Pages change with every deploy under the same URL: always revalidate. */
export const REVALIDATE = "no-cache";
/**
 * Vite fingerprints everything under /assets/, and the build names the files it makes of pictures, under /_img/
 * (IMAGE_FILES_PATH of imaging/renditions.ts), by their content: a URL there never changes content.
 */
const IMMUTABLE = "public, max-age=31536000, immutable";
const IMMUTABLE_FOLDERS = ["/assets/", "/_img/"];
/** Unhashed public files (favicon, images, video): cache briefly, then revalidate. */
const SHORT = "public, max-age=3600, must-revalidate";

function walk(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full, base);
    return [path.relative(base, full).split(path.sep).join("/")];
  });
}

const stampOf = (stat: { size: number; mtimeMs: number }) => `${stat.size}:${stat.mtimeMs}`;

/** A prerendered page as read from `file`, with its CSP. */
function readPage(file: string, options: CspOptions, stamp = stampOf(statSync(file))): MemoryFile {
  const body = readFileSync(file);
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  return { body, etag, contentType: HTML_CONTENT_TYPE, csp: pagePolicy(body.toString("utf8"), options), stamp };
}

/** Maps a URL path to the prerendered page that answers it: `/` → index.html, `/about` → about/index.html. */
function pagePath(file: string): string | undefined {
  if (file === "index.html") return "/";
  if (file.endsWith("/index.html")) return `/${file.slice(0, -"/index.html".length)}`;
  return undefined;
}

export function loadSite(options: StaticSiteOptions) {
  const { siteDir } = options;
  if (!existsSync(path.join(siteDir, "index.html"))) {
    throw catalogueError(leadApiErrors.siteMissing, { dir: siteDir });
  }
  const pages = new Map<string, MemoryFile>();
  const files = new Set<string>();
  for (const file of walk(siteDir)) {
    const page = pagePath(file);
    if (page !== undefined) {
      pages.set(page, readPage(path.join(siteDir, file), options));
    } else {
      files.add(`/${file}`);
    }
  }
  const notFound = pages.get("/404");
  if (!notFound) throw catalogueError(leadApiErrors.notFoundPageMissing, { dir: siteDir });
  // A locale's own not-found page (/de/404, under its one-segment prefix) answers for the addresses under the prefix;
  // like /404, none is a page.
  const localeNotFound = new Map<string, MemoryFile>();
  for (const [page, file] of pages)
    if (/^\/[^/]+\/404$/.test(page)) {
      localeNotFound.set(page.slice(0, -"/404".length), file);
      pages.delete(page);
    }
  pages.delete("/404");
  /** The not-found page for `urlPath`: its locale's, by the longest prefix it is under, else the default's. */
  const notFoundFor = (urlPath: string) => {
    let found: [string, MemoryFile] | undefined;
    for (const entry of localeNotFound)
      if ((urlPath === entry[0] || urlPath.startsWith(`${entry[0]}/`)) && entry[0].length > (found?.[0].length ?? 0))
        found = entry;
    return found?.[1] ?? notFound;
  };
  return { pages, files, notFound, localeNotFound, notFoundFor };
}

/** The file under `siteDir` that `urlPath` names, when it is one there; undefined when the path leaves the folder. */
function fileUnder(siteDir: string, urlPath: string) {
  const file = path.resolve(siteDir, `.${urlPath}`);
  if (!file.startsWith(siteDir + path.sep)) return undefined;
  try {
    const stat = statSync(file, { throwIfNoEntry: false });
    return stat?.isFile() ? { file, stat } : undefined;
  } catch {
    // A name the file system refuses (a NUL byte): no such file.
    return undefined;
  }
}

/** A built site's pages and files, as an address finds them (`liveSite`, `pagesOnDemand`). */
export interface SitePages {
  /** Where a redirect of the content (site-config/redirects.json) sends `urlPath`, if one does. */
  redirect: (urlPath: string) => string | undefined;
  page: (urlPath: string) => MemoryFile | undefined;
  hasFile: (urlPath: string) => boolean;
  notFoundFor: (urlPath: string) => MemoryFile;
}

/**
 * The new address of each of the build's redirects, by its old one, read again when the list changes (a build made
 * while the server runs).
 */
function redirectsBeside(siteDir: string): (urlPath: string) => string | undefined {
  let kept = { stamp: "", to: new Map<string, string>() };
  return (urlPath) => {
    const stat = statSync(redirectsManifestOf(siteDir), { throwIfNoEntry: false });
    const stamp = stat ? stampOf(stat) : "";
    if (stamp !== kept.stamp)
      try {
        kept = { stamp, to: new Map(builtRedirects(siteDir).map(({ from, to }) => [from, to])) };
      } catch {
        // Being written: the next request reads it again.
      }
    return kept.to.get(urlPath);
  };
}

const isNotFoundPage = (urlPath: string) => urlPath === "/404" || /^\/[^/]+\/404$/.test(urlPath);

/**
 * The site as the build on disk has it now. A build made while the server runs (`npm run build` beside `npm start`)
 * is served without a restart: each page is checked against its file when asked for (one stat), read again when it
 * changed, dropped when it is gone, and read in when a build made it since; a file the server did not know of is
 * looked for on disk. The not-found pages are read again with the home page, which every build writes.
 */
export function liveSite(options: StaticSiteOptions): SitePages {
  const siteDir = path.resolve(options.siteDir);
  let site = loadSite(options);
  function page(urlPath: string): MemoryFile | undefined {
    if (isNotFoundPage(urlPath)) return undefined;
    const found = fileUnder(siteDir, path.posix.join(urlPath, "index.html"));
    if (!found) {
      site.pages.delete(urlPath);
      return undefined;
    }
    const kept = site.pages.get(urlPath);
    if (kept?.stamp === stampOf(found.stat)) return kept;
    const read = readPage(found.file, options, stampOf(found.stat));
    site.pages.set(urlPath, read);
    // The home page changed: a new build, read whole, its not-found pages with it (the last one kept if it is
    // half-written).
    if (urlPath === "/")
      try {
        site = loadSite(options);
      } catch {
        // Being written: the next request reads it again.
      }
    return read;
  }
  function hasFile(urlPath: string): boolean {
    if (site.files.has(urlPath)) return true;
    const found = fileUnder(siteDir, urlPath);
    if (!found || path.basename(found.file) === "index.html") return false;
    site.files.add(urlPath);
    return true;
  }
  return {
    redirect: redirectsBeside(siteDir),
    page,
    hasFile,
    notFoundFor: (urlPath: string) => site.notFoundFor(urlPath),
  };
}

/**
 * A build that never changes under its folder (a review request's preview: a new build is a new folder), read a page
 * at a time as it is asked for rather than whole, since a server may hold many: the same pages, files and not-found
 * pages as `liveSite` finds.
 */
export function pagesOnDemand(options: StaticSiteOptions): SitePages {
  const siteDir = path.resolve(options.siteDir);
  const read = new Map<string, MemoryFile | null>();
  const pageAt = (urlPath: string) => {
    let kept = read.get(urlPath);
    if (kept === undefined) {
      const found = fileUnder(siteDir, path.posix.join(urlPath, "index.html"));
      kept = found ? readPage(found.file, options, stampOf(found.stat)) : null;
      read.set(urlPath, kept);
    }
    return kept ?? undefined;
  };
  const notFound = () => {
    const page = pageAt("/404");
    if (!page) throw catalogueError(leadApiErrors.notFoundPageMissing, { dir: siteDir });
    return page;
  };
  return {
    redirect: redirectsBeside(siteDir),
    page: (urlPath) => (isNotFoundPage(urlPath) ? undefined : pageAt(urlPath)),
    hasFile: (urlPath) => {
      const found = fileUnder(siteDir, urlPath);
      return found !== undefined && path.basename(found.file) !== "index.html";
    },
    // A locale's prefix is one segment: its own not-found page, when the build has one, else the default's.
    notFoundFor: (urlPath) => {
      const prefix = /^\/[^/]+/.exec(urlPath)?.[0];
      return (prefix && pageAt(`${prefix}/404`)) || notFound();
    },
  };
}

/** What a GET of an address answers on a built site, by the rules every server of it follows (and nginx repeats). */
export type SiteAnswer =
  | { kind: "redirect"; location: string }
  | { kind: "page"; page: MemoryFile }
  | { kind: "file"; urlPath: string; cacheControl: string }
  | { kind: "not-found"; page: MemoryFile };

/**
 * The answer to `url` (path and query, as requested): a path ending in `/` redirected without it, a redirect of the
 * content to its new address (the query kept, as a trailing slash's redirect keeps it), a page from its index.html, a
 * file as it is (its Cache-Control by its folder), the not-found page for the rest.
 */
export function siteAnswer(site: SitePages, url: string): SiteAnswer {
  const [rawPath, query = ""] = url.split(/\?(.*)/s, 2);
  const notFound = (): SiteAnswer => ({ kind: "not-found", page: site.notFoundFor(rawPath) });
  let urlPath: string;
  try {
    urlPath = decodeURIComponent(rawPath);
  } catch {
    return notFound();
  }
  if (urlPath.length > 1 && urlPath.endsWith("/")) {
    const target = urlPath.replace(/\/+$/, "") || "/";
    // A protocol-relative target ("//evil.example") would leave the site.
    if (target.startsWith("//")) return notFound();
    return { kind: "redirect", location: encodeURI(target) + (query ? `?${query}` : "") };
  }
  // Before the page: the build writes one at a redirect's old address, for hosts that serve only files.
  const to = site.redirect(urlPath);
  if (to !== undefined) return { kind: "redirect", location: locationOf(to) + (query ? `?${query}` : "") };
  const page = site.page(urlPath);
  if (page) return { kind: "page", page };
  if (site.hasFile(urlPath)) {
    const immutable = IMMUTABLE_FOLDERS.some((folder) => urlPath.startsWith(folder));
    return { kind: "file", urlPath, cacheControl: immutable ? IMMUTABLE : SHORT };
  }
  return notFound();
}
