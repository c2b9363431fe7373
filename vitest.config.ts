import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { siteIcons } from "./scripts/vite-plugins.ts";

export default defineConfig({
  plugins: [siteIcons({ all: true }), react()],
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
    exclude: ["tests/e2e/**", "node_modules/**"],
    testTimeout: 20_000,
  },
});
