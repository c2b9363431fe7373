import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { pipeline } from "node:stream";
import { fileURLToPath, pathToFileURL } from "node:url";
import sendFile from "@fastify/send";
import prettier from "prettier";
import { listPageFiles } from "../contract/content.server.ts";
import { readBlockFolders } from "../toolchain/block-folders.ts";
import { duplicatePage, scaffoldPage, templateNames } from "../toolchain/scaffold.ts";
import { createValidators } from "../contract/schemas.server.ts";
import { validateConfig } from "../toolchain/validate.ts";
import { type Migration, migrateDocuments } from "../toolchain/migrate.ts";
import {
  CatalogueError,
  type EditorError,
  describeError,
  editorErrors,
  editorPathErrors,
  entryByCode,
  formatCatalogueError,
} from "../contract/errors.ts";
import { blockMetas } from "./block-meta.ts";
import { editorBundle } from "./bundle.ts";
import { UnsafePathError, resolveInside, unsafePath } from "./safe-path.ts";
import { writeChanges } from "../toolchain/save.ts";
import { describeChanges } from "./changes/describe.ts";
import { PublishingRefusal, publishingRoutes, statusOf } from "./publishing-routes.ts";
import { Repository } from "./git/repository.ts";
import type { SchemaFiles } from "../contract/schema-tree.ts";
import { EDITOR_TOKEN_HEADER, MAX_JSON_MB, MAX_MEDIA_MB } from "../contract/editor-protocol.ts";

const EDITOR_DIR = path.dirname(fileURLToPath(import.meta.url));
const REPO_DIR = path.dirname(EDITOR_DIR);

const MEDIA_TYPES = /\.(svg|png|jpe?g|webp|avif|mp4|webm)$/;
const MEDIA_NAME = /^[a-z0-9]+(-[a-z0-9]+)*\.[a-z0-9]+$/;

/**
 * Whether a file's first bytes are those of the format its name claims, so that a renamed script or document is not
 * published under public/ as an image. SVG is text: it must open with an XML declaration, a comment or the svg element.
 */
function contentMatchesName(name: string, raw: Buffer): boolean {
  const ascii = (from: number, to: number) => raw.subarray(from, to).toString("latin1");
  const extension = name.slice(name.lastIndexOf(".") + 1);
  switch (extension) {
    case "png":
      return raw.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case "jpg":
    case "jpeg":
      return raw[0] === 0xff && raw[1] === 0xd8 && raw[2] === 0xff;
    case "webp":
      return ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP";
    case "avif":
      return ascii(4, 8) === "ftyp" && /^avi[fs]$/.test(ascii(8, 12));
    case "mp4":
      return ascii(4, 8) === "ftyp";
    case "webm":
      return raw.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    case "svg":
      return /^\uFEFF?\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?<svg[\s>]/.test(
        raw.toString("utf8", 0, 4096),
      );
    default:
      return false;
  }
}
const MAX_MEDIA_BYTES = MAX_MEDIA_MB * 1024 * 1024;
const MAX_JSON_BYTES = MAX_JSON_MB * 1024 * 1024;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const sendJson = (response: http.ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  response.end(JSON.stringify(body));
};

export interface EditorServerOptions {
  /** The folder holding site-config/, schemas/ and public/ (the repository, or a copy of it in tests). */
  projectDir?: string;
  port?: number;
  /** Where the GitHub or GitLab token and API address are read for review requests (process.env unless a test's). */
  env?: NodeJS.ProcessEnv;
  /** The editor's built pages, when the caller already has them (`editorBundle()`); otherwise found or built on the first visit. */
  bundleDir?: string;
}

export interface EditorServer {
  url: string;
  token: string;
  close: () => Promise<void>;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly error: EditorError,
    readonly detail: Record<string, unknown> = {},
  ) {
    super(error.message);
  }
}

const version = (text: string) => crypto.createHash("sha256").update(text).digest("hex").slice(0, 16);

