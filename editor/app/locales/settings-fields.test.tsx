import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SchemaFiles } from "../../../contract/schema-tree.ts";
import { readSchemas } from "../../../contract/schemas.server.ts";
import { ROOT } from "../../../toolchain/paths.ts";
import { FieldsProvider, ObjectFields } from "../Fields.tsx";
import { omittedSettings } from "./settings-fields.ts";

const schemas = Object.fromEntries(readSchemas(ROOT).map(({ name, schema }) => [name, schema])) as SchemaFiles;
const root = { file: "schemas/page.schema.json", schema: schemas["schemas/page.schema.json"]! };

/** A page's settings form, as the editor shows it for `file`. */
function settings(file: string, value: Record<string, unknown>) {
  render(
    <FieldsProvider
      value={{
        schemas,
        pages: [],
        anchors: [],
        media: [],
        problems: new Map(),
        onChange: () => undefined,
        onUpload: async () => undefined,
      }}
    >
      <ObjectFields at={root} path={[]} value={value} omit={omittedSettings(file, value)} />
    </FieldsProvider>,
  );
}

const page = { path: "/plans", title: "Plans", description: "What each plan includes.", blocks: [] };

describe("a page's settings", () => {
  it("do not offer “Translation of” on a page of the default locale, where it is always an error (LOC008)", () => {
    settings("site-config/pages/plans.json", page);
    expect(screen.getByText("Add an optional field:")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Translation of/ })).toBeNull();
  });

  it("offer it on a translation", () => {
    settings("site-config/locales/de-DE/pages/plans.json", { ...page, path: "/de/tarife" });
    expect(screen.getByRole("button", { name: /Translation of/ })).toBeTruthy();
  });

  it("show it on a page of the default locale that writes it, so that it can be removed", () => {
    settings("site-config/pages/plans.json", { ...page, translationOf: "/pricing" });
    expect(screen.getByDisplayValue("/pricing")).toBeTruthy();
  });
});
