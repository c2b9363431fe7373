/** The folders whose files the editor shows as changes and publishes; nothing outside them is ever committed. */
export const CONTENT_ROOTS = ["site-config", "public/media"] as const;

const PAGE_OR_SETTINGS = /^site-config\/([a-z0-9-]+\/)*[a-z0-9][a-z0-9.-]*\.json$/;
const MEDIA = /^public\/media\/([a-z0-9-]+\/)*[a-z0-9]+(-[a-z0-9]+)*\.(svg|png|jpe?g|webp|avif|mp4|webm)$/;

/** Whether a file (a path from the repository's root) is content: a page or site.json, or an image or video. */
export const isContentFile = (file: string) => PAGE_OR_SETTINGS.test(file) || MEDIA.test(file);
