import { renderToString } from "react-dom/server";
import { Meta, createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { pageMeta } from "../renderer/seo.ts";
import { type ShareImage, structuredData } from "../renderer/structured-data.ts";
import { pagePolicy } from "../server/site/csp.ts";
import { siteData } from "./render.tsx";

/**
 * A page's JSON-LD as the prerenderer writes it: its tags (renderer/seo.ts) through React Router's <Meta />, into a
 * document parsed as a browser parses it. The title and description try to close the script element and open one of
 * their own, or a comment.
 */
const HOSTILE = {
  path: "/industries/script-test",
  title: "Claims </script><script>alert(1)</script> & more",
  description: "A description that ends the element early: </SCRIPT ><!-- and opens a comment.",
};
const image: ShareImage = {
  url: "https://www.voxa.example/og/industries/script-test.png",
  width: 1200,
  height: 630,
  alt: "Voxa",
  type: "image/png",
};

function prerenderedHead(page: typeof HOSTILE): string {
  const data = siteData();
  const graph = structuredData({
    site: data.site,
    page,
    trail: [
      { name: "Home", path: "/" },
      { name: page.title, path: page.path },
    ],
    image,
  });
  const tags = pageMeta(page, [{ id: "root", data }], {
    image,
    structuredData: graph as unknown as { "@context": string; "@graph": Record<string, unknown>[] },
  });
  const Document = createRoutesStub([
    {
      path: page.path,
      meta: () => tags,
      Component: () => (
        <html lang="en">
          <head>
            <Meta />
          </head>
          <body />
        </html>
      ),
    },
  ]);
  return `<!DOCTYPE html>${renderToString(<Document initialEntries={[page.path]} />)}`;
}

describe("JSON-LD in a prerendered page", () => {
  it("keeps a title containing </script> inside its element, as text, under the page's policy", () => {
    const html = prerenderedHead(HOSTILE);
    expect(html).not.toContain("</script><script>alert(1)");
    const document = new DOMParser().parseFromString(html, "text/html");
    const scripts = [...document.querySelectorAll("script")];
    expect(scripts.filter((script) => script.textContent?.includes("alert(1)"))).toHaveLength(1);
    const jsonLd = scripts.filter((script) => script.type === "application/ld+json");
    expect(jsonLd).toHaveLength(1);
    const graph = JSON.parse(jsonLd[0].textContent ?? "") as { "@graph": Record<string, unknown>[] };
    expect(graph["@graph"].find((node) => node["@type"] === "WebPage")).toMatchObject({
      name: HOSTILE.title,
      description: HOSTILE.description,
    });
    // JSON-LD is data, not script: the page's policy still allows no inline script but its own, by hash.
    expect(pagePolicy(html, { connectSrc: [], upgradeInsecureRequests: false })).not.toMatch(
      /script-src[^;]*unsafe-inline/,
    );
  });
});
