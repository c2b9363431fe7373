import { configErrors, localeErrors } from "../../../contract/errors.ts";
import type { SiteLocale } from "../../../contract/locales.ts";
import { leadsOffSite, redirectsOf } from "../../../contract/redirects.ts";
import type { Check, PageLike, ValidationContext } from "../context.ts";
import { writes } from "../positions.ts";
import { type Findings, findings } from "../problems.ts";
import { routeOf } from "../routes.ts";
import { browserPath, oddSitePath, publicFile } from "../site-paths.ts";
import type { SourceFile } from "../source-file.ts";

/**
 * The links and assets each file writes, as its schema marks them (`siteRef`): an internal link leads to a page its
 * locale publishes (or to a redirect's old address, which leads to one), and its anchor to a block of that page; an
 * asset is a file under public/. A section's are checked on every page that places it, as each of them shows it.
 */
export const links: Check = (context) => {
  const found = findings(context.relative);
  // Where each redirected address leads (the redirects' own check judges them): the first redirect from it.
  const redirected = new Map<string, string>();
  for (const { from, to } of redirectsOf(context.redirects?.value)) if (!redirected.has(from)) redirected.set(from, to);
  const check = (source: SourceFile, ownPage: PageLike | undefined, locale: SiteLocale) =>
    checkFile(context, found, redirected, source, ownPage, locale);
  if (context.site) check(context.site, undefined, context.locales[0]);
  // A locale's chrome: its links stay in the locale, as its pages' do.
  for (const { source, locale } of context.localeSites) check(source, undefined, locale);
  for (const { source, page, locale } of context.pages) check(source, page, locale);
  for (const { id, source, locale } of context.sectionFiles) {
    const placing = context.pages.filter(
      (entry) => entry.placed.has(id) && context.sectionsOf(entry.locale).sources.get(id) === source,
    );
    if (placing.length === 0) check(source, undefined, locale);
    for (const { page, locale: shownIn } of placing) check(source, page, shownIn);
  }
  return found.problems;
};

function checkFile(
  { routes: table, publicDir }: ValidationContext,
  { report, reportDescribed }: Findings,
  redirected: ReadonlyMap<string, string>,
  source: SourceFile,
  ownPage: PageLike | undefined,
  locale: SiteLocale,
) {
  const paths = table.pathsIn.get(locale.code) ?? [];
  for (const { pointer, value } of source.references.filter((r) => r.kind === "link")) {
    const internal = value.startsWith("/") || value.startsWith("#");
    if (!internal) continue;
    // The same judgement as the schema's patterns, so that a path is checked as the browser will request it.
    const odd = oddSitePath(pointer, value);
    if (odd) {
      reportDescribed(source, odd);
      continue;
    }
    const hash = value.indexOf("#");
    const target = hash === -1 ? value : value.slice(0, hash);
    const anchor = hash === -1 ? "" : value.slice(hash + 1);
    const targetPath = target === "" ? (ownPage?.path as string | undefined) : browserPath(target.split("?")[0]);
    if (targetPath === undefined) continue;
    const route = routeOf(table, targetPath);
    if (!route) {
      if (!anchor && publicFile(publicDir, targetPath)) continue;
      // A page taken down leaves a redirect: links to its old address still lead somewhere, with the anchor, which
      // browsers keep across a redirect, looked for on the page it leads to.
      const to = redirected.get(targetPath.replace(/(.)\/$/, "$1"));
      if (to !== undefined) {
        const end = anchor && !leadsOffSite(to) ? routeOf(table, to) : undefined;
        if (end && !blockIds(end.page.entry.page).includes(anchor))
          report(source, pointer, configErrors.brokenAnchor, {
            href: value,
            page: to,
            ids: blockIds(end.page.entry.page),
          });
        continue;
      }
      const translated = table.translatedAt.get(`${locale.code} ${targetPath.replace(/(.)\/$/, "$1")}`);
      report(source, pointer, configErrors.brokenLink, { href: value, paths, ...(translated && { translated }) });
      continue;
    }
    if (route.locale !== locale) {
      const own = table.routes.find((other) => other.locale === locale && other.source === route.source);
      // A link the file never wrote is the schema's default (a lead form's privacy link): said so, since the fix is
      // to write the field.
      const byDefault = !writes(source, pointer);
      if (own)
        report(source, pointer, localeErrors.linkOutOfLocale, {
          href: value,
          locale: locale.code,
          localised: `${own.path}${value.slice(target.length)}`,
          ...(byDefault && { byDefault }),
        });
      else
        report(source, pointer, localeErrors.linkToUnpublished, {
          href: value,
          locale: locale.code,
          ...(byDefault && { byDefault }),
        });
      continue;
    }
    if (!anchor) continue;
    const ids = blockIds(route.page.entry.page);
    if (!ids.includes(anchor))
      report(source, pointer, configErrors.brokenAnchor, { href: value, page: targetPath, ids });
  }
  for (const { pointer, value } of source.references.filter((r) => r.kind === "asset")) {
    if (!value.startsWith("/")) continue;
    const odd = oddSitePath(pointer, value);
    if (odd) reportDescribed(source, odd);
    else if (!publicFile(publicDir, value)) report(source, pointer, configErrors.missingAsset, { src: value });
  }
}

const blockIds = (page: PageLike): string[] =>
  Array.isArray(page.blocks)
    ? page.blocks.flatMap((b: unknown) =>
        b && typeof b === "object" && typeof (b as { id?: unknown }).id === "string" ? [(b as { id: string }).id] : [],
      )
    : [];
