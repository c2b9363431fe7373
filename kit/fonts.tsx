import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";

/**
 * The site's typeface: Inter, one variable file for every weight, in its Latin subset (the characters the site's text
 * uses: tests/fonts.test.ts checks that every character in site-config/ is in UNICODE_RANGE). Self-hosted, so no other
 * origin is contacted; preloaded, so it is usually there before the first paint.
 *
 * Until it arrives (font-display: swap), text is set in "Inter Fallback": the visitor's Arial (or its metric twin,
 * Liberation Sans) scaled and given Inter's vertical metrics, so that swapping fonts moves nothing. The numbers come
 * from Inter's own tables (unitsPerEm 2048, ascender 1984, descender −494, no line gap) and the width of an average
 * English letter in each font: size-adjust = Inter width ÷ Arial width; ascent and descent = Inter's ÷ size-adjust.
 */
export const UNICODE_RANGE =
  "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD";

export const FONT_STACK = '"Inter Variable", "Inter Fallback"';

const fontFaces =
  `@font-face{font-family:"Inter Variable";font-style:normal;font-display:swap;font-weight:100 900;` +
  `src:url(${interLatin}) format("woff2");unicode-range:${UNICODE_RANGE}}` +
  `@font-face{font-family:"Inter Fallback";src:local("Arial"),local("ArialMT"),local("Liberation Sans"),local("LiberationSans"),local("Arimo");` +
  `size-adjust:107.21%;ascent-override:90.36%;descent-override:22.5%;line-gap-override:0%}`;

/** The preload and the @font-face rules, for the document's <head>. */
export function FontFaces() {
  return (
    <>
      <link rel="preload" href={interLatin} as="font" type="font/woff2" crossOrigin="anonymous" />
      <style>{fontFaces}</style>
    </>
  );
}
