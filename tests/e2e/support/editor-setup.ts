import { editorBundle } from "../../../editor/bundle.ts";

/**
 * The editor's pages, built (or found built) once before the editor's suites start side by side: each would otherwise
 * build the same bundle at the same time on a fresh checkout.
 */
export default async function setup() {
  await editorBundle();
}
