/** The folders whose files the editor shows as changes and publishes; nothing outside them is ever committed. */
export const CONTENT_ROOTS = ["site-config", "public/media"] as const;

/**
 * A page or settings file; a locale's files sit under site-config/locales/<code>/, its folder named by its BCP 47 code
 * as site.json writes it ("de-DE", "zh-Hant-TW"), capitals included.
 */
const PAGE_OR_SETTINGS =
  /^site-config\/(locales\/[a-z]{2,3}(-[A-Z][a-z]{3})?(-[A-Z]{2})?\/)?([a-z0-9-]+\/)*[a-z0-9][a-z0-9.-]*\.json$/;
/** The images and videos the editor publishes, by extension, with their media type. */
const MEDIA_TYPES: Record<string, string> = {
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  avif: "image/avif",
  mp4: "video/mp4",
  webm: "video/webm",
};
const MEDIA = new RegExp(
  `^public/media/([a-z0-9-]+/)*[a-z0-9]+(-[a-z0-9]+)*\\.(${Object.keys(MEDIA_TYPES).join("|")})$`,
);

/** Whether a file (a path from the repository's root) is content: a page or site.json, or an image or video. */
export const isContentFile = (file: string) => PAGE_OR_SETTINGS.test(file) || MEDIA.test(file);

/** The media type of an image or video under public/media/; undefined for any other file. */
export const mediaTypeOf = (file: string): string | undefined =>
  MEDIA.test(file) ? MEDIA_TYPES[file.slice(file.lastIndexOf(".") + 1)] : undefined;

/** The media type of an image or video by its name's ending ("office.jpg": image/jpeg); undefined for any other. */
export const mediaTypeOfName = (name: string): string | undefined => {
  const extension = name.slice(name.lastIndexOf(".") + 1);
  return Object.hasOwn(MEDIA_TYPES, extension) ? MEDIA_TYPES[extension] : undefined;
};
