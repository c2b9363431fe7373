// @vitest-environment node
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildErrors, messageOf } from "../contract/errors.ts";
import { loadedContent } from "../contract/content.server.ts";
import { prerenderSite } from "../scripts/pipeline/prerender.ts";

const root = path.resolve(import.meta.dirname, "..");

/**
 * A server build as React Router writes it, reduced to what a request needs: a layout with a page route for every
 * path, whose loader fails for /broken, and a robots.txt resource route. The document is the requested URL, so the
 * test sees which URL each file was rendered from.
 */
const SERVER_BUILD = `
const route = (id, parentId, path, module) => ({ id, parentId, path, module });
export const entry = {
  module: {
    default: (request, status, headers) =>
      new Response(\`<!DOCTYPE html><p>\${new URL(request.url).pathname}</p>\`, { status, headers }),
  },
};
export const routes = {
  root: route("root", undefined, "", { default: () => null }),
  page: route("page", "root", "*", {
    default: () => null,
    loader: ({ request }) => {
      if (new URL(request.url).pathname.startsWith("/broken")) throw new Error("The page document could not be read");
      return null;
    },
  }),
  robots: route("robots", "root", "robots.txt", { loader: () => new Response("User-agent: *\\n") }),
};
const manifestRoute = (id, parentId, path, hasLoader) => ({
  id, parentId, path, hasLoader, hasAction: false, hasClientAction: false, hasClientLoader: false,
  hasClientMiddleware: false, hasErrorBoundary: false, module: "/route.js", imports: [],
});
export const assets = {
  entry: { module: "/entry.js", imports: [] },
  routes: {
    root: manifestRoute("root", undefined, "", false),
    page: manifestRoute("page", "root", "*", true),
    robots: manifestRoute("robots", "root", "robots.txt", true),
  },
  url: "/manifest.js",
  version: "1",
};
export const assetsBuildDirectory = "client";
export const basename = "/";
export const future = {};
export const ssr = true;
export const isSpaMode = false;
export const prerender = [];
export const publicPath = "/";
export const routeDiscovery = { mode: "initial" };
`;

let buildDirectory: string;

/** A build directory inside the project, so that the prerenderer resolves React Router as the real build does. */
/** The fixture's server build with each page showing `shown` (the text of a template literal) instead of its path. */
function serverBuildShowing(shown: string): string {
  const serverBuild = SERVER_BUILD.replace("<p>${new URL(request.url).pathname}</p>", shown);
  expect(serverBuild).not.toBe(SERVER_BUILD);
  return serverBuild;
}

function buildWith(serverBuild: string) {
  fs.mkdirSync(path.join(root, ".cache"), { recursive: true });
  buildDirectory = fs.mkdtempSync(path.join(root, ".cache", "prerender-site-"));
  fs.mkdirSync(path.join(buildDirectory, "server"));
  fs.mkdirSync(path.join(buildDirectory, "client"));
  fs.writeFileSync(path.join(buildDirectory, "server", "index.js"), serverBuild);
  return { buildDirectory, serverBuildFile: "index.js" };
}

/** Every file of the client build, by path, with its text. */
const clientFiles = () =>
  Object.fromEntries(
    fs
      .readdirSync(path.join(buildDirectory, "client"), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const file = path.join(entry.parentPath, entry.name);
        return [path.relative(path.join(buildDirectory, "client"), file), fs.readFileSync(file, "utf8")];
      }),
  );

afterEach(() => fs.rmSync(buildDirectory, { recursive: true, force: true }));

