import { execFile, spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** A preview that serves: the build of a request's branch at `tip`, its pages in `clientDir` (as build/client). */
export interface ReadyPreview {
  state: "ready";
  tip: string;
  builtAt: number;
  clientDir: string;
  /** The build's line on how it built: every page and why, or how many of them it rendered again. */
  summary?: string;
}

/** Where a request's preview stands; while a newer tip builds or after it failed, the last ready build still serves. */
export type PreviewState =
  | { state: "absent" }
  | { state: "building"; tip: string; since: number; previous?: ReadyPreview }
  | ReadyPreview
  | { state: "failed"; tip: string; message: string; previous?: ReadyPreview };

export interface PreviewBuilds {
  /** What the preview of request `number` is now: what serving reads for each request, from memory. */
  stateOf(number: number): PreviewState;
  /** Queues a build of the request's branch at its tip when that tip is not built or building; resolves once queued. */
  refresh(number: number): Promise<void>;
  /** Resolves when no build is queued or running. */
  settled(): Promise<void>;
  /** Removes the previews of requests no longer open (merged or closed): what they showed is live or dropped. */
  keepOnly(open: readonly number[]): Promise<void>;
}

export interface PreviewBuildOptions {
  /** The editor's work folder (EDIT_TEAM_WORK_DIR): previews are built under its previews/ folder. */
  workDir: string;
  /** The site's repository, as the people's copies are cloned from. */
  source: string;
  /** The checkout whose code builds every preview: the editor's own, whose node_modules the build resolves from. */
  root: string;
  /** The branch the site is published from ("main"): a build of its tip is where each request's build starts. */
  baseBranch: string;
  /** The branch of an open request; undefined when the request is not open (merged, closed, unknown). */
  branchOf: (number: number) => Promise<string | undefined>;
  /** A build to start the published site's first build from, when it holds a record of its inputs (the checkout's). */
  seedBuild?: string;
  /** Told of each preview that became ready (the forge is told its address once). */
  onReady?: (number: number, preview: ReadyPreview) => void;
  /** Told of a build that failed, with the build's own words. */
  onFailed?: (number: number, message: string) => void;
  now?: () => number;
}

/** The key of the published site's build: it is no request's, and every request's build starts from it. */
const BASE = 0;

/** What a build's record is kept in (scripts/pipeline/build-state.ts), which makes a folder a build to start from. */
const RECORD = ".incremental";

/** The line `npm run build` says how it built with (incrementalBuildLines in the catalogue). */
const SUMMARY = /^(Building every page|\d+ changed files?:|Nothing the build)/;

/** The lines of a failed build's output that say why, without the build's progress. */
const MESSAGE_LINES = 40;

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

/**
 * Builds the previews of review requests: each request's branch, at its tip, with the editor's own code, as
 * `npm run build` builds the site. A request's build starts from a copy of its last one, or of the published site's
 * (the base branch's tip, kept built here), so that the incremental build renders only the pages the request's
 * content changes (docs/build.md): the output is what a full build of the request's branch would write. One build
 * runs at a time on an instance (a build takes both cores); a request published to again while its build waits is
 * built once, at its newest tip. A build goes to a folder of its own and serves once it is whole: a preview never
 * shows half a build, and the one before serves until then.
 */
export function previewBuilds(options: PreviewBuildOptions): PreviewBuilds & {
  /** Reads the previews built before a restart, which serve at once. */
  load(): Promise<void>;
} {
  const now = options.now ?? Date.now;
  const dir = path.join(options.workDir, "previews");
  const bare = path.join(dir, "source.git");
  const states = new Map<number, PreviewState>();
  /** The tip waiting to be built for each key; a newer publish replaces it. */
  const waiting = new Map<number, string>();
  let queue: Promise<void> = Promise.resolve();
  let sequence = 0;

  const git = async (args: string[]) => (await run("git", args, { cwd: bare, maxBuffer: 64 * 1024 * 1024 })).stdout;

  const ready = (state: PreviewState | undefined): ReadyPreview | undefined =>
    state?.state === "ready" ? state : state && state.state !== "absent" ? state.previous : undefined;

  async function prepare() {
    if (!(await exists(bare))) {
      await fs.mkdir(bare, { recursive: true });
      await git(["init", "--quiet", "--bare"]);
    }
    // The build's server code imports the site's packages, which Node finds in a node_modules above it.
    const modules = path.join(dir, "node_modules");
    if (!path.resolve(dir).startsWith(path.resolve(options.root) + path.sep) && !(await exists(modules)))
      await fs.symlink(path.join(options.root, "node_modules"), modules, "dir");
  }

  /** The tip of `branch` on the source, fetched (only its last commit) under the key's ref. */
  async function fetchTip(key: number, branch: string): Promise<string> {
    const ref = `refs/previews/${key}`;
    await git(["fetch", "--quiet", "--no-tags", "--depth", "1", options.source, `+refs/heads/${branch}:${ref}`]);
    return (await git(["rev-parse", ref])).trim();
  }

  /** The content folders of `tip` written into `target` (site-config/ and public/), as a checkout holds them. */
  async function writeContent(tip: string, target: string) {
    await fs.mkdir(target, { recursive: true });
    await new Promise<void>((resolve, reject) => {
      const archive = spawn("git", ["archive", "--format=tar", tip, "--", "site-config", "public"], { cwd: bare });
      const tar = spawn("tar", ["-x", "-C", target]);
      archive.stdout.pipe(tar.stdin);
      let failed = "";
      archive.stderr.on("data", (chunk: Buffer) => (failed += chunk.toString()));
      archive.on("error", reject);
      tar.on("error", reject);
      tar.on("close", (code) =>
        code === 0 && !failed ? resolve() : reject(new Error(failed || `tar exited ${code}`)),
      );
    });
  }

  /** `npm run build`'s command over `buildDir` with the content in `contentDir`: whether it built, and its words. */
  function build(contentDir: string, buildDir: string): Promise<{ ok: boolean; output: string }> {
    return new Promise((resolve) => {
      const child = spawn(path.join(options.root, "node_modules", ".bin", "tsx"), ["scripts/build.ts"], {
        cwd: options.root,
        env: {
          ...process.env,
          NODE_ENV: "production",
          SITE_CONFIG_DIR: path.join(contentDir, "site-config"),
          SITE_PUBLIC_DIR: path.join(contentDir, "public"),
          BUILD_DIR: buildDir,
        },
      });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.on("error", (error) => resolve({ ok: false, output: `${output}\n${error.message}` }));
      child.on("close", (code) => resolve({ ok: code === 0, output }));
    });
  }

  /** The folder a new build of `key` starts as: a copy of its last build, else of the published site's, else nothing. */
  async function startingPoint(key: number): Promise<string | undefined> {
    const own = ready(states.get(key));
    if (own) return path.dirname(own.clientDir);
    const base = ready(states.get(BASE));
    if (base) return path.dirname(base.clientDir);
    if (options.seedBuild && (await exists(path.join(options.seedBuild, RECORD)))) return options.seedBuild;
    return undefined;
  }

  const pointer = (key: number) => path.join(dir, String(key), "current.json");

  async function buildTip(key: number, tip: string) {
    const previous = ready(states.get(key));
    const folder = path.join(dir, String(key), `${tip.slice(0, 12)}-${now()}-${++sequence}`);
    const buildDir = path.join(folder, "build");
    /** A build that failed leaves nothing behind; the preview before it still serves, and says why. */
    const failed = async (message: string) => {
      states.set(key, { state: "failed", tip, message, ...(previous && { previous }) });
      await fs.rm(folder, { recursive: true, force: true });
      options.onFailed?.(key, message);
    };
    try {
      await writeContent(tip, path.join(folder, "content"));
      const start = await startingPoint(key);
      // Times kept (cp -a): the build's record compares each output's size and time to know that nothing else touched
      // it, and builds every page otherwise.
      if (start) await run("cp", ["-a", start, buildDir]);
      const { ok, output } = await build(path.join(folder, "content"), buildDir);
      if (!ok) return await failed(output.trim().split("\n").slice(-MESSAGE_LINES).join("\n"));
      const summary = output.split("\n").find((line) => SUMMARY.test(line));
      const preview: ReadyPreview = {
        state: "ready",
        tip,
        builtAt: now(),
        clientDir: path.join(buildDir, "client"),
        ...(summary && { summary }),
      };
      const file = pointer(key);
      await fs.writeFile(`${file}.next`, JSON.stringify({ tip, builtAt: preview.builtAt, folder, summary }));
      await fs.rename(`${file}.next`, file);
      states.set(key, preview);
      if (previous) await fs.rm(path.dirname(path.dirname(previous.clientDir)), { recursive: true, force: true });
      if (key !== BASE) options.onReady?.(key, preview);
    } catch (error) {
      await failed(error instanceof Error ? error.message : String(error));
    }
  }

  /** Builds what waits for `key`, once the builds before it are done. */
  function enqueue(key: number, tip: string) {
    const queued = waiting.has(key);
    waiting.set(key, tip);
    // Waiting counts as building: the preview says a newer version is on its way from the moment it is asked for.
    const previous = ready(states.get(key));
    states.set(key, { state: "building", tip, since: now(), ...(previous && { previous }) });
    if (queued) return;
    const step = async () => {
      const next = waiting.get(key);
      waiting.delete(key);
      if (next) await buildTip(key, next);
    };
    queue = queue.then(step, step);
  }

  const isCurrent = (key: number, tip: string) => {
    const state = states.get(key);
    return waiting.get(key) === tip || (state && state.state !== "absent" && state.tip === tip);
  };

  let prepared: Promise<void> | undefined;
  return {
    async load() {
      await (prepared ??= prepare());
      for (const name of await fs.readdir(dir)) {
        const key = Number(name);
        if (!Number.isInteger(key)) continue;
        const text = await fs.readFile(pointer(key), "utf8").catch(() => undefined);
        if (!text) continue;
        const kept = JSON.parse(text) as { tip: string; builtAt: number; folder: string; summary?: string };
        const clientDir = path.join(kept.folder, "build", "client");
        if (await exists(clientDir))
          states.set(key, {
            state: "ready",
            tip: kept.tip,
            builtAt: kept.builtAt,
            clientDir,
            ...(kept.summary && { summary: kept.summary }),
          });
      }
    },
    stateOf: (number) => states.get(number) ?? { state: "absent" },
    async refresh(number) {
      await (prepared ??= prepare());
      const branch = await options.branchOf(number);
      if (!branch) return;
      // The published site's build is where a request's first build starts; a request built before starts from its own.
      if (!ready(states.get(number))) {
        const baseTip = await fetchTip(BASE, options.baseBranch);
        if (!isCurrent(BASE, baseTip)) enqueue(BASE, baseTip);
      }
      const tip = await fetchTip(number, branch);
      if (!isCurrent(number, tip)) enqueue(number, tip);
    },
    async keepOnly(open) {
      const keep = new Set([BASE, ...open]);
      for (const key of [...states.keys()].filter((key) => !keep.has(key))) {
        // A build under way for it ends as it would; it is removed on the next call.
        if (waiting.has(key) || states.get(key)?.state === "building") continue;
        states.delete(key);
        await fs.rm(path.join(dir, String(key)), { recursive: true, force: true });
      }
    },
    settled: async () => {
      let seen: Promise<void> | undefined;
      while (seen !== queue) await (seen = queue);
    },
  };
}
