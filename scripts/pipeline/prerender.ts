/**
 * The prerenderer of the build (react-router.config.ts runs it once React Router has built the app): every page,
 * the 404 page, sitemap.xml and robots.txt rendered from the server build into the client build, on two cores. React
 * Router's own prerenderer renders one page at a time in one thread (its `concurrency` only overlaps waiting, and
 * rendering a page is all computation), and writes each page's loader data as a `.data` file as well, for client-side
 * navigation, which this site does not have: its links are ordinary page loads.
 */
import { type ChildProcess, fork } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { loadedContent } from "../../contract/content.server.ts";
import { buildErrors, catalogueError } from "../../contract/errors.ts";
import { ROOT } from "../../toolchain/paths.ts";
import type { PrerenderJob, PrerenderReply, PrerenderWorkerData } from "./prerender-worker.ts";

const WORKER_SOURCE = path.join(ROOT, "scripts", "pipeline", "prerender-worker.ts");

export interface PrerenderOptions {
  /** React Router's build directory: the server build is read from server/, the files are written into client/. */
  buildDirectory: string;
  serverBuildFile: string;
  /** Where the server build is, when not in the build directory's server/ (an incremental build keeps it apart). */
  serverDirectory?: string;
  /** Paths written as <path>/index.html. */
  documents: string[];
  /** Paths written as the file they name (sitemap.xml…). */
  resources: string[];
  /**
   * Leaves the server build in place (KEEP_SERVER_BUILD=1 in the build): the pages can then be rendered again from it
   * with other content, as the affected-routes proof does for changes to content alone.
   */
  keepServerBuild?: boolean;
  /**
   * Where the prerendering processes' errors go (a page's stack, a process's last words), which the build's failure
   * points to: the build's standard error unless given.
   */
  errors?: (text: string) => void;
}

/**
 * Two processes, one per core of the machines the site is built on. A page renders the same in either, after any other
 * (Chakra's style memo is patched for it: tests/chakra-memo-patch.test.ts), so the paths may be split any way; the
 * first half goes to one process and the second to the other. Fewer than 64 paths (an incremental build's, a small
 * site's) go to one process: a process spends half a second (1.5 s of CPU) loading the server build and the content
 * before its first page, which a second one saves in wall time only from about 40 pages of 27 ms, and never in CPU.
 */
const PROCESSES = 2;
const PATHS_PER_EXTRA_PROCESS = 32;

/**
 * Renders every path in child processes, then removes the server build (unless asked to keep it): the site is static,
 * no server renders it later. Rejects with the first path that does not render (a status other than 200).
 */
export async function prerenderSite(options: PrerenderOptions): Promise<{ files: number; ms: number }> {
  const start = performance.now();
  const serverDir = options.serverDirectory ?? path.join(options.buildDirectory, "server");
  // The content as this process loaded it, validated and completed: each process starts with it instead of compiling
  // the schemas and validating every file again (a second and more of each process's start).
  const contentFile = path.join(serverDir, "prerender-content.json");
  fs.writeFileSync(contentFile, JSON.stringify(loadedContent()));
  const workerData: PrerenderWorkerData = {
    serverBuildFile: path.join(serverDir, options.serverBuildFile),
    clientDir: path.join(options.buildDirectory, "client"),
    contentFile,
  };
  const jobs: PrerenderJob[] = [
    ...options.documents.map((pagePath) => ({ path: pagePath, kind: "document" as const })),
    ...options.resources.map((pagePath) => ({ path: pagePath, kind: "resource" as const })),
  ];
  const processes = jobs.length < PATHS_PER_EXTRA_PROCESS * 2 ? 1 : PROCESSES;
  const share = Math.ceil(jobs.length / processes);
  const shares = Array.from({ length: processes }, (_, i) => jobs.slice(i * share, (i + 1) * share)).filter(
    (shareJobs) => shareJobs.length > 0,
  );
  // Compiled to JavaScript beside the server build, the worker starts without tsx, whose loader would otherwise handle
  // every module that the server build imports: seconds of each process's start. A kept server build keeps it: the
  // next build from it (an incremental one, which the worker's source changing would make full) does not load Vite.
  const workerFile = path.join(serverDir, "prerender-worker.mjs");
  if (!fs.existsSync(workerFile)) {
    const { transformWithOxc } = await import("vite");
    fs.writeFileSync(workerFile, (await transformWithOxc(fs.readFileSync(WORKER_SOURCE, "utf8"), WORKER_SOURCE)).code);
  }
  const workers: ChildProcess[] = [];
  try {
    await Promise.all(
      shares.map((queue) => {
        // Without the parent's loader (tsx, when a script runs the prerenderer), which would handle every module the
        // server build imports.
        const worker = fork(workerFile, [JSON.stringify(workerData)], {
          execArgv: [],
          stdio: ["inherit", "inherit", "pipe", "ipc"],
        });
        workers.push(worker);
        const errors = options.errors ?? ((text: string) => process.stderr.write(text));
        worker.stderr?.on("data", (chunk: Buffer) => errors(chunk.toString()));
        return new Promise<void>((resolve, reject) => {
          let done = 0;
          worker.on("message", ({ path: pagePath, failure }: PrerenderReply) => {
            if (failure) reject(catalogueError(buildErrors.prerenderFailed, { path: pagePath, ...failure }));
            // Its last page written, the process ends once it is disconnected.
            else if (++done === queue.length) worker.disconnect();
          });
          worker.on("exit", (code) => {
            if (done < queue.length)
              reject(catalogueError(buildErrors.prerendererStopped, { code, path: queue[done]!.path }));
            else resolve();
          });
          worker.send(queue);
        });
      }),
    );
  } finally {
    await Promise.all(
      workers
        .filter((worker) => worker.exitCode === null && worker.signalCode === null)
        .map((worker) => new Promise((resolve) => worker.once("exit", resolve).kill())),
    );
  }
  if (options.keepServerBuild) fs.rmSync(contentFile);
  else fs.rmSync(serverDir, { recursive: true, force: true });
  return { files: jobs.length, ms: performance.now() - start };
}
