// @vitest-environment node
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Box, ChakraProvider, createSystem, defaultConfig } from "@chakra-ui/react";
import { CacheProvider } from "@emotion/react";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { system } from "../kit/theme.ts";
import { EMOTION_KEY, createEmotionCache } from "../renderer/emotion.ts";
import { ROOT } from "../toolchain/paths.ts";

type Memo = <A extends unknown[], R>(fn: (...args: A) => R) => (...args: A) => R;
/** The memo itself: the package exports only what uses it. */
const chakraMemo = async () =>
  (
    (await import(pathToFileURL(path.join(ROOT, "node_modules/@chakra-ui/react/dist/esm/utils/memo.js")).href)) as {
      memo: Memo;
    }
  ).memo;

/**
 * Chakra memoises its style functions by a hash of their arguments that sorted an object's keys, so the first of two
 * style objects with the same properties in another order decided, for the rest of the process, the order of the
 * other's CSS, and with it its class name: a page's styles depended on the pages rendered before it. An incremental
 * build renders a few pages in a new process, and must write what the full build wrote (docs/build.md), so the patch
 * (patches/, applied by postinstall) keys them by the keys' own order: the memo then only ever answers what the
 * function would.
 */
describe("Chakra's style memo, as `npm install` leaves it (patches/, applied by postinstall)", () => {
  it("answers each style object in its own order, whatever was asked before", () => {
    const system = createSystem(defaultConfig);
    expect(Object.keys(system.css({ color: "red", padding: "1" }))).toEqual(["color", "padding"]);
    expect(Object.keys(system.css({ padding: "1", color: "red" }))).toEqual(["padding", "color"]);
  });

  /*
   * It is asked millions of times in a build (a property's name, a style object): the patch also keys a primitive
   * argument by its own value, with no string built to key it, and leaves the order of its entries alone on a hit,
   * where Chakra's moved each entry hit to the end of its map (a deletion and an insertion each time).
   */
  it("computes each argument once, a primitive kept apart from another type's of the same text", async () => {
    const memo = await chakraMemo();
    const calls: unknown[] = [];
    const described = memo((value: unknown) => {
      calls.push(value);
      return `${typeof value} ${String(value)}`;
    });
    const asked = [1, "1", 1, null, "null", undefined, "1", true, "true", null];
    expect(asked.map((value) => described(value))).toEqual([
      "number 1",
      "string 1",
      "number 1",
      "object null",
      "string null",
      "undefined undefined",
      "string 1",
      "boolean true",
      "string true",
      "object null",
    ]);
    expect(calls).toEqual([1, "1", null, "null", undefined, true, "true"]);
  });

  it("computes an object again only when its properties or their order differ, and keeps at most 500 of each", async () => {
    const memo = await chakraMemo();
    let calls = 0;
    const keys = memo((style: Record<string, string>) => {
      calls += 1;
      return Object.keys(style).join(" ");
    });
    expect(keys({ color: "red", padding: "1" })).toBe("color padding");
    expect(keys({ color: "red", padding: "1" })).toBe("color padding");
    expect(keys({ padding: "1", color: "red" })).toBe("padding color");
    expect(calls).toBe(2);

    const square = memo((value: number) => {
      calls += 1;
      return value * value;
    });
    calls = 0;
    for (let value = 0; value <= 500; value += 1) square(value);
    expect(square(500)).toBe(250000);
    expect(calls).toBe(501);
    // The first in is the first out once 500 are kept.
    expect(square(0)).toBe(0);
    expect(calls).toBe(502);
  });
});

/**
 * Chakra serialised an element's styles into CSS and hashed them into its class name at every render, though its
 * style memo (above) hands the same style object to every element styled alike: a tenth of a page's render. The patch
 * (patches/, applied by postinstall) serialises each style object once; the class and its CSS are what Emotion would
 * have made of it, as the byte-for-byte comparisons of the incremental build's tests show.
 */
describe("Chakra's styled elements, as `npm install` leaves them (patches/, applied by postinstall)", () => {
  /** Renders an element in a cache of its own, counting the values that serialising looked up in its `registered`. */
  function render(element: ReactElement) {
    const cache = createEmotionCache();
    let lookups = 0;
    cache.registered = new Proxy(cache.registered, {
      get(target, key) {
        // Each style value is looked up as it is serialised; an element's own class, as it is registered.
        if (typeof key === "string" && !key.startsWith(`${EMOTION_KEY}-`)) lookups += 1;
        return Reflect.get(target, key) as unknown;
      },
    });
    const html = renderToString(
      <CacheProvider value={cache}>
        <ChakraProvider value={system}>{element}</ChakraProvider>
      </CacheProvider>,
    );
    return { html, lookups };
  }

  it("serialises an element's styles once, however many pages render it", () => {
    const styled = <Box color="fg.muted" px={{ base: "4", md: "6" }} data-probe="" />;
    const first = render(styled);
    const again = render(styled);
    expect(first.lookups).toBeGreaterThan(0);
    expect(again.lookups).toBe(0);
    expect(again.html).toBe(first.html);
  });
});

/**
 * Chakra's styled elements made their recipe (`cva`) at every render, each a function with a memo of its own: a page
 * asked the memos about 1,200 times for styles they could not have held (half of what they were asked), and each was
 * worked out again. And its provider serialised the theme's global CSS (the reset and every token as a variable) on
 * every page. The patch (patches/, applied by postinstall) makes an element's recipe once per system, and the global
 * CSS's serialisation once per system; the pages are byte for byte what they were.
 */
describe("Chakra's recipes and global CSS, as `npm install` leaves them (patches/, applied by postinstall)", () => {
  /** The site's system, its recipe maker and its global CSS counted as they are asked. */
  function countedSystem() {
    const counts = { recipes: 0, globalReads: 0 };
    const cva: typeof system.cva = (config) => {
      counts.recipes += 1;
      return system.cva(config);
    };
    const global = new Proxy(system._global, {
      get(target, key) {
        if (typeof key === "string" && /^\d+$/.test(key)) counts.globalReads += 1;
        return Reflect.get(target, key) as unknown;
      },
    });
    return { counted: { ...system, cva, _global: global } as typeof system, counts };
  }

  const page = (value: typeof system) => {
    const cache = createEmotionCache();
    return renderToString(
      <CacheProvider value={cache}>
        <ChakraProvider value={value}>
          <Box color="fg.muted" px={{ base: "4", md: "6" }} />
        </ChakraProvider>
      </CacheProvider>,
    );
  };

  it("makes a styled element's recipe once, however many pages render it", () => {
    const { counted, counts } = countedSystem();
    const first = page(counted);
    expect(counts.recipes).toBeGreaterThan(0);
    const made = counts.recipes;
    expect(page(counted)).toBe(first);
    expect(counts.recipes).toBe(made);
  });

  it("serialises the global CSS once, and every page carries it as Emotion writes it", () => {
    const { counted, counts } = countedSystem();
    const first = page(counted);
    expect(counts.globalReads).toBeGreaterThan(0);
    const reads = counts.globalReads;
    expect(page(counted)).toBe(first);
    expect(counts.globalReads).toBe(reads);
    // The same page with the system as it is: the global CSS is the one Emotion serialises from it.
    expect(page(system)).toBe(first);
  });
});
