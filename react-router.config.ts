import type { Config } from "@react-router/dev/config";
import { allPaths } from "./renderer/content/pages.server.ts";

export default {
  appDirectory: "renderer",
  // BUILD_DIR lets a second build (benchmarks, parallel checks) write elsewhere than the served one.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Static site: every page is prerendered at build time; there is no runtime rendering server.
  ssr: false,
  // PRERENDER_ONLY (a path prefix) prerenders only the pages under it: the generated-pages check builds its own pages
  // and leaves out the site's, which the main build already covers.
  prerender: () => [
    ...allPaths().filter((page) => !process.env.PRERENDER_ONLY || page.startsWith(process.env.PRERENDER_ONLY)),
    "/404",
    "/sitemap.xml",
    "/robots.txt",
  ],
} satisfies Config;
