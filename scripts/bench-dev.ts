/**
 * `npm run bench:dev`: how `npm run dev` scales with the number of routes (docs/build.md, "npm run dev"). For the site
 * as it is and grown to about 10,000 routes (scripts/measure/scaled-site.ts, a temporary copy passed through
 * SITE_CONFIG_DIR), it starts React Router's dev server and times, from its start, the first industry page served;
 * then changes that page's heading five times, saved as an editor saves, and times from each save to the page with
 * the new heading served as a browser gets it: connected to the dev server as its page is, told to reload, and asking
 * for the page then (asking again and again instead kept the server rendering the page as it was when the save came).
 * It measures; it fails only where a figure at 10,000 routes is more than twice its goal.
 *
 *   npm run bench:dev                # the site, ~10,000 routes
 *   npm run bench:dev -- 1000        # about these route counts
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { performance } from "node:perf_hooks";
import WebSocket from "ws";
import { benchDevErrors, benchDevLines, catalogueError } from "../contract/errors.ts";
import { ROOT } from "../toolchain/paths.ts";
import { printToStderr } from "../toolchain/print.ts";
import { benchmark } from "./measure/benchmark.ts";

/** The goals at 10,000 routes (issue 47), in ms: a figure past twice its goal fails the benchmark. */
const GOALS = { start: 5_000, change: 300 };
const GOAL_ROUTES = 10_000;
const CHANGES = 5;
const START_LIMIT_MS = 180_000;
const CHANGE_LIMIT_MS = 30_000;

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** The page's HTML as the dev server serves it now, or undefined while it does not answer 200. */
async function served(url: string): Promise<string | undefined> {
  try {
    const response = await fetch(url);
    const text = await response.text();
    return response.status === 200 ? text : undefined;
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks for the page until `done` holds for what it serves, and answers the ms since `since`, or undefined past `limit`. */
async function until(url: string, done: (html: string) => boolean, since: number, limit: number) {
  while (performance.now() - since < limit) {
    const html = await served(url);
    if (html !== undefined && done(html)) return performance.now() - since;
    await sleep(10);
  }
  return undefined;
}

/**
 * Connects to the dev server as its page's script does (Vite's client: the token it is served with, Vite's protocol)
 * and calls `onReload` each time the server tells its pages to reload.
 */
async function reloadsOf(origin: string, onReload: () => void): Promise<WebSocket> {
  const client = await (await fetch(`${origin}/@vite/client`)).text();
  const token = /const wsToken = "([^"]+)"/.exec(client)?.[1] ?? "";
  const socket = new WebSocket(`${origin.replace("http", "ws")}/?token=${token}`, "vite-hmr");
  socket.on("message", (data: Buffer) => {
    if ((JSON.parse(data.toString()) as { type?: string }).type === "full-reload") onReload();
  });
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  return socket;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface DevFigures {
  start: number;
  changes: number[];
}

/** The dev server on `configDir`: the first page served after its start, then each saved change served. */
async function timeDev(configDir: string, pageFile: string): Promise<DevFigures> {
  const page = JSON.parse(fs.readFileSync(pageFile, "utf8")) as { path: string; blocks: { heading?: string }[] };
  const port = await freePort();
  const url = `http://127.0.0.1:${port}${page.path}`;
  const started = performance.now();
  const server: ChildProcess = spawn(
    path.join(ROOT, "node_modules", ".bin", "react-router"),
    ["dev", "--host", "127.0.0.1", "--port", String(port), "--strictPort"],
    {
      cwd: ROOT,
      env: { ...process.env, SITE_CONFIG_DIR: configDir },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  );
  let output = "";
  server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  try {
    const start = await until(url, () => true, started, START_LIMIT_MS);
    if (start === undefined)
      throw catalogueError(benchDevErrors.notServed, {
        url,
        seconds: START_LIMIT_MS / 1000,
        output: output.slice(-3000),
      });
    let reloaded = () => undefined as void;
    const socket = await reloadsOf(`http://127.0.0.1:${port}`, () => reloaded());
    const changes: number[] = [];
    try {
      for (let n = 1; n <= CHANGES; n++) {
        const heading = `Measured change ${n} at ${Date.now()}`;
        page.blocks[0]!.heading = heading;
        let timer: NodeJS.Timeout | undefined;
        const reload = new Promise<boolean>((resolve) => {
          reloaded = () => resolve(true);
          timer = setTimeout(() => resolve(false), CHANGE_LIMIT_MS);
        });
        const saved = performance.now();
        fs.writeFileSync(pageFile, `${JSON.stringify(page, null, 2)}\n`);
        const told = await reload;
        clearTimeout(timer);
        const shown = told ? await until(url, (html) => html.includes(heading), saved, CHANGE_LIMIT_MS) : undefined;
        if (shown === undefined)
          throw catalogueError(benchDevErrors.changeNotShown, { url, seconds: CHANGE_LIMIT_MS / 1000 });
        changes.push(shown);
        // The watcher's events of one save settle, and the validation it started ends, before the next.
        await sleep(500);
      }
    } finally {
      socket.close();
    }
    return { start, changes };
  } finally {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

await benchmark(async ({ siteRoutes, targets, label, site, goal, table }) => {
  const rows: string[][] = [];
  for (const target of targets([siteRoutes, GOAL_ROUTES])) {
    const { dir, routes, onePage } = site(target);
    const figures = await timeDev(dir, onePage ?? path.join(dir, "pages", "industries", "auto-insurance.json"));
    rows.push([
      label(target),
      String(routes),
      seconds(figures.start),
      `${Math.round(median(figures.changes))} ms`,
      `${Math.round(Math.max(...figures.changes))} ms`,
    ]);
    if (routes >= GOAL_ROUTES) {
      goal("dev start ms", figures.start, GOALS.start);
      goal("dev change ms", median(figures.changes), GOALS.change);
    }
    printToStderr(benchDevLines.progress, { routes });
  }
  table(["site", "routes", "first page served", "a change served (median)", "slowest change"], rows);
});
