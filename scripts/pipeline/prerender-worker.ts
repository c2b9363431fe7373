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
  /** The values the prerenderer kept that the server build will ask for, by name: its content (`loadedContent`). */
  contentFile: string;
}

/** A document is written as <path>/index.html, a resource (sitemap.xml…) as the file its path names. */
export interface PrerenderJob {
  path: string;
  kind: "document" | "resource";
}

export interface PrerenderReply {
  path: string;
  failure?: { status: number; body: string };
}

const { serverBuildFile, clientDir, contentFile } = JSON.parse(process.argv[2]!) as PrerenderWorkerData;
// Put where the server build's modules keep their values (contract/process-cache.ts, PROCESS_CACHE): its content
// loader uses it while the files it reads are those it was loaded from.
const kept = ((globalThis as { [key: symbol]: unknown })[Symbol.for("voxa-site.process-cache")] ??= new Map()) as Map<
  string,
  unknown
>;
for (const [name, value] of JSON.parse(await fs.readFile(contentFile, "utf8")) as [string, unknown][])
  kept.set(name, value);
const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
const handle = createRequestHandler(build, "production");

/**
 * The request and the file are React Router's own prerenderer's: a document is requested with a trailing slash (`/`
 * for the home page), so the pages are written byte for byte as they were when React Router prerendered them.
 */
async function prerender({ path: pagePath, kind }: PrerenderJob): Promise<PrerenderReply> {
  const document = kind === "document";
  const url = document ? `${pagePath}/`.replace(/\/\/+/g, "/") : pagePath;
  const response = await handle(new Request(`http://localhost${url}`));
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) return { path: pagePath, failure: { status: response.status, body: body.toString() } };
  const file = path.join(clientDir, ...url.split("/"), document ? "index.html" : "");
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, body);
  return { path: pagePath };
}

// Its paths arrive in one message, rendered one after the other with no wait for the prerenderer in between.
process.once("message", async (jobs: PrerenderJob[]) => {
  for (const job of jobs) {
    const reply = await prerender(job);
    process.send!(reply);
    if (reply.failure) return;
  }
});
