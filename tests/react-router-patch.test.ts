// @vitest-environment node
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const dist = path.resolve("node_modules/@react-router/dev/dist");
const sources = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".js"))
    .map((entry) => path.join(entry.parentPath, entry.name));

describe("React Router's Vite compilers, as `npm install` leaves them (patches/, applied by postinstall)", () => {
  it("pass `envDir: false`, so that Vite 8 prints no deprecation warning on every dev start and build", () => {
    const deprecated = sources(dist).filter((file) => fs.readFileSync(file, "utf8").includes("envFile: false"));
    expect(deprecated.map((file) => path.relative(dist, file))).toEqual([]);
  });
});

/**
 * The dev server collects the CSS a page's route modules import, on every request: it walked the module graph from the
 * import URLs each module's server transform names, and resolved a URL through every plugin each time a module named
 * it, 333 times for 133 URLs a page (18 ms of each page served at 10,000 routes). The patch resolves each URL once per
 * request. Its functions are taken from the dist file as `npm install` left it, and given a module graph to walk.
 */
describe("React Router's dev server, as `npm install` leaves it (patches/, applied by postinstall)", () => {
  type Node = { file: string; url: string; ssrTransformResult: { deps: string[] } };
  const code = fs.readFileSync(path.join(dist, "vite.js"), "utf8");
  const from = (start: string, end: string) => code.slice(code.indexOf(start), code.indexOf(end));
  const getStylesForFiles = new Function(
    "path4",
    `${from("var resolveFileUrl = ", "var groupRoutesByParentId = ")}; return getStylesForFiles;`,
  )(path) as (options: {
    viteDevServer: unknown;
    rootDirectory: string;
    loadCssContents: (server: unknown, node: Node) => Promise<string>;
    files: string[];
  }) => Promise<string | undefined>;

  it("resolves each module's URL once as it collects a page's CSS, and collects all of it", async () => {
    // root imports a, b and theme.css; a and b both import shared, which imports theme.css too.
    const graph: Record<string, string[]> = {
      "/root.tsx": ["/a.tsx", "/b.tsx", "/theme.css"],
      "/a.tsx": ["/shared.tsx"],
      "/b.tsx": ["/shared.tsx", "/theme.css"],
      "/shared.tsx": ["/theme.css"],
      "/theme.css": [],
    };
    const nodes = new Map(
      Object.entries(graph).map(([url, deps]) => [url, { file: `/app${url}`, url, ssrTransformResult: { deps } }]),
    );
    const resolved: string[] = [];
    const viteDevServer = {
      moduleGraph: {
        getModuleById: (id: string) => Promise.resolve(nodes.get(id.slice("/app".length))),
        getModuleByUrl: (url: string) => {
          resolved.push(url);
          return Promise.resolve(nodes.get(url));
        },
      },
    };
    const css = await getStylesForFiles({
      viteDevServer,
      rootDirectory: "/app",
      loadCssContents: (_server, node) => Promise.resolve(`/* ${node.url} */ body { margin: 0 }`),
      files: ["root.tsx"],
    });
    expect(css).toContain("/theme.css */ body { margin: 0 }");
    expect([...resolved].sort()).toEqual(["/a.tsx", "/b.tsx", "/shared.tsx", "/theme.css"]);
  });
});
