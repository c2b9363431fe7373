/**
 * One process of the prerenderer (scripts/pipeline/prerender.ts): it loads the server build once, then renders the paths
 * it is sent, in order, writing each file and answering with its path or, if the page could not be rendered, what
 * went wrong (and stops there). It ends when the prerenderer disconnects. It runs compiled to JavaScript, without the
 * project's loader: it imports only Node's modules and React Router (and types), so the names it shares with the
 * server build's modules (where the content is kept) are written here again.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type ServerBuild, createRequestHandler } from "react-router";

/** What the process is started with, as JSON in its one argument. */
export interface PrerenderWorkerData {
  serverBuildFile: string;
  clientDir: string;
  /**
   * The values the prerenderer kept that the server build will ask for, by name: its content (`loadedContent`). Without
   * one the process is started ahead (`startPrerenderer`): it loads the server build while the prerenderer works out
   * what to render, and is sent the file with its paths (`KeptValues`).
   */
  contentFile?: string;
  /**
   * The source of a pattern (a global RegExp) whose matches in each page written are answered with it, each once,
   * sorted: the build learns what the pages name without reading them again.
   */
  matching?: string;
}

/** A document is written as <path>/index.html, a resource (sitemap.xml…) as the file its path names. */
export interface PrerenderJob {
  path: string;
  kind: "document" | "resource";
}

export interface PrerenderReply {
  path: string;
  failure?: { status: number; body: string };
  /** With `matching`, a document's file under the client folder and the pattern's matches in it. */
  matches?: { file: string; found: string[] };
}

/** Sent to a process started ahead before its paths: the file of the values it starts with (`contentFile`). */
export interface KeptValues {
  kept: string;
}

/**
 * Sent to a process started ahead while the prerenderer still validates the content: render these paths, and keep
 * them until told to write them. It answers with the first that failed, if one did.
 */
export interface RenderAhead {
  ahead: PrerenderJob[];
}

export interface RenderedAhead {
  failure?: PrerenderReply;
}

/** Sent once the content is known valid: write what was rendered ahead; the process answers with how many files. */
export interface WriteRendered {
  write: true;
}

const { serverBuildFile, clientDir, contentFile, matching } = JSON.parse(process.argv[2]!) as PrerenderWorkerData;
const pattern = matching === undefined ? undefined : new RegExp(matching, "g");
// Put where the server build's modules find the values handed to them (contract/process-cache.ts, `handedValue`): its
// content loader renders that content, as the build loaded and validated it.
const handed = ((globalThis as { [key: symbol]: unknown })[Symbol.for("voxa-site.process-handed")] ??=
  new Map()) as Map<string, unknown>;
async function keep(file: string) {
  for (const [name, value] of JSON.parse(await fs.readFile(file, "utf8")) as [string, unknown][])
    handed.set(name, value);
}
if (contentFile) await keep(contentFile);
const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
const handle = createRequestHandler(build, "production");

/** A file rendered, not yet written: where it goes, and its bytes. */
interface RenderedFile {
  file: string;
  body: Buffer;
}

/**
 * The request and the file are React Router's own prerenderer's: a document is requested with a trailing slash (`/`
 * for the home page), so the pages are written byte for byte as they were when React Router prerendered them.
 */
async function render({
  path: pagePath,
  kind,
}: PrerenderJob): Promise<RenderedFile | Required<Pick<PrerenderReply, "path" | "failure">>> {
  const document = kind === "document";
  const url = document ? `${pagePath}/`.replace(/\/\/+/g, "/") : pagePath;
  const response = await handle(new Request(`http://localhost${url}`));
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) return { path: pagePath, failure: { status: response.status, body: body.toString() } };
  return { file: path.join(clientDir, ...url.split("/"), document ? "index.html" : ""), body };
}

async function write({ file, body }: RenderedFile) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, body);
}

async function prerender(job: PrerenderJob): Promise<PrerenderReply> {
  const rendered = await render(job);
  if ("failure" in rendered) return rendered;
  await write(rendered);
  if (!pattern || job.kind !== "document") return { path: job.path };
  const file = path.relative(clientDir, rendered.file).split(path.sep).join("/");
  return { path: job.path, matches: { file, found: [...new Set(rendered.body.toString().match(pattern))].sort() } };
}

/** The files rendered ahead, kept until the prerenderer says to write them. */
const renderedAhead: RenderedFile[] = [];

async function renderAhead(jobs: readonly PrerenderJob[]): Promise<RenderedAhead> {
  for (const job of jobs) {
    const rendered = await render(job);
    if ("failure" in rendered) return { failure: rendered };
    renderedAhead.push(rendered);
  }
  return {};
}

async function answer(message: PrerenderJob[] | KeptValues | RenderAhead | WriteRendered) {
  if (Array.isArray(message)) {
    // Its paths, rendered one after the other with no wait for the prerenderer in between.
    for (const job of message) {
      const reply = await prerender(job);
      process.send!(reply);
      if (reply.failure) return;
    }
  } else if ("kept" in message) await keep(message.kept);
  else if ("ahead" in message) process.send!(await renderAhead(message.ahead));
  else {
    for (const file of renderedAhead) await write(file);
    process.send!({ written: renderedAhead.length });
  }
}

// Each message is answered once the one before it has been: the values it starts with before its paths.
let answered = Promise.resolve();
process.on("message", (message: PrerenderJob[] | KeptValues | RenderAhead | WriteRendered) => {
  answered = answered.then(() => answer(message));
});
