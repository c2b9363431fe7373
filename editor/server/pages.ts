import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream";
import sendFile from "@fastify/send";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { CatalogueError, describeError, editorErrors, formatCatalogueError } from "../../contract/errors.ts";
import { statusOf } from "../../contract/refusals.server.ts";
import { editorBundle } from "../bundle.ts";
import { EDITOR_VIEWS } from "../protocol.ts";

/** A page or a file reads no query: whatever an address carries after `?` is left alone. */
const ANY_QUERY = { type: "object", description: "Not read" } as const;
const FILES = { config: { role: "viewer" }, schema: { querystring: ANY_QUERY } } as const;

export interface PagesOptions {
  /** The project's public/ a request is served from (its media): the checkout's, or the person's own copy's. */
  publicDirOf: (request: FastifyRequest) => string;
  /**
   * The key the page carries for its writes: this run's, or the signed-in person's CSRF token in the team editor (a
   * browser without a session is sent to sign in before the page is read).
   */
  token: (request: FastifyRequest) => string;
  /** The pages' Content-Security-Policy; one person's editor on 127.0.0.1 only forbids framing by others. */
  csp?: string;
  /** The editor's built pages, when the caller already has them (`editorBundle()`); otherwise built on the first visit. */
  bundleDir?: string;
}

/**
 * The editor's pages: its app at the address of each of its views (a page's, the Changes view's…), so that any of them
 * opens, reloads and is shared as it is, and the preview's frame. The app's address space is these alone: every other
 * address stays the API's or a file's (the bundle's code, public/'s media).
 */
const PAGES: [url: string, html: string][] = [
  ...Object.values(EDITOR_VIEWS).map((url): [string, string] => [url, "index.html"]),
  ["/preview", "preview.html"],
];

/** The tab shows this text as the page: the build's failure in the catalogue's words, with its fix. */
function failedPage(reply: FastifyReply, error: unknown) {
  const refusal = error instanceof CatalogueError ? error : undefined;
  const text = refusal ? formatCatalogueError(refusal) : describeError(editorErrors.failed);
  if (!refusal) console.error(text, error);
  return reply
    .code(statusOf(refusal?.entry ?? editorErrors.failed))
    .type("text/plain; charset=utf-8")
    .send(text);
}

/** The editor's pages (with this run's key), the bundle's code and styles, and the project's public/ (its media). */
export const pageRoutes =
  (options: PagesOptions): FastifyPluginAsync =>
  async (app) => {
    // Built on the first visit, not at start: the API alone (as its tests use it) needs no pages.
    let bundle: Promise<string> | undefined =
      options.bundleDir === undefined ? undefined : Promise.resolve(options.bundleDir);
    const bundleDir = () => {
      bundle ??= editorBundle().catch((error: unknown) => {
        bundle = undefined;
        throw error;
      });
      return bundle;
    };

    for (const [url, html] of PAGES)
      app.route({
        method: ["GET", "HEAD"],
        url,
        ...FILES,
        config: { ...FILES.config, editorPage: true },
        handler: async (request, reply) => {
          const token = options.token(request);
          try {
            const text = await fs.readFile(path.join(await bundleDir(), html), "utf8");
            // Only the editor itself may frame its preview.
            reply.header("content-security-policy", options.csp ?? "frame-ancestors 'self'");
            return reply.type("text/html; charset=utf-8").send(text.replace("%EDITOR_TOKEN%", token));
          } catch (error) {
            return failedPage(reply, error);
          }
        },
      });

    app.route({
      method: ["GET", "HEAD"],
      url: "/*",
      ...FILES,
      handler: async (request, reply) => {
        // The bundle's code and styles are named by their content; anything else is the project's public/ (its media).
        const { pathname } = new URL(request.url, "http://editor");
        // The API answers its own paths, and JSON for one it does not know, whatever the method.
        if (pathname.startsWith("/api/")) return reply.callNotFound();
        const fingerprinted = pathname.startsWith("/assets/");
        try {
          const { statusCode, headers, stream } = await sendFile(request.raw, pathname, {
            root: fingerprinted ? await bundleDir() : options.publicDirOf(request),
            index: false,
            ...(fingerprinted ? { maxAge: "1y", immutable: true } : { cacheControl: false }),
          });
          // Streamed by hand, with send's own headers: a file removed between its lookup and its reading (a discard,
          // Get latest) fails the stream after the answer began, and cuts that answer short, the editor running on.
          reply.hijack();
          reply.raw.writeHead(statusCode, headers);
          pipeline(stream, reply.raw, () => undefined);
        } catch (error) {
          return failedPage(reply, error);
        }
      },
    });
  };
