import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { asSentence, editorSectionErrors, editorSectionLines, messageOf } from "../../../contract/errors.ts";
import type { SectionSummary } from "../api.ts";
import { scriptApi } from "../document/test-fetch.ts";
import { Outline } from "../Outline.tsx";
import { DetachDialog } from "./DetachDialog.tsx";
import { SectionList } from "./SectionList.tsx";
import { SectionPanel } from "./SectionPanel.tsx";
import { renderAt } from "../../../tests/support/editor/test-router.tsx";

afterEach(() => vi.unstubAllGlobals());

const BAND: SectionSummary = {
  id: "demo-band",
  name: "Demo band",
  file: "site-config/sections/demo-band.json",
  pages: [
    { file: "site-config/pages/about.json", path: "/about", title: "About" },
    { file: "site-config/pages/home.json", path: "/", title: "Home" },
  ],
};
const UNUSED: SectionSummary = { id: "note", name: "Note", file: "site-config/sections/note.json", pages: [] };

describe("the shared sections beside the pages", () => {
  it("lists each section by name, id and the pages it changes, and opens its file", async () => {
    const { at } = renderAt(<SectionList sections={[BAND, UNUSED]} />);
    const table = within(screen.getByRole("region", { name: "Shared sections" })).getByRole("table");
    const rows = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(["Demo banddemo-bandUsed on 2 pages", "NotenoteUsed on no page"]);
    await userEvent.click(screen.getByRole("link", { name: "Demo band" }));
    expect(at()).toBe("/edit/site-config/sections/demo-band.json");
  });
});

describe("a section's settings", () => {
  const panel = (writes = true) => {
    const props = { onPreview: vi.fn(), onRenamed: vi.fn(), onDeleted: vi.fn() };
    render(<SectionPanel section={BAND} previewing={undefined} writes={writes} {...props} />);
    return props;
  };

  it("says how many pages it changes and lists them, each previewable", async () => {
    const { onPreview } = panel();
    expect(screen.getByRole("heading", { name: "Used on 2 pages" })).toBeInTheDocument();
    const pages = within(screen.getByRole("list")).getAllByRole("listitem");
    expect(pages.map((page) => page.textContent)).toEqual(["About /aboutPreview", "Home /Preview"]);
    await userEvent.click(screen.getByRole("button", { name: "Preview Home" }));
    expect(onPreview).toHaveBeenCalledWith(BAND.pages[1]);
  });

  it("shows the server's refusal to delete it while pages place it, and stays", async () => {
    const message = messageOf(editorSectionErrors.inUse, {
      section: "demo-band",
      pages: BAND.pages.map((page) => page.file),
    });
    const sent = scriptApi(() => ({
      status: 409,
      body: { error: { ...editorSectionErrors.inUse, message } },
    }));
    const { onDeleted } = panel();
    await userEvent.click(screen.getByRole("button", { name: "Delete section" }));
    expect(sent).toEqual([{ method: "POST", url: "/api/sections/delete", body: { section: "demo-band" } }]);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(`${editorSectionErrors.inUse.title}. ${asSentence(message)}`);
    expect(alert).toHaveTextContent(editorSectionErrors.inUse.hint);
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it("renames it, says which files changed with it, and opens it under its new id", async () => {
    const sent = scriptApi(() => ({
      body: { file: "site-config/sections/pilot-band.json", files: ["site-config/pages/about.json"] },
    }));
    const { onRenamed } = panel();
    const id = screen.getByLabelText("Id (the file's name, which pages place)");
    await userEvent.clear(id);
    await userEvent.type(id, "pilot-band");
    await userEvent.click(screen.getByRole("button", { name: "Rename" }));
    expect(sent).toEqual([
      { method: "POST", url: "/api/sections/rename", body: { section: "demo-band", to: "pilot-band" } },
    ]);
    expect(await screen.findByRole("status")).toHaveTextContent(
      messageOf(editorSectionLines.renamed, {
        from: "demo-band",
        to: "pilot-band",
        files: ["site-config/pages/about.json"],
      }),
    );
    expect(onRenamed).toHaveBeenCalledWith("site-config/sections/pilot-band.json");
  });

  it("offers a viewer no rename and no deletion", () => {
    panel(false);
    expect(screen.queryByRole("button", { name: "Rename" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete section" })).toBeNull();
  });
});

describe("a shared section in a page's outline", () => {
  const outline = () => {
    const props = { onEditSection: vi.fn(), onDetach: vi.fn(), onSelect: vi.fn() };
    render(
      <Outline
        blocks={[
          { type: "hero", heading: "Hi" },
          { type: "section", section: "demo-band" },
        ]}
        metas={new Map()}
        selected={1}
        problemCounts={new Map()}
        onMove={vi.fn()}
        onDuplicate={vi.fn()}
        onDelete={vi.fn()}
        onAdd={vi.fn()}
        announcement=""
        {...props}
      />,
    );
    return props;
  };

  it("offers to edit the shared section and to detach it, on the selected section's row", async () => {
    const { onEditSection, onDetach } = outline();
    await userEvent.click(screen.getByRole("button", { name: "Edit the shared section" }));
    expect(onEditSection).toHaveBeenCalledWith("demo-band");
    await userEvent.click(screen.getByRole("button", { name: "Detach" }));
    expect(onDetach).toHaveBeenCalledWith(1);
  });

  it("asks before detaching, in the catalogue's words, and detaches only when confirmed", async () => {
    const onDetach = vi.fn();
    const onClose = vi.fn();
    const { unmount } = render(<DetachDialog section="demo-band" onDetach={onDetach} onClose={onClose} />);
    const dialog = screen.getByRole("dialog", { name: editorSectionLines.detach.title });
    expect(dialog).toHaveTextContent(messageOf(editorSectionLines.detach, { section: "demo-band" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(onDetach).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
    unmount();
    render(<DetachDialog section="demo-band" onDetach={onDetach} onClose={onClose} />);
    await userEvent.click(screen.getByRole("button", { name: "Detach" }));
    expect(onDetach).toHaveBeenCalledOnce();
  });
});
