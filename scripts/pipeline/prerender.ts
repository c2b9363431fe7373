/**
 * The prerenderer of the build (full-build.ts runs it once React Router has built the app): every page,
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
import { buildNodeEnv } from "./build-state.ts";
import type {
  KeptValues,
  PrerenderJob,
  PrerenderReply,
  PrerenderWorkerData,
  RenderAhead,
  RenderedAhead,
  WriteRendered,
} from "./prerender-worker.ts";

const WORKER_SOURCE = path.join(ROOT, "scripts", "pipeline", "prerender-worker.ts");
/** The values the processes start with, beside the server build while they render. */
const CONTENT_FILE = "prerender-content.json";

const toJobs = (documents: readonly string[], resources: readonly string[]): PrerenderJob[] => [
  ...documents.map((pagePath) => ({ path: pagePath, kind: "document" as const })),
  ...resources.map((pagePath) => ({ path: pagePath, kind: "resource" as const })),
];

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
  /** A process started ahead (`startPrerenderer`), its server build loaded: handed the content, it takes batches. */
  started?: StartedPrerenderer;
  /** A pattern (global) whose matches in each document are answered, each once and sorted, by the document's file. */
  matching?: RegExp;
}

/** A prerendering process started before its paths are known, and how to end it when none come. */
export interface StartedPrerenderer {
  process: ChildProcess;
  /**
   * Hands the process the content this one loaded, and has it render these documents and resources into memory while
   * this process goes on (validating the content): answers with the first page that failed, if one did.
   */
  renderAhead: (documents: readonly string[], resources: readonly string[]) => Promise<RenderedAhead>;
  /** Writes what was rendered ahead, then ends the process. */
  writeRendered: () => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * Two processes, one per core of the machines the site is built on. A page renders the same in either, after any other
 * (Chakra's style memo is patched for it: tests/chakra-package-patch.test.tsx), so the paths may be split any way: each
 * process is sent the next batch of paths as it writes the last, so that both end together (halves of the site ended
 * 2.5–3 s apart at 10,000 routes, pages costing more in one half). Fewer than 64 paths (an incremental build's, a
 * small site's) go to one process: a process spends half a second (1.5 s of CPU) loading the server build and the
 * content before its first page, which a second one saves in wall time only from about 40 pages of 27 ms, and never in
 * CPU.
 */
const PROCESSES = 2;
const PATHS_PER_EXTRA_PROCESS = 32;
/** The paths a process is sent at once, and how many it is kept waiting with: a message per page would cost more. */
const BATCH = 32;
/**
 * The most paths a process started ahead renders ahead (`renderAhead`), kept in memory until written: more are one
 * process's share no longer, and `prerenderSite` renders them on both cores.
 */
export const RENDER_AHEAD_LIMIT = PATHS_PER_EXTRA_PROCESS * 2;

/**
 * Renders every path in child processes, then removes the server build (unless asked to keep it): the site is static,
 * no server renders it later. Rejects with the first path that does not render (a status other than 200).
 */
export async function prerenderSite(
  options: PrerenderOptions,
): Promise<{ files: number; ms: number; matches: Map<string, string[]> }> {
  const start = performance.now();
  const serverDir = options.serverDirectory ?? path.join(options.buildDirectory, "server");
  const jobs = toJobs(options.documents, options.resources);
  const processes = jobs.length === 0 ? 0 : jobs.length < PATHS_PER_EXTRA_PROCESS * 2 ? 1 : PROCESSES;
  // The content as this process loaded it, validated and completed: each process starts with it instead of compiling
  // the schemas and validating every file again (a second and more of each process's start).
  const contentFile = path.join(serverDir, CONTENT_FILE);
  if (processes > 0) writeContentFile(contentFile);
  if (options.started && processes === 0) await options.started.stop();
  const workers: ChildProcess[] = [];
  const matches = new Map<string, string[]>();
  let taken = 0;
  try {
    await Promise.all(
      Array.from({ length: processes }, async (_, index) => {
        const worker =
          index === 0 && options.started
            ? options.started.process
            : await forkPrerenderer(options, serverDir, contentFile);
        workers.push(worker);
        return new Promise<void>((resolve, reject) => {
          // The paths sent to this process, in the order it renders them.
          const sent: PrerenderJob[] = [];
          let done = 0;
          /** Keeps a batch's worth of paths waiting in the process, from the paths no process has taken yet. */
          const sendMore = () => {
            while (sent.length - done < BATCH && taken < jobs.length) {
              const batch = jobs.slice(taken, taken + BATCH);
              taken += batch.length;
              sent.push(...batch);
              worker.send(batch);
            }
          };
          // A process started ahead may have ended before its paths came (out of memory, killed).
          if (hasEnded(worker))
            return reject(
              catalogueError(buildErrors.prerendererStopped, {
                code: worker.exitCode,
                path: (jobs[taken] ?? jobs[0])!.path,
              }),
            );
          worker.on("message", ({ path: pagePath, failure, matches: found }: PrerenderReply) => {
            if (found) matches.set(found.file, found.found);
            if (failure) return reject(catalogueError(buildErrors.prerenderFailed, { path: pagePath, ...failure }));
            done += 1;
            sendMore();
            // Its last page written, the process ends once it is disconnected.
            if (done === sent.length) worker.disconnect();
          });
          worker.on("exit", (code) => {
            if (done < sent.length)
              reject(catalogueError(buildErrors.prerendererStopped, { code, path: sent[done]!.path }));
            else resolve();
          });
          if (worker === options.started?.process) worker.send({ kept: contentFile } satisfies KeptValues);
          sendMore();
        });
      }),
    );
  } finally {
    await Promise.all(workers.map(stopProcess));
  }
  if (options.keepServerBuild) fs.rmSync(contentFile, { force: true });
  else fs.rmSync(serverDir, { recursive: true, force: true });
  return { files: jobs.length, ms: performance.now() - start, matches };
}

/** The content this process loaded, in the file a prerendering process fills its kept values from. */
const writeContentFile = (file: string) => fs.writeFileSync(file, JSON.stringify(loadedContent()));

const hasEnded = (worker: ChildProcess) => worker.exitCode !== null || worker.signalCode !== null;

/** Ends a process that has not ended, and resolves once it has. */
const stopProcess = (worker: ChildProcess): Promise<void> =>
  hasEnded(worker) ? Promise.resolve() : new Promise((resolve) => worker.once("exit", () => resolve()).kill());

/**
 * The prerendering processes collect their garbage on their own thread: two of them keep both cores busy, and V8's
 * helper threads, which collect beside the thread they serve, took from the other process's core what they gave this
 * one. 10,002 files prerendered in 40.1-41.5 s with this, 43.5-44.8 s without (two runs each, alternated).
 */
const PRERENDER_NODE_OPTIONS = ["--single-threaded-gc"];

/**
 * One prerendering process: given the content file, it starts with the content this process loaded; without, it loads
 * the server build and waits for the file with its paths (`startPrerenderer`).
 */
async function forkPrerenderer(
  options: Pick<PrerenderOptions, "buildDirectory" | "serverBuildFile" | "errors" | "matching">,
  serverDir: string,
  contentFile?: string,
): Promise<ChildProcess> {
  // Compiled to JavaScript beside the server build, the worker starts without tsx, whose loader would otherwise handle
  // every module that the server build imports: seconds of each process's start. A kept server build keeps it: the
  // next build from it (an incremental one, which the worker's source changing would make full) does not load Vite.
  const workerFile = path.join(serverDir, "prerender-worker.mjs");
  if (!fs.existsSync(workerFile)) {
    const { transformWithOxc } = await import("vite");
    fs.writeFileSync(workerFile, (await transformWithOxc(fs.readFileSync(WORKER_SOURCE, "utf8"), WORKER_SOURCE)).code);
  }
  const workerData: PrerenderWorkerData = {
    serverBuildFile: path.join(serverDir, options.serverBuildFile),
    clientDir: path.join(options.buildDirectory, "client"),
    ...(contentFile ? { contentFile } : {}),
    ...(options.matching ? { matching: options.matching.source } : {}),
  };
  // Without the parent's loader (tsx, when a script runs the prerenderer), which would handle every module the server
  // build imports.
  // In the build's mode (buildNodeEnv): unset, React's server renderer, which the server build imports, loaded its
  // development build, and rendered the same pages three times slower (50 files in 7.3-8.1 s against 2.2-2.5 s).
  const worker = fork(workerFile, [JSON.stringify(workerData)], {
    execArgv: PRERENDER_NODE_OPTIONS,
    env: { ...process.env, NODE_ENV: buildNodeEnv() },
    stdio: ["inherit", "inherit", "pipe", "ipc"],
  });
  const errors = options.errors ?? ((text: string) => process.stderr.write(text));
  worker.stderr?.on("data", (chunk: Buffer) => errors(chunk.toString()));
  return worker;
}

/**
 * Starts a prerendering process before the paths are known (an incremental build, while it works out what changed):
 * on the other core, it loads the server build, so that it renders at once when handed the content and its paths,
 * ahead (`renderAhead`, while the build validates the content) or as one of `prerenderSite`'s processes. `stop` ends
 * it when no path is sent (a build that turns out full, or invalid content).
 */
export async function startPrerenderer(
  options: Pick<PrerenderOptions, "buildDirectory" | "serverBuildFile" | "serverDirectory" | "errors" | "matching">,
): Promise<StartedPrerenderer> {
  const serverDir = options.serverDirectory ?? path.join(options.buildDirectory, "server");
  const contentFile = path.join(serverDir, CONTENT_FILE);
  const worker = await forkPrerenderer(options, serverDir);
  return {
    process: worker,
    renderAhead: (documents, resources) => {
      writeContentFile(contentFile);
      worker.send({ kept: contentFile } satisfies KeptValues);
      const ahead = toJobs(documents, resources);
      return ask<RenderedAhead>(worker, { ahead } satisfies RenderAhead, ahead[0]!.path);
    },
    writeRendered: async () => {
      await ask<{ written: number }>(worker, { write: true } satisfies WriteRendered, "(the pages rendered ahead)");
      await new Promise<void>((resolve) => worker.once("exit", () => resolve()).disconnect());
      fs.rmSync(contentFile, { force: true });
    },
    stop: () => stopProcess(worker),
  };
}

/** Sends a process one message and answers its reply; rejects with BUILD005 when the process ends before replying. */
function ask<T>(worker: ChildProcess, message: RenderAhead | WriteRendered, about: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stopped = (code: number | null) =>
      reject(catalogueError(buildErrors.prerendererStopped, { code, path: about }));
    worker.once("exit", stopped);
    worker.once("message", (reply: T) => {
      worker.off("exit", stopped);
      resolve(reply);
    });
    worker.send(message);
  });
}
