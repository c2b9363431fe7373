import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Located } from "../../../contract/schema-tree.ts";
import { DEMO, LOGO, TEAM, library, scriptMediaApi, writes } from "../../../tests/support/editor/media-library.ts";
import { FieldsProvider, ObjectFields } from "../Fields.tsx";
import type { Path } from "../paths.ts";

afterEach(() => vi.unstubAllGlobals());

/** A block with a picture, as the image definition has it: a path under public/ in one of the picture formats. */
const BLOCK: Located = {
  file: "blocks/photo/schema.json",
  schema: {
    type: "object",
    required: ["src"],
    properties: {
      src: {
        type: "string",
        siteRef: "image",
        description: "The picture.",
        pattern: "^/[^\\s]+\\.(svg|png|jpe?g|webp|avif)$",
      },
    },
  },
};

/** A picture's field in a form, writing its changes to `onChange`, for a person who may write or not. */
function field(value: string, onChange: (path: Path, value: unknown) => void, writes = true) {
  render(
    <FieldsProvider
      value={{
        schemas: { [BLOCK.file]: BLOCK.schema },
        pages: [],
        anchors: [],
        media: [],
        problems: new Map(),
        onChange,
        onUpload: async () => undefined,
        writes,
      }}
    >
      <ObjectFields at={BLOCK} path={[]} value={{ src: value }} />
    </FieldsProvider>,
  );
}

describe("a picture field's library", () => {
  it("keeps the field and its upload, and sets the field to the file chosen in the library's dialog", async () => {
    scriptMediaApi();
    const onChange = vi.fn();
    field("/media/team.jpg", onChange);
    expect(screen.getByRole("combobox", { name: "Src" })).toHaveValue("/media/team.jpg");
    expect(screen.getByLabelText("Upload into public/media/")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Choose from library" }));
    const dialog = screen.getByRole("dialog", { name: "Choose from the media library" });
    expect(within(dialog).getByRole("searchbox", { name: "Search files by name" })).toHaveFocus();
    // The field takes pictures only: the video is not offered. Its file now is marked.
    expect(await within(dialog).findByRole("button", { name: "team.jpg" })).toHaveAttribute("aria-current", "true");
    expect(within(dialog).queryByRole("button", { name: "demo.mp4" })).toBeNull();

    await userEvent.type(within(dialog).getByRole("searchbox"), "acme");
    await userEvent.click(within(dialog).getByRole("button", { name: "acme.svg" }));
    expect(onChange).toHaveBeenCalledWith(["src"], LOGO.src);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("uploads into the library from the dialog, which then offers the new file", async () => {
    let uploaded = false;
    const NEW = { ...TEAM, src: "/media/office.jpg", name: "office.jpg", usedOn: [] };
    const sent = scriptMediaApi(({ method, url }) => {
      if (method === "POST") {
        uploaded = true;
        return { body: { src: NEW.src } };
      }
      if (url === "/api/media/library") return { body: library(uploaded ? [DEMO, NEW, TEAM] : [DEMO, TEAM]) };
      return undefined;
    });
    const onChange = vi.fn();
    field("", onChange);
    await userEvent.click(screen.getByRole("button", { name: "Choose from library" }));
    const dialog = screen.getByRole("dialog");
    await within(dialog).findByRole("button", { name: "team.jpg" });
    await userEvent.upload(within(dialog).getByLabelText("Upload files"), new File(["x"], "Office.JPG"));

    await userEvent.click(await within(dialog).findByRole("button", { name: "office.jpg" }));
    expect(onChange).toHaveBeenCalledWith(["src"], "/media/office.jpg");
    expect(writes(sent).map(({ method, url }) => `${method} ${url}`)).toEqual(["POST /api/media?name=office.jpg"]);
  });

  it("offers a viewer the library to choose from, without uploads", async () => {
    scriptMediaApi();
    field("", vi.fn(), false);
    await userEvent.click(screen.getByRole("button", { name: "Choose from library" }));
    const dialog = screen.getByRole("dialog");
    await within(dialog).findByRole("button", { name: "team.jpg" });
    expect(within(dialog).queryByRole("button", { name: "Upload files" })).toBeNull();
    await userEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
