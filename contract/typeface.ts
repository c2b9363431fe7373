/**
 * The site's typeface file: Inter's variable Latin file cut down to the characters and weights the site sets, so the
 * one file every first view preloads is as small as it can be. `npm run font` writes TYPEFACE_FILE from these numbers;
 * tests/fonts.test.ts checks that the file holds every character of UNICODE_RANGE and that site-config/ writes no other.
 */

/** Where the subset lives: committed, as an asset the client build hashes and serves. */
export const TYPEFACE_FILE = "kit/fonts/inter-latin-variable.woff2";

/** The source: @fontsource-variable/inter's Latin file, every weight from 100 to 900. */
export const TYPEFACE_SOURCE = "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2";

/** The theme sets weights from normal (400) to black (900); lighter weights are cut from the file. */
export const TYPEFACE_WEIGHTS = { min: 400, max: 900 } as const;

/**
 * Printable ASCII, Latin-1 (accented letters of Western European names and places, £, ·, ×), a few letters beyond it
 * (ı, Œ, œ), spacing accents, and the typographic punctuation marketers paste: curly quotes, dashes, ellipsis, bullet,
 * primes, angle quotes, €, ™, the up and down arrows and the minus sign (all within the source file). Any other character is set in the fallback face.
 */
export const UNICODE_RANGE =
  "U+0020-007E,U+00A0-00FF,U+0131,U+0152-0153,U+02C6,U+02DA,U+02DC,U+2009,U+200B,U+2013-2014,U+2018-201A,U+201C-201E,U+2022,U+2026,U+2032-2033,U+2039-203A,U+20AC,U+2122,U+2191,U+2193,U+2212";

/** Every code point UNICODE_RANGE names. */
export function unicodeRangeCodePoints(range: string = UNICODE_RANGE): number[] {
  return range.split(",").flatMap((part) => {
    const [from, to = from] = part.replace(/^U\+/, "").split("-");
    const first = parseInt(from, 16);
    return Array.from({ length: parseInt(to, 16) - first + 1 }, (_, index) => first + index);
  });
}
