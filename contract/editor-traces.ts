/**
 * Names the page editor's tab, its preview frame and its server share (editor/protocol.ts passes them on to the
 * editor). They are also how `npm run budgets` knows that none of the editor reached the site's build: each of them
 * appears in the editor's code and nowhere in the site. And the editor server's limits, which the catalogue states.
 */
export const EDITOR_TOKEN_HEADER = "x-editor-token";
/** Where a tab keeps the unsaved edits of a file (localStorage), followed by the file's path. */
export const DRAFT_KEY_PREFIX = "voxa-editor:draft:";
/** The preview frame's function that the editor calls with the document as it is being edited. */
export const PREVIEW_HOOK = "renderPreview";

export const EDITOR_TRACES = [EDITOR_TOKEN_HEADER, DRAFT_KEY_PREFIX, PREVIEW_HOOK] as const;

/** The largest upload to public/media/ the editor's server takes, in MB. */
export const MAX_MEDIA_MB = 25;
/** The largest JSON request (a page document, with room to spare) the editor's server takes, in MB. */
export const MAX_JSON_MB = 2;
