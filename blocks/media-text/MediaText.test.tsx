import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { MediaTextBlock } from "../../contract/generated/authored-types.ts";
import { renderBlocks } from "../../tests/render.tsx";
import schema from "./schema.json";

// The schema's first example is the block under test: a field added to the schema (and to its example, which must
// validate) needs no change here.
const [example] = schema.examples as unknown as MediaTextBlock[];

describe("media-text", () => {
  it("shows its first example's heading", async () => {
    await renderBlocks([example]);
    expect(screen.getByRole("heading", { level: 2, name: example.heading })).toBeInTheDocument();
  });
});
