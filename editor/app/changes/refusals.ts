import { editorErrors } from "../../../contract/errors.ts";
import { ApiError } from "../api.ts";

/**
 * A failed request as the catalogue's refusal: the server's answer when it gave one, else (the editor's server
 * stopped, the tab lost its connection) the catalogue's "request failed".
 */
export const asRefusal = (error: unknown): ApiError =>
  error instanceof ApiError ? error : new ApiError(0, editorErrors.failed, {});
