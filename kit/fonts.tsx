import { TYPEFACE_WEIGHTS, UNICODE_RANGE } from "../contract/typeface.ts";
import interLatin from "./fonts/inter-latin-variable.woff2?url";

/**
 * The site's typeface: Inter, one variable file for every weight the theme sets, cut to the characters the site writes
 * (contract/typeface.ts; `npm run font` makes the file). Self-hosted, so no other origin is contacted; preloaded, so it
 * is usually there before the first paint.
 *
 * Until it arrives (font-display: swap), text is set in "Inter Fallback": the visitor's Arial (or its metric twin,
 * Liberation Sans), scaled to Inter's width and given Inter's vertical metrics, so that swapping fonts moves (almost)
 * nothing. Inter widens with its weight much more than Arial does, so each weight the theme sets has its own fallback
 * face: Arial for 400 and 500, Arial Bold from 600, each scaled by Inter's width at that weight ÷ the Arial face's
 * width, both measured in Chromium over every string in site-config/. Ascent and descent are Inter's (unitsPerEm 2048,
 * ascender 1984, descender −494, no line gap) ÷ that scale, so every line keeps Inter's height.
 */
const FALLBACK_FACES = [
  { weight: 400, bold: false, widthRatio: 1.0676 },
  { weight: 500, bold: false, widthRatio: 1.0785 },
  { weight: 600, bold: true, widthRatio: 1.0112 },
  { weight: 700, bold: true, widthRatio: 1.021 },
  { weight: 800, bold: true, widthRatio: 1.0331 },
  { weight: 900, bold: true, widthRatio: 1.0465 },
];
const INTER_ASCENT = 1984 / 2048;
const INTER_DESCENT = 494 / 2048;
const percent = (value: number) => `${(value * 100).toFixed(2)}%`;
const arialFaces = (bold: boolean) =>
  bold
    ? 'local("Arial Bold"),local("Arial-BoldMT"),local("Liberation Sans Bold"),local("LiberationSans-Bold"),local("Arimo Bold")'
    : 'local("Arial"),local("ArialMT"),local("Liberation Sans"),local("LiberationSans"),local("Arimo")';

export const FONT_STACK = '"Inter Variable", "Inter Fallback"';

const fontFaces =
  `@font-face{font-family:"Inter Variable";font-style:normal;font-display:swap;font-weight:${TYPEFACE_WEIGHTS.min} ${TYPEFACE_WEIGHTS.max};` +
  `src:url(${interLatin}) format("woff2");unicode-range:${UNICODE_RANGE}}` +
  FALLBACK_FACES.map(
    ({ weight, bold, widthRatio }) =>
      `@font-face{font-family:"Inter Fallback";font-weight:${weight};src:${arialFaces(bold)};size-adjust:${percent(widthRatio)};` +
      `ascent-override:${percent(INTER_ASCENT / widthRatio)};descent-override:${percent(INTER_DESCENT / widthRatio)};line-gap-override:0%}`,
  ).join("");

/** The preload and the @font-face rules, for the document's <head>. */
export function FontFaces() {
  return (
    <>
      <link rel="preload" href={interLatin} as="font" type="font/woff2" crossOrigin="anonymous" />
      <style>{fontFaces}</style>
    </>
  );
}
