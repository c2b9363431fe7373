import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { system } from "../kit/theme.ts";

const defs = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../schemas/defs.schema.json"), "utf8")) as {
  $defs: { card: { properties: { color: { enum: string[] } } } };
};

describe("a card's colour", () => {
  it.each(defs.$defs.card.properties.color.enum)(
    "'%s' is a palette of the theme, with the tokens an icon tile uses",
    (color) => {
      for (const token of ["subtle", "fg", "solid"])
        expect(system.token(`colors.${color}.${token}`, "missing"), `${color}.${token}`).not.toBe("missing");
    },
  );
});
