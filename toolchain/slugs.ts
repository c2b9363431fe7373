/** How pages are named: pure code, shared by `npm run new:page`, its scaffold and the page editor's browser app. */

/** The last part of a page's address and its file name: lower-case words joined by hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The slug that a page's name suggests: "Home & Contents" → "home-and-contents". */
export const slugify = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** The address of a page beside `pagePath`, named `slug`: "/industries/pet-insurance" → "/industries/<slug>". */
export const siblingPath = (pagePath: string, slug: string) => `${pagePath.replace(/\/[^/]*$/, "")}/${slug}`;
