import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { PUBLIC_DIR } from "./toolchain/paths.ts";
import { chakraClientSystem, chakraTreeShaking } from "./scripts/pipeline/chakra-patches.ts";
import {
  clientManifest,
  imageFiles,
  notWatched,
  leadApiOrigin,
  siteConfigValidation,
  siteIcons,
} from "./toolchain/vite-plugins.ts";

export default defineConfig(({ command }) => ({
  // The server build carries Chakra and the packages it is made of (Ark, Zag) instead of importing them from
  // node_modules/: as ES modules they are over a thousand files, which each prerendering process took 1.5 s to load. The
  // development server keeps them apart (a page is rendered once per edit, and Vite would transform them all as it starts).
  ssr: command === "build" ? { noExternal: ["@chakra-ui/react", "@ark-ui/react", /^@zag-js\//] } : {},
  plugins: [
    siteConfigValidation(),
    siteIcons(),
    chakraTreeShaking(),
    chakraClientSystem(),
    leadApiOrigin(),
    clientManifest(),
    imageFiles(),
    reactRouter(),
  ],
  server: { watch: { ignored: [notWatched] } },
  // public/, or the folder SITE_PUBLIC_DIR names (contract/content.server.ts): the one the pages' files are read from.
  publicDir: PUBLIC_DIR,
  build: {
    target: "es2022",
    sourcemap: process.env.SOURCEMAP === "1",
    // The only chunks over Vite's 500 kB are the video player's streaming engines (HLS, DASH and the like), each
    // fetched only by a video that streams in that format; every page's own JavaScript is held to its budget by
    // `npm run budgets`. The limit stays in place for anything larger.
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      // A report of plugin callback times is for whoever profiles the build, not for every build.
      checks: { pluginTimings: false },
    },
  },
}));
