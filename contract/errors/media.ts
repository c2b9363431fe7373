/** Pictures (docs/media.md): what validation, the build and the editor's upload say about an image file. */
import { closest } from "../levenshtein.ts";
import { didYouMean, entry } from "./entry.ts";

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;
const megapixels = (pixels: number) => `${Math.round(pixels / 1_000_000)} megapixels`;

/**
 * An image file refused, or an image reference that leads nowhere: the same words wherever the file is met. The editor
 * answers an upload it refuses with the entry's status.
 */
export const mediaErrors = {
  missingImage: entry<{ src: string; known: readonly string[] }>({
    code: "IMG001",
    title: "Image that does not exist",
    message: ({ src, known }) =>
      `image '${src}' does not exist${didYouMean(closest(src, known), known.length ? "" : " — public/media/ holds no image")}`,
    hint: "Put the file under public/media/ (or pick it in the editor's media library), or correct the path: it starts with '/media/' and names the file with its extension.",
  }),
  notAnImage: entry<{ file: string }>({
    code: "IMG002",
    status: 400,
    title: "File that is not an image",
    message: ({ file }) => `'${file}' is not an image the site can read: its bytes are no JPEG, PNG, WebP, AVIF or SVG`,
    hint: "Export the picture again from the program that made it, as JPEG (photos) or PNG (logos, screenshots), and replace the file.",
  }),
  wrongExtension: entry<{ file: string; holds: string; named: string }>({
    code: "IMG003",
    status: 400,
    title: "Image whose name says another format",
    message: ({ file, holds, named }) => `'${file}' is named .${named} but holds a ${holds} image`,
    hint: "Rename the file to the extension of what it holds (browsers and the image pipeline go by its bytes, people and servers by its name), or export it again in the format its name says.",
  }),
  tooManyPixels: entry<{ file: string; width: number; height: number; limit: number }>({
    code: "IMG004",
    status: 400,
    title: "Image with too many pixels",
    message: ({ file, width, height, limit }) =>
      `'${file}' is ${width} × ${height} pixels (${megapixels(width * height)}), more than the ${megapixels(limit)} an image may have`,
    hint: "Scale the picture down to at most 8,000 pixels on its longer side before adding it: no screen shows more, and a file this large is either a mistake or an attack (a decompression bomb).",
  }),
  tooManyBytes: entry<{ file: string; bytes: number; limit: number }>({
    code: "IMG005",
    status: 413,
    title: "Image file too large",
    message: ({ file, bytes, limit }) =>
      `'${file}' is ${megabytes(bytes)}, more than the ${megabytes(limit)} an image file may be`,
    hint: "Export the picture again at a lower quality or size (a camera photo saved as JPEG at quality 90 is well under the limit); visitors never receive this file, only the sizes the build makes of it.",
  }),
  animatedImage: entry<{ file: string; frames?: number }>({
    code: "IMG006",
    status: 400,
    title: "Animated image",
    message: ({ file, frames }) =>
      `'${file}' is animated${frames ? ` (${frames} frames)` : ""}; pictures on pages are still images`,
    hint: "Use one frame of it as a still picture, or put the animation in a video block (MP4 or WebM), which visitors can pause.",
  }),
  unsafeSvg: entry<{ file: string; found: string }>({
    code: "IMG007",
    status: 400,
    title: "SVG that could run code or load other files",
    message: ({ file, found }) => `'${file}' holds ${found}; an SVG on the site may only draw`,
    hint: "Export the drawing again as plain SVG (in Illustrator or Figma: without scripts, interactivity or linked images; Inkscape: 'Optimized SVG'), or use a PNG of it.",
  }),
  unsupportedFormat: entry<{ file: string; format: string }>({
    code: "IMG008",
    status: 400,
    title: "Image format the site does not take",
    message: ({ file, format }) => `'${file}' is a ${format} file; pictures on pages are JPEG, PNG, WebP, AVIF or SVG`,
    hint: "Export it as JPEG (photos) or PNG (logos, screenshots); a HEIC photo from a phone can be saved as JPEG in its Photos app or by sharing it.",
  }),
  damagedImage: entry<{ file: string; detail: string }>({
    code: "IMG009",
    status: 400,
    title: "Damaged image",
    message: ({ file, detail }) => `'${file}' is damaged and cannot be read whole (${detail})`,
    hint: "The file was probably cut short while copying or uploading: copy or export it again from the original and replace it.",
  }),
  svgWithoutSize: entry<{ file: string }>({
    code: "IMG014",
    status: 400,
    title: "SVG without a size",
    message: ({ file }) =>
      `'${file}' says neither its width and height nor its viewBox, so a page cannot keep its place while it loads`,
    hint: 'Export the drawing again with its viewBox (drawing programs write one unless told not to), or add viewBox="0 0 <width> <height>" to its <svg> element.',
  }),
  framingWithoutPicture: entry<{ src: string; known: readonly string[] }>({
    code: "IMG015",
    title: "Framing of a picture that does not exist",
    message: ({ src, known }) =>
      `this file frames '${src}', which does not exist${didYouMean(closest(src, known), "")}`,
    hint: "A framing file is named after its picture (site-config/media/team.jpg.json frames public/media/team.jpg): rename it with the picture, or delete it with the picture.",
  }),
  cropOutside: entry<{ edge: "right" | "bottom"; reach: number }>({
    code: "IMG016",
    title: "Crop that reaches past the picture",
    message: ({ edge, reach }) =>
      `the crop reaches past the picture's ${edge} edge (to ${reach.toFixed(2)} of its ${edge === "right" ? "width" : "height"}, at most 1)`,
    hint: "Make the crop's x plus its width, and its y plus its height, at most 1; the editor's media library sets both by dragging.",
  }),
  missingAlt: entry<{ src: string }>({
    code: "IMG010",
    title: "Image without alternative text",
    message: ({ src }) =>
      `image '${src}' has no alternative text: say what it shows, or mark it decorative if it shows nothing a reader needs`,
    hint: 'Write in `alt` what a person who cannot see the picture should know from it ("Two agents at a call-centre desk"), or set `"decorative": true` for an ornament.',
  }),
  altIsFileName: entry<{ src: string; alt: string }>({
    code: "IMG011",
    title: "Alternative text that is a file name",
    message: ({ src, alt }) =>
      `the alternative text of '${src}' is a file name ('${alt}'), which tells a reader nothing`,
    hint: "Say what the picture shows, in a sentence a screen reader can read out.",
  }),
  altSaysImage: entry<{ src: string; alt: string }>({
    code: "IMG012",
    title: "Alternative text that starts 'image of'",
    message: ({ src, alt }) =>
      `the alternative text of '${src}' starts by saying it is a picture ('${alt}'); screen readers already say so`,
    hint: "Drop the opening words ('image of', 'picture of', 'photo of') and say what it shows.",
  }),
  sameAltOnMany: entry<{ alt: string; count: number }>({
    code: "IMG013",
    title: "The same alternative text on several images",
    message: ({ alt, count }) => `${count} images of this page have the same alternative text ('${alt}')`,
    hint: "Give each picture words of its own: what this one shows that the others do not (for logos, each company's name).",
  }),
};
