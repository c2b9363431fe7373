/**
 * The build's last step alone: `node --import tsx scripts/review/render-content.ts <build> <into>`, run in a
 * checkout, copies <build> (a full build, its record and server build kept) into <into> and renders there, with
 * <build>'s server build, what the checkout's site-config/ changes: the incremental build (docs/build.md), which writes
 * what a full build of the change writes, in the time its affected pages take. The server build reads the content when
 * it renders; the only content the bundles carry is the set of icons that content names (builds.ts
 * `rendersWithBaseCode` checks it before). Where the copy's record does not hold (a file beside the code that only one
 * side has), every page is rendered again instead. tests/review.whole.test.ts compares the result with a full build.
 */
import fs from "node:fs";
import path from "node:path";
import { prerenderedPaths } from "../../contract/content.server.ts";
import { validateConfig } from "../../toolchain/validate.ts";
import { buildIncrementally } from "../pipeline/incremental-build.ts";
import { prerenderSite } from "../pipeline/prerender.ts";

const [from, into] = process.argv.slice(2).map((dir) => path.resolve(dir));

fs.rmSync(into!, { recursive: true, force: true });
// With the files' times: the record checks that the output is what the base's build left.
fs.cpSync(from!, into!, { recursive: true, preserveTimestamps: true });
// The prerendering processes read the client build's manifest from BUILD_DIR, as under the build.
process.env.BUILD_DIR = into;
const outcome = await buildIncrementally(into!, () => validateConfig().icons);
if (outcome.kind === "full") {
  const { documents, resources } = prerenderedPaths();
  const client = path.join(into!, "client");
  // None of the base's pages stays: one the head removed would otherwise be served as if it were still there.
  for (const entry of fs.readdirSync(client, { recursive: true, withFileTypes: true }))
    if (entry.isFile() && entry.name === "index.html") fs.rmSync(path.join(entry.parentPath, entry.name));
  for (const resource of resources) fs.rmSync(path.join(client, resource), { force: true });
  await prerenderSite({
    buildDirectory: into!,
    serverBuildFile: "index.js",
    documents,
    resources,
    keepServerBuild: true,
  });
}
