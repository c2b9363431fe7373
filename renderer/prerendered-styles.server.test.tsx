// @vitest-environment node
import { createRequire } from "node:module";
import { ClassNames, CacheProvider, Global } from "@emotion/react";
import createEmotionServer from "@emotion/server/create-instance";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { catalogueErrorOf } from "../tests/support/catalogue-error.ts";
import { createEmotionCache } from "./emotion.ts";
import { markPrerenderedStyles } from "./prerendered-styles.server.ts";

const emotionServerVersion = (createRequire(import.meta.url)("@emotion/server/package.json") as { version: string })
  .version;

/** The style tags of a page, as the installed @emotion/server writes them for the prerenderer. */
function prerenderedStyleTags(): string {
  const cache = createEmotionCache();
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const html = renderToString(
    <CacheProvider value={cache}>
      <Global styles={{ body: { margin: 0 } }} />
      <ClassNames>{({ css }) => <p className={css({ color: "red" })}>styled</p>}</ClassNames>
    </CacheProvider>,
  );
  return constructStyleTagsFromChunks(extractCriticalToChunks(html));
}

describe("the prerendered style tags (a patch of @emotion/server's output)", () => {
  it("renames every style tag the installed @emotion/server writes, global styles and the page's rules", () => {
    const tags = prerenderedStyleTags();
    const marked = markPrerenderedStyles(tags);
    expect(marked).not.toContain("data-emotion");
    expect(marked.match(/<style data-prerendered-styles="css-global [^"]+">/g)).toHaveLength(1);
    expect(marked.match(/<style data-prerendered-styles="css [^"]+">/g)).toHaveLength(1);
    expect(marked).toBe(tags.replaceAll("data-emotion=", "data-prerendered-styles="));
  });

  it.each([
    ["another attribute", '<style data-emotion-css="a1 b2">.css-a1{}</style>'],
    ["another key", '<style data-emotion="chakra a1">.chakra-a1{}</style>'],
    ["an extra attribute", '<style data-emotion="css a1" nonce="n0">.css-a1{}</style>'],
    ["no style tag", ""],
  ])("refuses style tags with %s, naming the package, its version and what it expected", (_, styleTags) => {
    const error = catalogueErrorOf(() => markPrerenderedStyles(styleTags));
    expect(error.code).toBe("BUILD003");
    expect(error.message).toContain(`@emotion/server ${emotionServerVersion}:`);
    expect(error.message).toContain('expected <style data-emotion="css …">');
    expect(error.message).toContain("renderer/prerendered-styles.server.ts");
  });
});
