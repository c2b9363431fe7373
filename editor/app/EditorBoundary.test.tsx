import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { editorErrors } from "../../contract/errors.ts";
import { EditorBoundary } from "./EditorBoundary.tsx";

function Broken(): never {
  throw new Error("a field the editor cannot draw");
}

describe("the editor's error boundary", () => {
  it("shows the catalogue's words and a reload button instead of a blank tab, and logs the cause", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      render(
        <EditorBoundary>
          <Broken />
        </EditorBoundary>,
      );
      expect(screen.getByRole("heading", { level: 1, name: editorErrors.crashed.title })).toBeInTheDocument();
      expect(screen.getByRole("alert")).toHaveTextContent(
        `${editorErrors.crashed.message}${editorErrors.crashed.hint}`,
      );
      expect(screen.getByRole("button", { name: "Reload the tab" })).toBeInTheDocument();
      expect(logged.mock.calls.flat().some((value) => String(value).includes("a field the editor cannot draw"))).toBe(
        true,
      );
    } finally {
      logged.mockRestore();
    }
  });

  it("shows the editor itself while nothing fails", () => {
    render(
      <EditorBoundary>
        <p>Pages</p>
      </EditorBoundary>,
    );
    expect(screen.getByText("Pages")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
