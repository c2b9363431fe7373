import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** What a build is made from: a build older than any of these is stale. */
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
const DERIVED = ["renderer/generated"];

function newestMtime(target: string, derived: ReadonlySet<string>): number {
  if (!existsSync(target) || derived.has(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(target, name), derived)),
    stat.mtimeMs,
  );
}

/** When the build in `buildDir` was made (0: none), and when the newest of its sources in `root` changed. */
export function buildAge(root: string, buildDir: string): { builtAt: number; changedAt: number } {
  const builtPage = path.join(buildDir, "client", "index.html");
  const builtAt = existsSync(builtPage) ? statSync(builtPage).mtimeMs : 0;
  const derived = new Set(DERIVED.map((dir) => path.join(root, dir)));
  const changedAt = Math.max(...SOURCES.map((source) => newestMtime(path.join(root, source), derived)));
  return { builtAt, changedAt };
}

/** Whether `buildDir` holds a build newer than every source of `root`. */
export const buildIsFresh = (root: string, buildDir: string) => {
  const { builtAt, changedAt } = buildAge(root, buildDir);
  return builtAt >= changedAt;
};
