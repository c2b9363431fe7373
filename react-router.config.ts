import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { prerenderedPaths } from "./contract/content.server.ts";
import { prerenderSite } from "./scripts/pipeline/prerender.ts";
import { recordFullBuild } from "./scripts/pipeline/incremental-build.ts";
import { writeRedirectPages } from "./scripts/pipeline/redirect-pages.ts";
import { validateConfig } from "./toolchain/validate.ts";
import { builtPages, namedByPages, publishImageFiles, publishOriginals } from "./imaging/image-files.ts";

export default {
  appDirectory: "renderer",
  // BUILD_DIR lets a second build (benchmarks, parallel checks) write elsewhere than the served one.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Static site: every page is prerendered at build time and there is no runtime rendering server. The build's own
  // prerenderer does it (scripts/pipeline/prerender.ts) in two processes, where React Router's renders one page at a time;
  // `ssr: true` only keeps React Router's server build for it, which then waits beside the output for the next build.
  ssr: true,
  async buildEnd({ reactRouterConfig, viteConfig }) {
    const { files, ms } = await prerenderSite({
      buildDirectory: reactRouterConfig.buildDirectory,
      serverBuildFile: reactRouterConfig.serverBuildFile,
      ...prerenderedPaths(),
      // Kept for the next build, which renders again with it what a change of content alters (recordFullBuild).
      keepServerBuild: true,
    });
    viteConfig.logger.info(`prerendered ${files} files in ${(ms / 1000).toFixed(1)} s`);
    // The pictures' files the pages name, made (or found in the cache) while they rendered.
    const client = path.join(reactRouterConfig.buildDirectory, "client");
    const pages = builtPages(client);
    const named = namedByPages(pages);
    publishImageFiles(client, named);
    // The originals Vite copied from public/: none a page does not name, none with its camera's metadata.
    await publishOriginals(client, named);
    // After the pictures, which are those the pages name: a redirect's page names none.
    writeRedirectPages(reactRouterConfig.buildDirectory);
    const keepServerBuild = process.env.KEEP_SERVER_BUILD === "1";
    await recordFullBuild(reactRouterConfig.buildDirectory, { icons: validateConfig().icons, pages, keepServerBuild });
  },
  // React Router v8's changes, declined explicitly so that the build does not warn about each of them: they change
  // how the prerenderer requests and names its data and how the build is split, which the islands' manifest reading
  // depends on. Turn them on together with the v8 upgrade, checked with `npm test` and `npm run test:e2e`.
  future: {
    v8_middleware: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
  },
} satisfies Config;
