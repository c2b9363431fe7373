// @vitest-environment jsdom
import { CacheProvider, ClassNames, css } from "@emotion/react";
import { act } from "react";
import { type Root, createRoot } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createEmotionCache, createIslandEmotionCache } from "./emotion.ts";

// The document is shared with the other files of the worker: the head these tests rewrite is given back as it was,
// the same nodes (React keeps references to the title, meta and link tags it placed there), and the tree is unmounted.
let head: ChildNode[] = [];
let root: Root | undefined;
let container: HTMLElement | undefined;
/** React's act() warns unless the environment says it is a test's: Testing Library says so for its own renders only. */
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let wasActEnvironment: boolean | undefined;
beforeEach(() => {
  head = [...document.head.childNodes];
  wasActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = container = undefined;
  document.head.replaceChildren(...head);
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment;
});

describe("prerendered styles and the islands' emotion cache", () => {
  it("inserts only the rules the page lacks, and moves no prerendered style tag", async () => {
    const red = css({ color: "red" });
    const green = css({ color: "green" });
    document.head.innerHTML =
      `<style data-prerendered-styles="css ${red.name}">.css-${red.name}{color:red;}</style>` +
      '<meta name="after-styles">';
    const before = [...document.head.childNodes];
    container = document.body.appendChild(document.createElement("div"));
    root = createRoot(container);

    const cache = createIslandEmotionCache();
    await act(async () =>
      root!.render(
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
