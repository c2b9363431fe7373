import type { PageDocument } from "./generated/schema-types.ts";

/** The brand's square logo, written into the build beside the cards: structured data names it as the organisation's. */
export const LOGO_PATH = "/logo.png";
export const LOGO_SIZE = 512;

/** The size LinkedIn, Facebook, X and Slack show as a large link preview (1.91:1). */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** Where the build writes a page's preview card: `/og/<page path>.png`, the home page as `/og/index.png`. */
export const cardPath = (pagePath: string) => `/og${pagePath === "/" ? "/index" : pagePath}.png`;

/** What a page's preview card says: the heading of its first block when that block's type declares it a headline
 * (`cardHeadline` in its manifest, e.g. an industry hero), else the page title, under the first block's badge or
 * eyebrow (or the page's menu label). */
export interface CardContent {
  headline: string;
  label?: string;
}

type PageLike = Pick<PageDocument, "title" | "blocks" | "nav">;

export function cardContent(page: PageLike, cardHeadlineTypes: ReadonlySet<string>): CardContent {
  const first: { type: string; heading?: unknown; badge?: unknown; eyebrow?: unknown } = page.blocks[0];
  // Not every first heading reads alone (the home hero's is the first half of a sentence whose end rotates): the
  // block type says whether its heading does; elsewhere the title says what the page is.
  const headline = cardHeadlineTypes.has(first.type) && typeof first.heading === "string" ? first.heading : page.title;
  const label = [first.badge, first.eyebrow, page.nav?.label].find((text) => typeof text === "string");
  return typeof label === "string" ? { headline, label } : { headline };
}

/** The card's alternative text, read where the picture cannot be seen. */
export const cardAlt = (content: CardContent, brand: string) =>
  `${brand}${content.label ? ` · ${content.label}` : ""}: ${content.headline}`;
