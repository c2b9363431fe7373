import { describe, expect, it } from "vitest";
import { svgProblem, svgSize } from "./svg.ts";

const svg = (inner: string, attributes = 'viewBox="0 0 100 50"') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ${attributes}>${inner}</svg>`;

describe("svgProblem", () => {
  it("lets a drawing through, internal references included", () => {
    expect(
      svgProblem(svg('<defs><linearGradient id="g"/></defs><rect fill="url(#g)"/><use href="#g"/>')),
    ).toBeUndefined();
  });

  it.each([
    ["<script>alert(1)</script>", "a script"],
    ['<rect onclick="steal()"/>', "an event handler ('onclick')"],
    ['<foreignObject><iframe src="https://evil.example"/></foreignObject>', "embedded HTML (a foreignObject element)"],
    [
      '<image href="https://tracker.example/pixel.png"/>',
      "a reference to another file ('https://tracker.example/pixel.png')",
    ],
    ['<use xlink:href="other.svg#icon"/>', "a reference to another file ('other.svg#icon')"],
    ['<a href="javascript:alert(1)"><rect/></a>', "a javascript: address"],
    ['<rect style="fill: url(https://evil.example/x)"/>', "a reference to another file ('https://evil.example/x')"],
    ["<style>@import 'https://evil.example/a.css';</style>", "a style sheet import"],
    ['<set attributeName="href" to="javascript:alert(1)"/>', "a javascript: address"],
    ['<animate attributeName="onbegin"/>', "an animation that changes 'onbegin'"],
  ])("refuses %s", (inner, found) => {
    expect(svgProblem(svg(inner))).toBe(found);
  });

  it("refuses entity declarations (the billion laughs)", () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY lol "lol">]>${svg("<text>&lol;</text>")}`;
    expect(svgProblem(laughs)).toBe("an entity declaration");
  });
});

describe("svgSize", () => {
  it("reads width and height, else the viewBox", () => {
    expect(svgSize(svg("", 'width="240" height="80px" viewBox="0 0 120 40"'))).toEqual({ width: 240, height: 80 });
    expect(svgSize(svg("", 'viewBox="0 0 120.4 40"'))).toEqual({ width: 120, height: 40 });
    expect(svgSize(svg("", 'width="100%" viewBox="0,0,64,32"'))).toEqual({ width: 64, height: 32 });
    expect(svgSize(svg("", 'width="100%"'))).toBeUndefined();
  });
});
