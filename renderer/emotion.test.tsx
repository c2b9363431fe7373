// @vitest-environment jsdom
import { CacheProvider, ClassNames, css } from "@emotion/react";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { describe, expect, it } from "vitest";
import { createEmotionCache, createIslandEmotionCache } from "./emotion.ts";

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

  it("writes no vendor prefix but Safari's -webkit-user-select, -webkit-text-size-adjust and -webkit-backdrop-filter", () => {
    document.head.innerHTML = "";
    const cache = createEmotionCache();
    const style = css({
      display: "flex",
      alignItems: "center",
      translate: "0 4px",
      transform: "scale(1.1)",
      userSelect: "none",
      backdropFilter: "blur(8px)",
      "&::placeholder": { color: "gray" },
    });
    cache.insert(`.${cache.key}-${style.name}`, style, cache.sheet, true);
    const inserted = [...document.querySelectorAll("style[data-emotion]")].map((tag) => tag.textContent).join("");
    expect(inserted).toBe(
      `.css-${style.name}{display:flex;align-items:center;translate:0 4px;transform:scale(1.1);` +
        "-webkit-user-select:none;user-select:none;-webkit-backdrop-filter:blur(8px);backdrop-filter:blur(8px);}" +
        `.css-${style.name}::placeholder{color:gray;}`,
    );
  });
});
