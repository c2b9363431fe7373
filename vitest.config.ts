import fs from "node:fs";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { siteIcons } from "./scripts/vite-plugins.ts";

const root = import.meta.dirname;

const UNIT_FILES = [
  "tests/**/*.test.{ts,tsx}",
  "blocks/**/*.test.{ts,tsx}",
  "renderer/**/*.test.{ts,tsx}",
  "kit/**/*.test.{ts,tsx}",
  "server/**/*.test.ts",
  "editor/**/*.test.{ts,tsx}",
];
const OTHER_TIERS = ["tests/e2e/**", "node_modules/**", "**/*.slow.test.{ts,tsx}"];

/**
 * Test files that replace a module (`vi.mock`) or set the environment content is loaded with (`vi.stubEnv`) for
 * everything they import: they need a module registry of their own.
 */
const ISOLATED = [
  "server/db/sqlite-open.test.ts",
  "blocks/video/Video.test.tsx",
  "tests/block-catalogue.test.tsx",
  "tests/marketer-path.test.tsx",
];

/** What every tier's files run with; `vitest.slow.config.ts` uses it too. */
export const testOptions: { environment: "jsdom"; setupFiles: string[]; testTimeout: number } = {
  environment: "jsdom",
  setupFiles: ["tests/setup.ts"],
  testTimeout: 20_000,
};

export default defineConfig({
  plugins: [siteIcons({ all: true }), react()],
  // node_modules may be a link (a throwaway copy of the project in a test shares the installed packages): files
  // imported with `?url` from there must be served from where the link points.
  server: { fs: { allow: [root, fs.realpathSync(path.join(root, "node_modules"))] } },
  test: {
    // Each project names its own files: a project's lists would be appended to lists set here, not replace them.
    projects: [
      // Most files share one module registry per worker: React, Chakra, jsdom and the compiled schemas are loaded
      // once, not once per file, which takes three quarters of the CPU time off the unit tier.
      {
        extends: true,
        test: {
          ...testOptions,
          name: "shared",
          include: UNIT_FILES,
          exclude: [...OTHER_TIERS, ...ISOLATED],
          isolate: false,
        },
      },
      { extends: true, test: { ...testOptions, name: "isolated", include: ISOLATED, exclude: OTHER_TIERS } },
    ],
  },
});
