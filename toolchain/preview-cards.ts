/**
 * Preview cards: one 1200×630 PNG per page, drawn at build time from the page's own words with satori (layout to SVG)
 * and resvg (SVG to PNG), in the site's typeface; no browser involved. A card is rendered again only when what it
 * shows, this file or the fonts change: each PNG is cached under a hash of those inputs.
 */
import type * as ResvgModule from "@resvg/resvg-js";
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type ReactNode, createElement } from "react";
import type { PageDocument, SiteConfig } from "../contract/generated/schema-types.ts";
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  type CardContent,
  LOGO_PATH,
  LOGO_SIZE,
  cardContent,
  cardPath,
} from "../contract/preview-card.ts";
import { cardHeadlineTypes } from "../contract/generated/block-card-headlines.ts";
import { loadContent } from "../contract/content.server.ts";
import { PUBLIC_DIR, ROOT } from "./paths.ts";

const require = createRequire(import.meta.url);

/**
 * satori reads TTF, OTF and WOFF but not WOFF2, and no variable fonts; the site's variable Inter ships as WOFF2 only.
 * The static WOFF cuts of the same typeface (@fontsource/inter) are used for the cards.
 */
const FONT_WEIGHTS = [400, 600, 700] as const;
const fontFile = (weight: number) => require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`);

const COLOURS = { background: "#0b1a33", panel: "#122649", accent: "#4fd3b3", text: "#ffffff", muted: "#aec4ea" };

export interface CardBrand {
  name: string;
  host: string;
  /** The logo mark (public/favicon.svg), drawn on every card. */
  logoSvg: string;
}

export const brandOf = (site: SiteConfig, publicDir: string): CardBrand => ({
  name: site.brand.name,
  host: new URL(site.seo.siteUrl).host.replace(/^www\./, ""),
  logoSvg: fs.readFileSync(path.join(publicDir, "favicon.svg"), "utf8"),
});

const div = (style: Record<string, string | number>, ...children: ReactNode[]) =>
  createElement("div", { style: { display: "flex", ...style } }, ...children);

/** The card's layout: logo and name at the top, the page's badge and headline, the site's address at the foot. */
function cardElement(content: CardContent, brand: CardBrand) {
  const logo = createElement("img", {
    src: `data:image/svg+xml;base64,${Buffer.from(brand.logoSvg).toString("base64")}`,
    width: 72,
    height: 72,
  });
  const headlineSize = content.headline.length > 60 ? 60 : content.headline.length > 38 ? 68 : 80;
  return div(
    {
      width: "100%",
      height: "100%",
      flexDirection: "column",
      justifyContent: "space-between",
      padding: "64px 80px",
      boxSizing: "border-box",
      backgroundColor: COLOURS.background,
      backgroundImage: `linear-gradient(135deg, ${COLOURS.background} 0%, ${COLOURS.panel} 60%, #1a3567 100%)`,
      color: COLOURS.text,
      fontFamily: "Inter",
    },
    div(
      { alignItems: "center", gap: 24 },
      logo,
      div({ fontSize: 48, fontWeight: 700, letterSpacing: "-0.02em" }, brand.name),
    ),
    div(
      { flexDirection: "column", gap: 28 },
      content.label
        ? div(
            {
              alignSelf: "flex-start",
              fontSize: 28,
              fontWeight: 600,
              color: COLOURS.accent,
              border: `2px solid ${COLOURS.accent}`,
              borderRadius: 999,
              padding: "8px 24px",
            },
            content.label,
          )
        : null,
      div(
        { fontSize: headlineSize, fontWeight: 700, lineHeight: 1.1, letterSpacing: "-0.03em", maxWidth: 1040 },
        content.headline,
      ),
    ),
    div(
      { alignItems: "center", justifyContent: "space-between", fontSize: 28, color: COLOURS.muted },
      div({}, brand.host),
      div({ width: 160, height: 8, borderRadius: 4, backgroundColor: COLOURS.accent }),
    ),
  );
}

let fonts: { name: string; data: Buffer; weight: (typeof FONT_WEIGHTS)[number]; style: "normal" }[] | undefined;
const loadFonts = () =>
  (fonts ??= FONT_WEIGHTS.map((weight) => ({
    name: "Inter",
    data: fs.readFileSync(fontFile(weight)),
    weight,
    style: "normal" as const,
  })));

// satori and resvg are loaded when a card is drawn, not with this module: a build whose cards are all in the cache (an
// incremental build's, most often) does not load them (a quarter of a second).
const toPng = (svg: string, width: number) => {
  const { Resvg } = require("@resvg/resvg-js") as typeof ResvgModule;
  return new Resvg(svg, { fitTo: { mode: "width", value: width }, font: { loadSystemFonts: false } }).render().asPng();
};

/** One card as PNG bytes. */
export async function renderCard(content: CardContent, brand: CardBrand): Promise<Buffer> {
  const { default: satori } = await import("satori");
  const svg = await satori(cardElement(content, brand), { width: CARD_WIDTH, height: CARD_HEIGHT, fonts: loadFonts() });
  return toPng(svg, CARD_WIDTH);
}

/** The brand's logo mark as a square PNG, for structured data (search engines want a raster logo). */
export const renderLogo = (brand: CardBrand) => toPng(brand.logoSvg, LOGO_SIZE);

