import type { Config } from "@react-router/dev/config";
import { builtPaths } from "./renderer/content/pages.server.ts";

export default {
  appDirectory: "renderer",
  // BUILD_DIR lets a second build (benchmarks, parallel checks) write elsewhere than the served one.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Static site: every page is prerendered at build time; there is no runtime rendering server.
  ssr: false,
  prerender: () => [...builtPaths(), "/404", "/sitemap.xml", "/robots.txt"],
} satisfies Config;
