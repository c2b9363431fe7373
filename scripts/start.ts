/**
 * `npm start`: rebuild the site when the build is missing or older than any source, then serve it
 * (and the lead API) from one process. BUILD_DIR chooses the build directory (default: build).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { startLines } from "../contract/errors.ts";
import { main } from "../server/main.ts";
import { buildAge } from "./pipeline/build-fresh.ts";
import { print } from "../toolchain/print.ts";

const root = path.resolve(import.meta.dirname, "..");
const { builtAt, changedAt } = buildAge(root, path.resolve(root, process.env.BUILD_DIR ?? "build"));

if (builtAt < changedAt) {
  print(builtAt ? startLines.rebuilding : startLines.building);
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.chdir(root);
await main();
