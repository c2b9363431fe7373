// @vitest-environment node
import { createSystem, defaultConfig } from "@chakra-ui/react";
import { describe, expect, it } from "vitest";

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
});
