// @vitest-environment jsdom
import { CacheProvider, ClassNames, css } from "@emotion/react";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { describe, expect, it } from "vitest";
import { createIslandEmotionCache } from "./emotion.ts";

describe("prerendered styles and the islands' emotion cache", () => {
  it("inserts only the rules the page lacks, and moves no prerendered style tag", async () => {
    const red = css({ color: "red" });
    const green = css({ color: "green" });
    document.head.innerHTML =
      `<style data-prerendered-styles="css ${red.name}">.css-${red.name}{color:red;}</style>` +
      '<meta name="after-styles">';
    const before = [...document.head.childNodes];
    const container = document.body.appendChild(document.createElement("div"));

    const cache = createIslandEmotionCache();
    await act(async () =>
      createRoot(container).render(
        <CacheProvider value={cache}>
          <ClassNames>
            {({ css: className }) => (
              <>
                <p className={className(red)}>prerendered</p>
                <p className={className(green)}>new</p>
              </>
            )}
          </ClassNames>
        </CacheProvider>,
      ),
    );

    expect([...document.head.childNodes].slice(0, before.length)).toEqual(before);
    const inserted = [...document.querySelectorAll("style[data-emotion]")].map((tag) => tag.textContent).join("");
    expect(inserted).toContain(`.css-${green.name}{color:green;}`);
    expect(inserted).not.toContain(red.name);
    expect(container.querySelector("p")?.className).toBe(`css-${red.name}`);
  });
});
