import { renderToString } from "react-dom/server";
import { Meta, createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { getPage } from "../renderer/content/pages.server.ts";
import { shareData } from "../renderer/content/share.server.ts";
import { pageMeta } from "../renderer/seo.ts";
import { pagePolicy } from "../platform/site-policy.ts";
import { siteData } from "./render.tsx";

/**
 * A page's JSON-LD as the prerenderer writes it: what the page's loader shares (content/share.server.ts), its tags
 * (renderer/seo.ts) through React Router's <Meta />, into a document parsed as a browser parses it. The page is an
 * industry page whose title and description try to close the script element and open one of their own, or a comment.
 */
const HOSTILE = {
  ...getPage("/industries/pet-insurance")!,
  path: "/industries/script-test",
  title: "Claims </script><script>alert(1)</script> & more",
  description: "A description that ends the element early: </SCRIPT ><!-- and opens a comment.",
  nav: undefined,
};

function prerenderedHead(page: typeof HOSTILE): string {
  const data = siteData();
  const tags = pageMeta(page, [{ id: "root", data }], shareData(page, data.site));
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
