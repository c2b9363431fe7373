/**
 * The links of a page shown in a locale from another locale's words (a fallback page, docs/localisation.md): each
 * `href` to a page of the site leads to that page's address in the locale shown, where the locale has one, so that a
 * visitor who follows it stays in their language. Anchors and queries are kept; other links are left as they are.
 */
export function withLocaleLinks<T>(value: T, paths: Readonly<Record<string, string>>): T {
  if (Array.isArray(value)) return value.map((item: unknown) => withLocaleLinks(item, paths)) as T;
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key === "href" && typeof item === "string" ? localeHref(item, paths) : withLocaleLinks(item, paths),
    ]),
  ) as T;
}

/** `href` with its path replaced by the locale's address of it; an anchor of the same page or another site's link as is. */
export function localeHref(href: string, paths: Readonly<Record<string, string>>): string {
  if (!href.startsWith("/") || href.startsWith("//")) return href;
  const end = href.search(/[?#]/);
  const [target, rest] = end === -1 ? [href, ""] : [href.slice(0, end), href.slice(end)];
  const localised = paths[target] ?? paths[target.replace(/\/$/, "")];
  return localised === undefined ? href : `${localised}${rest}`;
}
