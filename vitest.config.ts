import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { siteIcons } from "./toolchain/site-icons-plugin.ts";
import { gateReporters } from "./tests/support/gate-times.ts";
import { keepProjectModules } from "./tests/support/module-cache.ts";

const root = import.meta.dirname;

/** Where unit test files live (copies of the project under .cache/ hold test files too, which are not ours to run). */
const UNIT_ROOTS = ["tests", "blocks", "renderer", "kit", "server", "toolchain", "editor", "imaging"];
const OTHER_TIERS = ["tests/e2e/**", "node_modules/**", "**/*.slow.test.{ts,tsx}", "**/*.whole.test.{ts,tsx}"];

/**
 * Test files that set the environment content is loaded with (`vi.stubEnv`) for everything they import, or replace a
 * module (`vi.mock`): they need a module registry of their own. A file that can pass what it sets to the code it
 * tests (`openSqlite`'s connection, `siteRoutes`' NODE_ENV) does so and shares its worker's.
 */
const ISOLATED = ["tests/marketer-path.test.tsx"];

/** Vitest's transformed modules kept between runs (every tier's configs use it; docs/quality.md, "Tiers"). */
export const FS_MODULE_CACHE = { fsModuleCache: true };

/** The run's temporary files in one folder, removed after it (every tier's configs use it). */
export const RUN_TEMP_DIR = "tests/support/run-temp-dir.ts";

/** What every tier's files run with; `vitest.slow.config.ts` uses it too. */
export const testOptions: {
  environment: "jsdom";
  globalSetup: string[];
  setupFiles: string[];
  testTimeout: number;
} = {
  environment: "jsdom",
  globalSetup: [RUN_TEMP_DIR],
  setupFiles: ["tests/setup.ts"],
  testTimeout: 20_000,
};

/**
 * Files that render or touch a document: components, the editor app's hooks, the islands runtime, the browser kit. The other `.test.ts`
 * files (schemas, commands, the server) run in Node's own environment, without a jsdom window built for each file.
 */
const DOM_TS_DIRS = ["editor/app", "renderer/islands", "kit"];
const DOM_FILES = [
  ...UNIT_ROOTS.map((dir) => `${dir}/**/*.test.tsx`),
  ...DOM_TS_DIRS.map((dir) => `${dir}/**/*.test.ts`),
];
/** `.test.ts` files outside the folders above: a root's own files, and each of its folders but those (`editor/!(app)/**`). */
const NODE_FILES = UNIT_ROOTS.filter((dir) => !DOM_TS_DIRS.includes(dir)).flatMap((dir) => {
  const domFolders = DOM_TS_DIRS.filter((domDir) => domDir.startsWith(`${dir}/`)).map((domDir) =>
    domDir.slice(dir.length + 1),
  );
  return domFolders.length === 0
    ? [`${dir}/**/*.test.ts`]
    : [`${dir}/*.test.ts`, `${dir}/!(${domFolders.join("|")})/**/*.test.ts`];
});

/**
 * Files that name their environment in their first lines (`// @vitest-environment node`) run in the project of that
 * environment, wherever they are. A worker is kept for the next file only when that file's project and environment are
 * its own: one file of another environment among a project's files ended a worker and started two (one for it, one
 * after it), each loading React, Chakra and jsdom again.
 */
function filesNaming(environment: "node" | "jsdom"): string[] {
  const pragma = new RegExp(`@vitest-environment\\s+${environment}\\b`);
  // A copy of the project may hold only some of the roots (a test's copy of what a command needs).
  return UNIT_ROOTS.filter((dir) => fs.existsSync(path.join(root, dir))).flatMap((dir) =>
    fs
      .readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
      .filter((file) => /\.test\.tsx?$/.test(file))
      .map((file) => `${dir}/${file.split(path.sep).join("/")}`)
      .filter((file) => pragma.test(fs.readFileSync(path.join(root, file), "utf8").slice(0, 500))),
  );
}
const NAMING_NODE = filesNaming("node");
const NAMING_JSDOM = filesNaming("jsdom");

export default defineConfig({
  plugins: [siteIcons({ all: true }), react(), keepProjectModules(root)],
  // node_modules may be a link (a throwaway copy of the project in a test shares the installed packages): files
  // imported with `?url` from there must be served from where the link points.
  server: { fs: { allow: [root, fs.realpathSync(path.join(root, "node_modules"))] } },
  test: {
    // Vitest leaves one core to itself by default, which on a 2-core machine means one worker: its own work (module
    // transforms) is light once the first files have run, so both cores run tests.
    maxWorkers: Math.max(os.availableParallelism(), 2),
    // The modules as Vitest transformed them are kept on disk by their content and the configuration
    // (node_modules/.experimental-vitest-cache, emptied when the lockfile changes): a run transforms only the files that
    // changed since the last, and the gate keeps the folder between runs (.ci/run).
    experimental: FS_MODULE_CACHE,
    // scripts/test-pg.sh runs this config's PostgreSQL files against its throwaway cluster: the gate's PostgreSQL tier.
    ...gateReporters(process.env.DATABASE_URL ? "postgresql" : "unit"),
    // Each project names its own files: a project's lists would be appended to lists set here, not replace them.
    projects: [
      // Most files share one module registry per worker: React, Chakra, jsdom and the compiled schemas are loaded
      // once, not once per file, which takes three quarters of the CPU time off the unit tier.
      {
        extends: true,
        test: {
          ...testOptions,
          name: "shared",
          include: [...DOM_FILES, ...NAMING_JSDOM],
          exclude: [...OTHER_TIERS, ...ISOLATED, ...NAMING_NODE],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          ...testOptions,
          environment: "node",
          setupFiles: [],
          name: "node",
          include: [...NODE_FILES, ...NAMING_NODE],
          exclude: [...OTHER_TIERS, ...ISOLATED, ...NAMING_JSDOM],
          isolate: false,
        },
      },
      { extends: true, test: { ...testOptions, name: "isolated", include: ISOLATED, exclude: OTHER_TIERS } },
    ],
  },
});
