/** The page editor's media library (docs/media.md): why it refused to show, replace, rename, delete or frame a file. */
import { entry } from "./entry.ts";

const pagesWord = (count: number) => `${count} ${count === 1 ? "page or section" : "pages and sections"}`;

/** What the media library's routes refuse; each names the file as pages name it ('/media/team.jpg'). */
export const editorMediaErrors = {
  unknown: entry<{ src: string }>({
    code: "EDIT_MEDIA_UNKNOWN",
    status: 404,
    title: "No such file",
    message: ({ src }) => `there is no picture or video '${src}' in public/media/`,
    hint: "It was renamed or deleted since the library was shown: reload the library and pick it again.",
  }),
  noThumbnail: entry<{ src: string }>({
    code: "EDIT_MEDIA_NO_THUMBNAIL",
    status: 404,
    title: "No thumbnail",
    message: ({ src }) => `'${src}' is a video, and the library makes thumbnails of pictures only`,
    hint: "The library shows a video by its name and size; open it from its page's preview to watch it.",
  }),
  inUse: entry<{ src: string; pages: readonly string[] }>({
    code: "EDIT_MEDIA_IN_USE",
    status: 409,
    title: "File in use",
    message: ({ src, pages }) =>
      `'${src}' is used on ${pagesWord(pages.length)}, which would show nothing in its place: ${pages.join(", ")}`,
    hint: "Pick another file on each of them first (or Replace this one's content, which keeps every reference), then delete it.",
  }),
  badName: entry<{ name: string }>({
    code: "EDIT_MEDIA_RENAME_NAME",
    status: 400,
    title: "File not renamed",
    message: ({ name }) =>
      `'${name}' is not a name the site gives its files: lower-case letters and digits, words joined by hyphens, then the file's ending (e.g. 'claims-team.jpg')`,
    hint: "Choose a name like 'claims-team.jpg': the file stays in its folder, under the new name.",
  }),
  otherExtension: entry<{ name: string; extension: string }>({
    code: "EDIT_MEDIA_RENAME_EXTENSION",
    status: 400,
    title: "File not renamed",
    message: ({ name, extension }) =>
      `'${name}' does not end in .${extension}, the file's format: a rename keeps the format`,
    hint: "Keep the ending; to change the format, export the file again in the new one and upload it.",
  }),
  nameTaken: entry<{ src: string }>({
    code: "EDIT_MEDIA_RENAME_TAKEN",
    status: 409,
    title: "File not renamed",
    message: ({ src }) => `'${src}' exists already (or its framing does): a rename never overwrites a file`,
    hint: "Choose another name, or delete the other file first if no page uses it.",
  }),
  videoFraming: entry<{ src: string }>({
    code: "EDIT_MEDIA_FRAMING_VIDEO",
    status: 400,
    title: "Framing not saved",
    message: ({ src }) => `'${src}' is a video: only pictures have a focal point and a crop`,
    hint: "Frame the video's poster picture instead: it is a picture of the library like the others.",
  }),
  framingRange: entry({
    code: "EDIT_MEDIA_FRAMING_RANGE",
    status: 400,
    title: "Framing not saved",
    message:
      "A focal point and a crop are fractions of the picture's width and height, each from 0 to 1 (a crop's width and height more than 0), so nothing was written.",
    hint: "Reload the library and set the point or the crop again by dragging over the picture.",
  }),
  cropOutside: entry<{ edge: "right" | "bottom"; reach: number }>({
    code: "EDIT_MEDIA_CROP_OUTSIDE",
    status: 400,
    title: "Framing not saved",
    message: ({ edge, reach }) =>
      `the crop reaches past the picture's ${edge} edge (to ${reach.toFixed(2)} of its ${edge === "right" ? "width" : "height"}, at most 1), so nothing was written`,
    hint: "Make the crop's x plus its width, and its y plus its height, at most 1: drag its corner back inside the picture.",
  }),
} as const;
