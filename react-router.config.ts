import type { Config } from "@react-router/dev/config";
import { FINISHED_BY_CALLER } from "./scripts/pipeline/finished-by-caller.ts";

export default {
  appDirectory: "renderer",
  // BUILD_DIR lets a second build (benchmarks, parallel checks) write elsewhere than the served one.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Static site: every page is prerendered at build time and there is no runtime rendering server. The build's own
  // prerenderer does it (scripts/pipeline/prerender.ts) in two processes, where React Router's renders one page at a time;
  // `ssr: true` only keeps React Router's server build for it, which then waits beside the output for the next build.
  ssr: true,
  async buildEnd({ reactRouterConfig, viteConfig }) {
    if (process.env[FINISHED_BY_CALLER] === "1") return;
    // Imported here, at the build's end: the dev server and React Router's typegen load this file too, and the
    // build's end imports the prerenderer, the record and validation, hundreds of modules they never run.
    const { finishFullBuild } = await import("./scripts/pipeline/full-build.ts");
    await finishFullBuild({
      buildDirectory: reactRouterConfig.buildDirectory,
      serverBuildFile: reactRouterConfig.serverBuildFile,
      log: (line) => viteConfig.logger.info(line),
    });
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
