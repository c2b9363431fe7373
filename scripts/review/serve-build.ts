import path from "node:path";
import Fastify from "fastify";
import { staticSite } from "../../server/site/static-site.ts";

export interface ServedBuild {
  url: string;
  close: () => Promise<void>;
}

/**
 * Serves a build's client/ folder as production serves it (the server's static-site plugin: pages, assets, the 404
 * page), without the lead API: the pages are only looked at. Listens on a free port of 127.0.0.1.
 */
export async function serveBuild(buildDir: string): Promise<ServedBuild> {
  const app = Fastify({ logger: false });
  await app.register(staticSite, {
    siteDir: path.join(buildDir, "client"),
    connectSrc: [],
    upgradeInsecureRequests: false,
  });
  const url = await app.listen({ host: "127.0.0.1", port: 0 });
  return { url, close: () => app.close() };
}
