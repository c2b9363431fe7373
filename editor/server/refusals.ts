import type { FastifyInstance } from "fastify";
import { CatalogueError, type EditorError, describeError, editorErrors } from "../../contract/errors.ts";
import { type RefusalWords, refusalHandler, sendRefusal } from "../../contract/refusals.server.ts";

/** A refusal with an entry of no parameters, and what its answer carries beside the entry's words. */
export const refused = (entry: EditorError, detail: Record<string, unknown> = {}) =>
  new CatalogueError(entry, entry.message, detail);

/** A refusal as the tab reads it: the entry (its message with its parameters), then what else the answer carries. */
export const refusalBody = (refusal: CatalogueError) => ({
  error: { code: refusal.code, title: refusal.entry.title, message: refusal.message, hint: refusal.hint },
  ...refusal.detail,
});

/** How the editor words a refusal. */
const words: RefusalWords = {
  body: refusalBody,
  fromFramework: (error, request) => {
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE")
      return request.routeOptions.config.tooLarge ?? editorErrors.bodyTooLarge;
    // A body cut short, a Content-Length that does not match it, an address that does not decode: no tab sends these.
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)
      return editorErrors.badRequest;
    return undefined;
  },
  failed: editorErrors.failed,
  log: (error) => console.error(describeError(editorErrors.failed), error),
};

/** The editor's answer to any error: the catalogue's words, with the status the entry names. */
export const answerError = refusalHandler(words);

/** Every refusal and failure of the editor's server answers in the catalogue's words, with the status its entry names. */
export function answerRefusals(app: FastifyInstance) {
  app.setErrorHandler(answerError);
  app.setNotFoundHandler((_request, reply) => sendRefusal(reply, refused(editorErrors.unknownRequest), words));
}
