import { messageOf, teamPreviewLines } from "../../../contract/errors.ts";
import type { Forge } from "../../forge/forge.ts";
import type { PreviewStore } from "./preview-store.ts";

export interface AnnounceOptions {
  store: PreviewStore;
  /** The forge's client; without one (no token), nobody is told. */
  forge: Pick<Forge, "comment"> | undefined;
  /** The editor's address: the comment links to its way into the preview, which signs a person in first. */
  publicUrl: URL;
  now: () => number;
  /** Where a comment that failed is said (the server's log). */
  onFailed?: (number: number, error: unknown) => void;
}

/**
 * Tells a review request, by a comment on the forge, where its preview is: once per request, whichever instance's
 * build is ready first (the store remembers it). The address is the editor's way in (`/preview/<number>`), which
 * works for anyone of the team, signed in or not yet.
 */
export function previewAnnouncer(options: AnnounceOptions) {
  return async function announcePreview(number: number): Promise<void> {
    const { forge } = options;
    if (!forge || !(await options.store.claimPreviewAnnouncement(number, options.now()))) return;
    const url = new URL(`/preview/${number}`, options.publicUrl).href;
    await forge.comment(number, messageOf(teamPreviewLines.comment, { url })).catch((error: unknown) => {
      options.onFailed?.(number, error);
    });
  };
}
