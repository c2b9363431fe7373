/** Every message the editor can show about a refused request: a stable code, the problem and how to fix it. */
export interface EditorError {
  code: string;
  title: string;
  message: string;
  hint: string;
}

const entry = (code: string, title: string, message: string, hint: string): EditorError => ({
  code,
  title,
  message,
  hint,
});

export const editorErrors = {
  foreignOrigin: entry(
    "EDIT_FOREIGN_ORIGIN",
    "Write refused",
    "This request did not come from the editor's own page, so nothing was written.",
    "Make changes from the editor tab that `npm run edit` opened.",
  ),
  badToken: entry(
    "EDIT_BAD_TOKEN",
    "Write refused",
    "The editor was restarted since this tab was opened, so its key is no longer valid.",
    "Reload the tab; unsaved changes are kept.",
  ),
  unsafePath: entry(
    "EDIT_UNSAFE_PATH",
    "File refused",
    "The editor only reads and writes files inside site-config/ and public/media/.",
    "Pick a page from the list or a file under public/media/.",
  ),
  invalid: entry(
    "EDIT_INVALID",
    "Not saved: the page has problems",
    "Saving would break the build, so the file was left as it was.",
    "Fix the problems listed (each one is also shown next to its field), then save again.",
  ),
  conflict: entry(
    "EDIT_CONFLICT",
    "The file changed on disk",
    "Someone changed this file since you opened it (in another editor, or with git).",
    "Reload it to see their version (your changes are dropped), or keep yours to overwrite theirs.",
  ),
  scaffold: entry(
    "EDIT_SCAFFOLD",
    "Page not created",
    "The new page could not be created.",
    "Choose another slug or name, as the message says.",
  ),
  mediaType: entry(
    "EDIT_MEDIA_TYPE",
    "File not uploaded",
    "Only images (svg, png, jpg, webp, avif) and videos (mp4, webm) can be uploaded.",
    "Export the file in one of these formats, with a name of lower-case letters, digits and hyphens.",
  ),
  mediaSize: entry(
    "EDIT_MEDIA_SIZE",
    "File not uploaded",
    "The file is larger than 20 MB.",
    "Compress it first: pages must stay fast on phones.",
  ),
  mediaExists: entry(
    "EDIT_MEDIA_EXISTS",
    "File not uploaded",
    "A file with this name already exists under public/media/.",
    "Rename the file, or pick the existing one from the list.",
  ),
  badRequest: entry(
    "EDIT_BAD_REQUEST",
    "Request refused",
    "The editor could not read this request.",
    "Reload the tab and try again.",
  ),
} as const;
