import { describe, expect, it } from "vitest";
import { blockSpans } from "../toolchain/block-spans.ts";

const texts = (text: string, count: number) =>
  blockSpans(text, count).map(({ offset, length }) => text.slice(offset, offset + length));

describe("blockSpans: where each block of a page is in its text", () => {
  it("finds every item of the top-level blocks, whatever strings and nested arrays hold", () => {
    const text = `{
  "title": "A [tricky] \\"title\\" with , and ]",
  "nested": { "blocks": [0] },
  "blocks": [
    { "type": "a", "items": [1, { "x": "]," }] },
    {"type":"b\\\\"}  ,
    { "type": "c" }
  ],
  "after": ["x"]
}`;
    expect(texts(text, 3)).toEqual([
      '{ "type": "a", "items": [1, { "x": "]," }] }',
      '{"type":"b\\\\"}',
      '{ "type": "c" }',
    ]);
  });

  it("takes the last of a repeated key, as JSON.parse does, and finds none in an empty list", () => {
    expect(texts('{"blocks": [{"a": 1}], "blocks": [{"b": 2}, {"c": 3}]}', 2)).toEqual(['{"b": 2}', '{"c": 3}']);
    expect(texts('{"blocks": [ ]}', 0)).toEqual([]);
  });

  it("reads the tree when the key is written with escapes", () => {
    expect(texts('{"\\u0062locks": [{"a": 1}]}', 1)).toEqual(['{"a": 1}']);
  });
});