/** What every card depends on besides its own words: this file and the font files. */
let templateHash: string | undefined;
function cardTemplateHash(): string {
  if (templateHash) return templateHash;
  const hash = createHash("sha256").update(fs.readFileSync(fileURLToPath(import.meta.url)));
  for (const weight of FONT_WEIGHTS) hash.update(fs.readFileSync(fontFile(weight)));
  templateHash = hash.digest("hex");
  return templateHash;
}

export interface BuiltCard {
  /** Path under the site's root, without the leading slash, e.g. `og/industries/pet-insurance.png`. */
  fileName: string;
  /**
   * The card's file in the cache, named by the hash of what it shows: copied into a build, never held in memory (a
   * 10,000-page site's cards are hundreds of megabytes).
   */
  file: string;
  cached: boolean;
}

/**
 * A page's card as the last build placed it, when the page shows what it showed then (it was not rendered again): the
 * cache's file, or undefined to work it out again.
 */
export type KeptCard = (route: string, fileName: string) => string | undefined;

/**
 * The cards of every page that names no image of its own, plus the logo, as files of `cacheDir`: those whose inputs are
 * unchanged are there already; the others are rendered and stored there. `kept` names the cards that need no look.
 */
export async function buildPreviewCards(
  pages: Pick<PageDocument, "path" | "title" | "blocks" | "nav" | "image">[],
  brand: CardBrand,
  cacheDir: string,
  kept?: KeptCard,
): Promise<BuiltCard[]> {
  fs.mkdirSync(cacheDir, { recursive: true });
  const cached = async (key: unknown, render: () => Promise<Buffer> | Buffer) => {
    const hash = createHash("sha256").update(cardTemplateHash()).update(JSON.stringify(key)).digest("hex");
    const file = path.join(cacheDir, `${hash}.png`);
    if (fs.existsSync(file)) return { file, cached: true };
    // Written under a temporary name first, so that a build stopped midway never leaves a truncated card.
    fs.writeFileSync(`${file}.tmp`, await render());
    fs.renameSync(`${file}.tmp`, file);
    return { file, cached: false };
  };
  const cards: BuiltCard[] = [];
  for (const page of pages) {
    if (page.image) continue;
    const fileName = cardPath(page.path).slice(1);
    const keptFile = kept?.(page.path, fileName);
    if (keptFile) {
      cards.push({ fileName, file: keptFile, cached: true });
      continue;
    }
    const content = cardContent(page, cardHeadlineTypes);
    const card = await cached({ content, brand }, () => renderCard(content, brand));
    cards.push({ fileName, ...card });
  }
  const logo = await cached({ logo: brand.logoSvg }, () => renderLogo(brand));
  cards.push({ fileName: LOGO_PATH.slice(1), ...logo });
  return cards;
}

/**
 * Puts a card of the cache at `into`, a file of a build: as a second name of the cache's file (a hard link) where both
 * are on one file system, a copy where they are not or where the file system refuses (too many names for one file).
 * A name is not a copy: a 10,000-route site's 5,003 cards took 31 ms instead of 0.9–1.7 s. The file at `into` is
 * removed first, never written over: the cache's file, the same file, would change with it.
 */
export function placeCard(file: string, into: string): void {
  fs.mkdirSync(path.dirname(into), { recursive: true });
  fs.rmSync(into, { force: true });
  try {
    fs.linkSync(file, into);
  } catch {
    fs.copyFileSync(file, into);
  }
}

/**
 * Places every card of the content in the client build `client` (a full build's, as its pages render: it lets the
 * prerenderer's messages through every few hundred cards), and answers them with how long it took.
 */
export async function placeSiteCards(client: string): Promise<{ cards: BuiltCard[]; ms: number }> {
  const start = performance.now();
  const cards = await sitePreviewCards();
  for (const [index, card] of cards.entries()) {
    placeCard(card.file, path.join(client, card.fileName));
    if (index % CARDS_BETWEEN_YIELDS === CARDS_BETWEEN_YIELDS - 1)
      await new Promise((resolve) => setImmediate(resolve));
  }
  return { cards, ms: performance.now() - start };
}

const CARDS_BETWEEN_YIELDS = 256;

/**
 * Every page's preview card (and the logo PNG), from the cache when the page is unchanged (above), or as `kept` names
 * it; none with PREVIEW_CARDS=off, which measures what they cost. PREVIEW_CARDS_CACHE moves the cache (default
 * node_modules/.cache/preview-cards). A full build places them (placeSiteCards); so does an incremental build
 * (scripts/pipeline/incremental-build.ts).
 */
export async function sitePreviewCards(kept?: KeptCard): Promise<BuiltCard[]> {
  if (process.env.PREVIEW_CARDS === "off") return [];
  const { site, pages: ownPages, locales } = loadContent();
  // Each translation has its own card, in its words; a fallback shares its source's.
  const pages = [...ownPages, ...locales.flatMap((locale) => locale.pages)];
  const cacheDir = process.env.PREVIEW_CARDS_CACHE ?? path.join(ROOT, "node_modules", ".cache", "preview-cards");
  return buildPreviewCards(pages, brandOf(site, PUBLIC_DIR), cacheDir, kept);
}
