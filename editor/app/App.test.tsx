import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { asSentence, editorErrors } from "../../contract/errors.ts";
import { App } from "./App.tsx";
import { scriptApi } from "./document/test-fetch.ts";

afterEach(() => vi.unstubAllGlobals());

const words = ({ title, message, hint }: { title: string; message: string; hint: string }) =>
  `${title}. ${asSentence(message)} ${hint}`;

describe("the editor's start", () => {
  it("says in the catalogue's words that the editor's server did not answer", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    render(<App />);
    expect(await screen.findByRole("alert")).toHaveTextContent(words(editorErrors.noServer));
  });

  it("shows the server's refusal when it answered one", async () => {
    const { code, title, message, hint } = editorErrors.failed;
    scriptApi(() => ({ status: 500, body: { error: { code, title, message, hint } } }));
    render(<App />);
    expect(await screen.findByRole("alert")).toHaveTextContent(words(editorErrors.failed));
  });
});