describe("the build's prerenderer", () => {
  it("writes each document as <path>/index.html, requested with a trailing slash, and each resource as its file", async () => {
    const documents = ["/", "/about", "/industries/pet-insurance", "/404", "/terms", "/privacy"];
    const { files } = await prerenderSite({ ...buildWith(SERVER_BUILD), documents, resources: ["/robots.txt"] });
    expect(files).toBe(7);
    expect(clientFiles()).toEqual({
      "index.html": "<!DOCTYPE html><p>/</p>",
      "about/index.html": "<!DOCTYPE html><p>/about/</p>",
      "industries/pet-insurance/index.html": "<!DOCTYPE html><p>/industries/pet-insurance/</p>",
      "404/index.html": "<!DOCTYPE html><p>/404/</p>",
      "terms/index.html": "<!DOCTYPE html><p>/terms/</p>",
      "privacy/index.html": "<!DOCTYPE html><p>/privacy/</p>",
      "robots.txt": "User-agent: *\n",
    });
    // The site is static: nothing serves from the server build once the pages are written.
    expect(fs.existsSync(path.join(buildDirectory, "server"))).toBe(false);
  }, 60_000);

  it("shares a site's pages between its two processes as each writes the last, and answers what each page names", async () => {
    // The document names the process that rendered it, and a picture named after the page.
    const serverBuild = serverBuildShowing(
      '<p>${process.pid}</p><img src="/media${new URL(request.url).pathname}.png">',
    );
    const documents = Array.from({ length: 200 }, (_, n) => `/page-${String(n).padStart(3, "0")}`);
    const { files, matches } = await prerenderSite({
      ...buildWith(serverBuild),
      documents,
      resources: [],
      matching: /\/media\/[\w./-]+/g,
    });
    expect(files).toBe(200);
    const written = clientFiles();
    const renderedBy = documents.map((route) => /<p>(\d+)<\/p>/.exec(written[`${route.slice(1)}/index.html`]!)![1]);
    expect(new Set(renderedBy).size).toBe(2);
    expect(Object.fromEntries(matches)).toEqual(
      Object.fromEntries(documents.map((route) => [`${route.slice(1)}/index.html`, [`/media${route}/.png`]])),
    );
  }, 60_000);

  it("starts each process with the content this one loaded, handed where the server build's content loader looks first", async () => {
    // The document names the digest of what the content kept in its process was loaded from.
    const serverBuild = serverBuildShowing(
      '<p>${globalThis[Symbol.for("voxa-site.process-handed")]?.get("content")?.inputs}</p>',
    );
    await prerenderSite({ ...buildWith(serverBuild), documents: ["/"], resources: [] });
    const [[name, kept]] = loadedContent();
    expect(name).toBe("content");
    expect(clientFiles()["index.html"]).toBe(`<!DOCTYPE html><p>${kept!.inputs}</p>`);
    // What it was handed over in goes with the server build.
    expect(fs.existsSync(path.join(buildDirectory, "server"))).toBe(false);
  }, 60_000);

  it("renders with React's production build where NODE_ENV is unset, as React Router's build does, and as told otherwise", async () => {
    // The document names the NODE_ENV its process renders with (React's server renderer loads its build by it).
    const serverBuild = serverBuildShowing("<p>${process.env.NODE_ENV}</p>");
    const build = buildWith(serverBuild);
    const told = process.env.NODE_ENV;
    try {
      delete process.env.NODE_ENV;
      await prerenderSite({ ...build, documents: ["/"], resources: [], keepServerBuild: true });
      expect(clientFiles()["index.html"]).toBe("<!DOCTYPE html><p>production</p>");
      process.env.NODE_ENV = "development";
      await prerenderSite({ ...build, documents: ["/"], resources: [] });
      expect(clientFiles()["index.html"]).toBe("<!DOCTYPE html><p>development</p>");
    } finally {
      process.env.NODE_ENV = told;
    }
  }, 60_000);

  it("collects each process's garbage on the process's own thread, where two processes keep both cores busy", async () => {
    // The document names the options its process was started with.
    const serverBuild = serverBuildShowing('<p>${process.execArgv.join(" ")}</p>');
    await prerenderSite({ ...buildWith(serverBuild), documents: ["/"], resources: [] });
    expect(clientFiles()["index.html"]).toBe("<!DOCTYPE html><p>--single-threaded-gc</p>");
  }, 60_000);

  it("keeps its compiled worker with a kept server build, and starts the next run's processes with it", async () => {
    const build = buildWith(SERVER_BUILD);
    const worker = path.join(buildDirectory, "server", "prerender-worker.mjs");
    await prerenderSite({ ...build, documents: ["/"], resources: [], keepServerBuild: true });
    expect(fs.readdirSync(path.join(buildDirectory, "server")).sort()).toEqual(["index.js", "prerender-worker.mjs"]);
    // The next run from this server build (an incremental build's) uses the worker as it is: it compiles nothing.
    fs.appendFileSync(worker, "\n// kept\n");
    await prerenderSite({ ...build, documents: ["/about"], resources: [], keepServerBuild: true });
    expect(fs.readFileSync(worker, "utf8")).toMatch(/\/\/ kept\n$/);
    expect(clientFiles()["about/index.html"]).toBe("<!DOCTYPE html><p>/about/</p>");
  }, 60_000);

  it("stops the build at a page that does not render, with its status and the error page", async () => {
    let errors = "";
    const run = prerenderSite({
      ...buildWith(SERVER_BUILD),
      documents: ["/", "/broken"],
      resources: [],
      errors: (text) => (errors += text),
    });
    await expect(run).rejects.toThrow(
      messageOf(buildErrors.prerenderFailed, { path: "/broken", status: 500, body: "<!DOCTYPE html><p>/broken/</p>" }),
    );
    // What the failure's hint points to: the error, printed above it.
    await expect.poll(() => errors).toContain("Error: The page document could not be read");
    expect(clientFiles()["broken/index.html"]).toBeUndefined();
  }, 60_000);

  it("stops the build when a prerendering process dies, naming the page it was given", async () => {
    let errors = "";
    const run = prerenderSite({
      ...buildWith(`throw new Error("The server build is corrupt");\n${SERVER_BUILD}`),
      documents: ["/", "/about"],
      resources: [],
      errors: (text) => (errors += text),
    });
    await expect(run).rejects.toThrow(messageOf(buildErrors.prerendererStopped, { code: 1, path: "/" }));
    await expect.poll(() => errors).toContain("Error: The server build is corrupt");
  }, 60_000);
});
