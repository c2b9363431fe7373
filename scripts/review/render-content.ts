/**
 * The build's last step alone: `node --import tsx scripts/review/render-content.ts <build> <into>`, run in a
 * checkout, copies <build> (made with KEEP_SERVER_BUILD=1) into <into> without the files the prerenderer writes, then
 * renders the checkout's site-config/ there with <build>'s server build, as the build would. The server build reads
 * the content when it renders; the only content the bundles carry is the set of icons that content names. So for a
 * change to site-config/ alone that names no other icon, this writes what a full build of the change writes, in a
 * fraction of its time (builds.ts `rendersWithBaseCode` checks both conditions; tests/review.whole.test.ts compares the
 * result with a full build).
 */
import fs from "node:fs";
import path from "node:path";
import { prerenderedPaths } from "../../contract/content.server.ts";
import { prerenderSite } from "../pipeline/prerender.ts";

const [from, into] = process.argv.slice(2).map((dir) => path.resolve(dir));
const { documents, resources } = prerenderedPaths();
const client = path.join(from!, "client");
const written = new Set(resources.map((resource) => path.join(client, resource)));

fs.rmSync(into!, { recursive: true, force: true });
fs.cpSync(from!, into!, {
  recursive: true,
  filter: (file) => !written.has(file) && !(file.startsWith(client) && path.basename(file) === "index.html"),
});
// The prerendering processes read the client build's manifest from BUILD_DIR, as under the build.
process.env.BUILD_DIR = into;
await prerenderSite({ buildDirectory: into!, serverBuildFile: "index.js", documents, resources });
