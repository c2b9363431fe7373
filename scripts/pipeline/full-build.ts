/**
 * What a full build does once React Router has written the bundles: every page rendered (prerender.ts) while the preview
 * cards are placed, the pictures' files and originals the pages name, the redirects' pages, and the record the next
 * build starts from (incremental-build.ts).
 */
import path from "node:path";
import { prerenderedPaths } from "../../contract/content.server.ts";
import {
  PICTURE_NAME,
  builtPages,
  namedByPages,
  publishImageFiles,
  publishOriginals,
} from "../../imaging/image-files.ts";
import { placeSiteCards } from "../../toolchain/preview-cards.ts";
import { validateConfig } from "../../toolchain/validate.ts";
import { recordFullBuild } from "./incremental-build.ts";
import { prerenderSite } from "./prerender.ts";
import { writeRedirectPages } from "./redirect-pages.ts";

export async function finishFullBuild({
  buildDirectory,
  serverBuildFile,
  log,
}: {
  buildDirectory: string;
  serverBuildFile: string;
  log: (line: string) => void;
}) {
  const rendering = prerenderSite({
    buildDirectory,
    serverBuildFile,
    ...prerenderedPaths(),
    // Kept for the next build, which renders again with it what a change of content alters (recordFullBuild).
    keepServerBuild: true,
    // What each page names, found as it is written: reading 10,000 pages again took 4.6 s.
    matching: PICTURE_NAME,
  });
  // Awaited below, once the cards are placed.
  rendering.catch(() => undefined);
  const client = path.join(buildDirectory, "client");
  // Placed while the pages render, by this process, which only hands the prerendering processes their paths
  // meanwhile: in React Router's build they took 0.5-0.6 s more of it, loading the content for them.
  const cards = await placeSiteCards(client);
  const rendered = cards.cards.filter((card) => !card.cached).length;
  log(
    `preview cards: ${cards.cards.length} placed, ${rendered} rendered, ${cards.cards.length - rendered} from cache ` +
      `(${Math.round(cards.ms)} ms)`,
  );
  const { files, ms, matches } = await rendering;
  log(`prerendered ${files} files in ${(ms / 1000).toFixed(1)} s`);
  // The pictures' files the pages name, made (or found in the cache) while they rendered.
  const pages = builtPages(client, matches);
  const named = namedByPages(pages);
  publishImageFiles(client, named);
  // The originals Vite copied from public/: none a page does not name, none with its camera's metadata.
  await publishOriginals(client, named);
  // After the pictures, which are those the pages name: a redirect's page names none.
  writeRedirectPages(buildDirectory);
  const keepServerBuild = process.env.KEEP_SERVER_BUILD === "1";
  await recordFullBuild(buildDirectory, { icons: validateConfig().icons, pages, keepServerBuild, cards: cards.cards });
}