export async function startEditor(options: EditorServerOptions = {}): Promise<EditorServer> {
  const projectDir = path.resolve(options.projectDir ?? process.cwd());
  const configDir = path.join(projectDir, "site-config");
  const publicDir = path.join(projectDir, "public");
  const validators = createValidators(projectDir);
  // The same parsed files ajv compiled, read through the editor's narrower view of a schema.
  const schemas = Object.fromEntries(validators.schemas.map(({ name, schema }) => [name, schema])) as SchemaFiles;
  const blocks = blockMetas(await readBlockFolders(projectDir));
  const prettierConfig = (await prettier.resolveConfig(path.join(REPO_DIR, "package.json"))) ?? {};
  const token = crypto.randomBytes(24).toString("hex");
  let origin = "";

  const rel = (file: string) => path.relative(projectDir, file).split(path.sep).join("/");
  const documentFile = (name: unknown) => {
    const file = resolveInside(projectDir, ["site-config"], String(name));
    if (!file.endsWith(".json")) throw unsafePath(editorPathErrors.notJson, { file: String(name) });
    return file;
  };
  const rootSchema = (file: string) => ({
    file: file === path.join(configDir, "site.json") ? "schemas/site.schema.json" : "schemas/page.schema.json",
    schema: {},
  });
  const located = (file: string) => {
    const root = rootSchema(file);
    return { file: root.file, schema: schemas[root.file] };
  };

  /** The order a visitor would list the site in: by path, so the home page '/' comes first; unreadable files last. */
  const byAddress = (a: { path: string; file: string }, b: { path: string; file: string }) =>
    Number(!a.path) - Number(!b.path) || a.path.localeCompare(b.path) || a.file.localeCompare(b.file);
  const pages = () =>
    listPageFiles(path.join(configDir, "pages"))
      .flatMap((file) => {
        try {
          const page = JSON.parse(fs.readFileSync(file, "utf8")) as {
            path?: string;
            title?: string;
            nav?: Record<string, unknown>;
            blocks?: { id?: string }[];
          };
          return [
            {
              file: rel(file),
              path: page.path ?? "",
              title: page.title ?? "",
              nav: page.nav ?? null,
              anchors: (page.blocks ?? []).flatMap((block) => (typeof block?.id === "string" ? [block.id] : [])),
            },
          ];
        } catch {
          return [{ file: rel(file), path: "", title: "", nav: null, anchors: [], notJson: true }];
        }
      })
      .sort(byAddress);

  const media = () => {
    if (!fs.existsSync(publicDir)) return [];
    return fs
      .readdirSync(publicDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && MEDIA_TYPES.test(entry.name))
      .map((entry) => "/" + path.relative(publicDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
      .sort();
  };

  const problemsFor = (file: string, text: string) =>
    validateConfig({ configDir, publicDir, validators, overrides: new Map([[file, text]]) })
      .problems.filter((problem) => path.resolve(projectDir, problem.file) === file)
      .map((problem) => ({ ...problem, hint: entryByCode(problem.code)?.hint ?? "" }));

  /** A page written by the scaffold; its refusal (a taken file or address, a bad slug) carries the scaffold's words. */
  const created = async (refusal: EditorError, write: () => Promise<{ file: string; pagePath: string }>) => {
    try {
      const { file, pagePath } = await write();
      return { file: rel(file), path: pagePath };
    } catch (error) {
      if (error instanceof CatalogueError)
        throw new Refusal(400, refusal, { reason: error.message, code: error.code, hint: error.hint });
      throw error;
    }
  };

  const handlers: Record<string, (body: Record<string, unknown>, url: URL, raw: Buffer) => unknown> = {
    "GET /api/bootstrap": async () => ({
      schemas,
      blocks,
      pages: pages(),
      templates: templateNames(),
      media: media(),
      git: (await Repository.find(projectDir)) !== undefined,
    }),
    "GET /api/pages": () => ({ pages: pages(), media: media() }),
    "GET /api/document": (_, url) => {
      const file = documentFile(url.searchParams.get("file"));
      if (!fs.existsSync(file)) throw new Refusal(404, editorErrors.unsafePath);
      const text = fs.readFileSync(file, "utf8");
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        // The validator locates the syntax error (line, column, what is wrong) in the marketer's words.
        throw new Refusal(422, editorErrors.notJson, { problems: problemsFor(file, text) });
      }
      return { file: rel(file), schema: rootSchema(file).file, value, version: version(text) };
    },
    "POST /api/validate": (body) => {
      const file = documentFile(body.file);
      if (!isObject(body.value)) throw new Refusal(400, editorErrors.notADocument);
      return { problems: problemsFor(file, JSON.stringify(body.value, null, 2)) };
    },
    "POST /api/save": async (body) => {
      const file = documentFile(body.file);
      if (!isObject(body.value)) throw new Refusal(400, editorErrors.notADocument);
      const disk = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
      if (version(disk) !== body.version && body.force !== true)
        throw new Refusal(409, editorErrors.conflict, { version: version(disk) });
      const text = await writeChanges({
        text: disk,
        value: body.value,
        schemas,
        root: located(file),
        prettierOptions: { ...prettierConfig, filepath: file },
      });
      const problems = problemsFor(file, text);
      if (problems.length) throw new Refusal(422, editorErrors.invalid, { problems });
      if (text !== disk) fs.writeFileSync(file, text);
      return { version: version(text), changed: text !== disk };
    },
    "POST /api/migrate-preview": async (body) => {
      const file = documentFile(body.file);
      const document = { file: rel(file), text: JSON.stringify(body.value), schema: rootSchema(file).file };
      try {
        const [migrated] = await migrateDocuments([document], {
          validators,
          load: async (step) => (await import(pathToFileURL(path.join(projectDir, step.module)).href)) as Migration,
          prettierOptions: () => ({ ...prettierConfig, filepath: file }),
        });
        return {
          value: migrated ? (JSON.parse(migrated.after) as unknown) : body.value,
          changes: migrated?.changes ?? [],
        };
      } catch (error) {
        if (!(error instanceof CatalogueError)) throw error;
        throw new Refusal(422, editorErrors.migrationFailed, { detail: `${error.code} ${error.message}` });
      }
    },
    "POST /api/pages": (body) =>
      created(editorErrors.scaffold, () =>
        scaffoldPage({
          template: String(body.template),
          slug: String(body.slug),
          name: String(body.name ?? ""),
          configDir,
        }),
      ),
    "POST /api/pages/duplicate": (body) => {
      const source = resolveInside(projectDir, ["site-config/pages"], String(body.file));
      if (!source.endsWith(".json") || !fs.existsSync(source)) throw new Refusal(404, editorErrors.unsafePath);
      return created(editorErrors.duplicate, () => duplicatePage({ source, slug: String(body.slug), configDir }));
    },
    "POST /api/media": (_, url, raw) => {
      const name = url.searchParams.get("name") ?? "";
      if (!MEDIA_NAME.test(name) || !MEDIA_TYPES.test(name)) throw new Refusal(400, editorErrors.mediaType);
      if (raw.length > MAX_MEDIA_BYTES) throw new Refusal(413, editorErrors.mediaSize);
      if (!contentMatchesName(name, raw)) throw new Refusal(400, editorErrors.mediaContent);
      const file = resolveInside(projectDir, ["public/media"], `public/media/${name}`);
      if (fs.existsSync(file)) throw new Refusal(409, editorErrors.mediaExists);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, raw, { flag: "wx" });
      return { src: `/media/${name}` };
    },
    ...publishingRoutes({
      projectDir,
      env: options.env ?? process.env,
      describe: (before, after) => describeChanges(before, after, blocks),
    }),
  };

  /** Writes and every request that carries content must come from the editor's own page, with this run's token. */
  const checkCaller = (request: http.IncomingMessage) => {
    if (request.headers.origin !== origin) throw new Refusal(403, editorErrors.foreignOrigin);
    const given = String(request.headers[EDITOR_TOKEN_HEADER] ?? "");
    if (given.length !== token.length || !crypto.timingSafeEqual(Buffer.from(given), Buffer.from(token)))
      throw new Refusal(403, editorErrors.badToken);
  };

  /** The request's body, read to its end; over `limit` bytes, the refusal `tooLarge`. */
  const readBody = (request: http.IncomingMessage, limit: number, tooLarge: EditorError) =>
    new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      request.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) reject(new Refusal(413, tooLarge));
        else chunks.push(chunk);
      });
      request.on("end", () => resolve(Buffer.concat(chunks)));
      request.on("error", reject);
    });

  /** The JSON object a request carries; anything else is a request the editor's tab never sends. */
  const jsonBody = (raw: Buffer) => {
    let body: unknown;
    try {
      body = JSON.parse(raw.toString("utf8"));
    } catch {
      throw new Refusal(400, editorErrors.badRequest);
    }
    if (!isObject(body)) throw new Refusal(400, editorErrors.badRequest);
    return body;
  };

  async function api(request: http.IncomingMessage, response: http.ServerResponse, url: URL) {
    const send = (status: number, body: unknown) => sendJson(response, status, body);
    /** A git or forge refusal, as the catalogue words it (with its parameters), and what was done before it. */
    const sendCatalogue = (error: CatalogueError, detail: Record<string, unknown> = {}) =>
      send(statusOf(error.code), {
        error: {
          code: error.code,
          title: entryByCode(error.code)?.title ?? "",
          message: error.message,
          hint: error.hint,
        },
        ...detail,
      });
    try {
      const handler = handlers[`${request.method} ${url.pathname}`];
      if (!handler) throw new Refusal(404, editorErrors.badRequest);
      if (request.method !== "GET") checkCaller(request);
      let body: Record<string, unknown> = {};
      let raw: Buffer = Buffer.alloc(0);
      if (request.method === "POST") {
        const media = url.pathname === "/api/media";
        raw = media
          ? await readBody(request, MAX_MEDIA_BYTES, editorErrors.mediaSize)
          : await readBody(request, MAX_JSON_BYTES, editorErrors.bodyTooLarge);
        if (!media) body = jsonBody(raw);
      }
      send(200, await handler(body, url, raw));
    } catch (error) {
      if (error instanceof Refusal) send(error.status, { error: error.error, ...error.detail });
      else if (error instanceof PublishingRefusal) sendCatalogue(error.refusal, error.detail);
      else if (error instanceof CatalogueError && /^EDIT_(GIT|FORGE)_/.test(error.code)) sendCatalogue(error);
      else if (error instanceof UnsafePathError) send(403, { error: editorErrors.unsafePath, reason: error.message });
      else {
        console.error(describeError(editorErrors.failed), error);
        send(500, { error: editorErrors.failed });
      }
    }
  }

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

  const PAGES: Record<string, string> = { "/": "index.html", "/preview": "preview.html" };
  async function page(request: http.IncomingMessage, response: http.ServerResponse, url: URL) {
    try {
      const html = PAGES[url.pathname];
      if (html) {
        const text = fs.readFileSync(path.join(await bundleDir(), html), "utf8").replace("%EDITOR_TOKEN%", token);
        response.writeHead(200, {
          "content-type": "text/html; charset=utf-8",
          "cache-control": "no-store",
          // Only the editor itself may frame its preview.
          "content-security-policy": "frame-ancestors 'self'",
        });
        return void response.end(text);
      }
      // The bundle's code and styles are named by their content; anything else is the project's public/ (its media).
      const fingerprinted = url.pathname.startsWith("/assets/");
      const { statusCode, headers, stream } = await sendFile(request, url.pathname, {
        root: fingerprinted ? await bundleDir() : publicDir,
        index: false,
        ...(fingerprinted ? { maxAge: "1y", immutable: true } : { cacheControl: false }),
      });
      response.writeHead(statusCode, headers);
      // A file removed between its lookup and its reading (a discard, Get latest) fails the stream after the answer
      // began: the answer is cut short, and the error, had nothing listened for it, would have stopped the editor.
      pipeline(stream, response, () => undefined);
    } catch (error) {
      // The tab shows this text as the page: the build's failure in the catalogue's words, with its fix.
      const text = error instanceof CatalogueError ? formatCatalogueError(error) : describeError(editorErrors.failed);
      if (!(error instanceof CatalogueError)) console.error(text, error);
      response.writeHead(500, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
      response.end(text);
    }
  }

  const server = http.createServer();
  server.on("request", (request, response) => {
    // DNS rebinding: a page of another site whose name resolves to 127.0.0.1 sends that name as Host. It must read
    // nothing here: not the API's answers, and not the editor's page, which carries this run's key.
    if (request.headers.host !== new URL(origin).host)
      return void sendJson(response, 403, { error: editorErrors.foreignHost });
    const url = new URL(request.url ?? "/", origin);
    if (url.pathname.startsWith("/api/")) return void api(request, response, url);
    void page(request, response, url);
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as { port: number };
  origin = `http://127.0.0.1:${port}`;
  return {
    url: origin,
    token,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
