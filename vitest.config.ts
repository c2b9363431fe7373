import fs from "node:fs";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { siteIcons } from "./scripts/vite-plugins.ts";

const root = import.meta.dirname;

export default defineConfig({
  plugins: [siteIcons({ all: true }), react()],
  // node_modules may be a link (a throwaway copy of the project in a test shares the installed packages): files
  // imported with `?url` from there must be served from where the link points.
  server: { fs: { allow: [root, fs.realpathSync(path.join(root, "node_modules"))] } },
  test: {
    environment: "jsdom",
    setupFiles: ["tests/setup.ts"],
    include: [
      "tests/**/*.test.{ts,tsx}",
      "blocks/**/*.test.{ts,tsx}",
      "renderer/**/*.test.{ts,tsx}",
      "kit/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "editor/**/*.test.{ts,tsx}",
    ],
    exclude: ["tests/e2e/**", "node_modules/**", "**/*.slow.test.{ts,tsx}"],
    testTimeout: 20_000,
  },
});
