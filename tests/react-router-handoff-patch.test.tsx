// @vitest-environment node
import { renderToString } from "react-dom/server";
import { type ServerBuild, ServerRouter, Scripts, createRequestHandler, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";

/**
 * A one-route app whose loader's data counts the reads of its one property: the page reads it once as it renders,
 * and encoding the data for the page's scripts reads it again.
 */
function appReading(withScripts: boolean) {
  const reads = { count: 0 };
  const loaderData = {
    get text() {
      reads.count += 1;
      return "hello";
    },
  };
  function Root() {
    const { text } = useLoaderData<typeof loaderData>();
    return (
      <html lang="en">
        <body>
          <p>{text}</p>
          {withScripts ? <Scripts /> : null}
        </body>
      </html>
    );
  }
  const build = {
    entry: {
      module: {
        default: (
          request: Request,
          status: number,
          headers: Headers,
          context: Parameters<typeof ServerRouter>[0]["context"],
        ) =>
          new Response(`<!DOCTYPE html>${renderToString(<ServerRouter context={context} url={request.url} />)}`, {
            status,
            headers,
          }),
      },
    },
    routes: { root: { id: "root", path: "", module: { default: Root, loader: () => loaderData } } },
    assets: {
      entry: { imports: [], module: "/entry.js" },
      routes: {
        root: {
          id: "root",
          path: "",
          module: "/root.js",
          hasLoader: true,
          hasAction: false,
          hasClientLoader: false,
          hasClientAction: false,
          hasErrorBoundary: false,
          imports: [],
        },
      },
      url: "/manifest.js",
      version: "1",
    },
    publicPath: "/",
    assetsBuildDirectory: "build",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as unknown as ServerBuild; // The route modules' full types (meta, links, headers…) add nothing to this app.
  return { handle: createRequestHandler(build, "production"), reads };
}

/**
 * React Router encoded every page's loader data for the page's scripts (`<Scripts>`) as it began each page, whether the
 * page rendered them or not: the site's pages carry no scripts of React Router's, and the encoding was a few per cent of
 * a page's prerender. The patch (patches/, applied by postinstall) encodes it when a render first asks for it.
 */
describe("React Router's server, as `npm install` leaves it (patches/, applied by postinstall)", () => {
  it("encodes a page's data only for a page that renders React Router's scripts", async () => {
    const bare = appReading(false);
    const response = await bare.handle(new Request("http://localhost/"));
    expect(await response.text()).toContain("<p>hello</p>");
    expect(bare.reads.count).toBe(1);

    const scripted = appReading(true);
    await (await scripted.handle(new Request("http://localhost/"))).text();
    // Once by the page, once by the encoding, which the scripts then read.
    await new Promise((resolve) => setImmediate(resolve));
    expect(scripted.reads.count).toBe(2);
  });
});
