/**
 * `npm start`: rebuild the site when the build is missing or older than any source, then serve it
 * (and the lead API) from one process. BUILD_DIR chooses the build directory (default: build).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { startLines } from "../contract/errors.ts";
import { main } from "../server/main.ts";
import { print } from "./lib/print.ts";

const root = path.resolve(import.meta.dirname, "..");
const SOURCES = [
  "site-config",
  "schemas",
  "renderer",
  "blocks",
  "public",
  "scripts",
  "package-lock.json",
  "react-router.config.ts",
  "vite.config.ts",
];
/** Outputs of `npm run gen`, rewritten on every install: they follow the schemas, which are watched. */
const DERIVED = new Set([path.join(root, "renderer", "generated")]);

function newestMtime(target: string): number {
  if (!existsSync(target) || DERIVED.has(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(target, name))),
    stat.mtimeMs,
  );
}

const builtPage = path.resolve(root, process.env.BUILD_DIR ?? "build", "client", "index.html");
const builtAt = existsSync(builtPage) ? statSync(builtPage).mtimeMs : 0;
const changedAt = Math.max(...SOURCES.map((source) => newestMtime(path.join(root, source))));

if (builtAt < changedAt) {
  print(builtAt ? startLines.rebuilding : startLines.building);
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.chdir(root);
await main();
