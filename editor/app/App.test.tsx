import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { asSentence, editorErrors } from "../../contract/errors.ts";
import type { SignedInPerson } from "../protocol.ts";
import { App } from "./App.tsx";
import { scriptApi } from "./document/test-fetch.ts";
import { testBoot } from "./test-boot.ts";
import { renderAt } from "../../tests/support/editor/test-router.tsx";

afterEach(() => vi.unstubAllGlobals());

const words = ({ title, message, hint }: { title: string; message: string; hint: string }) =>
  `${title}. ${asSentence(message)} ${hint}`;

/** The editor's server as the views at `address` ask it, for a person of `role` (none: one person's editor). */
function editorAt(address: string, role?: SignedInPerson["role"]) {
  const person = role && { email: "ada@company.com", name: "Ada", role };
  // Any other request is refused, in the catalogue's words: these tests are about which view shows.
  const { code, title, message, hint } = editorErrors.failed;
  const sent = scriptApi(({ url }) =>
    url === "/api/bootstrap"
      ? { body: testBoot(person ? { person } : {}) }
      : { status: 500, body: { error: { code, title, message, hint } } },
  );
  return { ...renderAt(<App />, address), sent };
}

describe("the editor's start", () => {
  it("says in the catalogue's words that the editor's server did not answer", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    renderAt(<App />);
    expect(await screen.findByRole("alert")).toHaveTextContent(words(editorErrors.noServer));
  });

  it("shows the server's refusal when it answered one", async () => {
    const { code, title, message, hint } = editorErrors.failed;
    scriptApi(() => ({ status: 500, body: { error: { code, title, message, hint } } }));
    renderAt(<App />);
    expect(await screen.findByRole("alert")).toHaveTextContent(words(editorErrors.failed));
  });
});

describe("the editor's addresses", () => {
  it("open the view they name: a page by its file, the Changes view", async () => {
    const page = editorAt("/edit/site-config/pages/industries/pet-insurance.json");
    await waitFor(() =>
      expect(page.sent.map(({ url }) => url)).toContain(
        `/api/document?file=${encodeURIComponent("site-config/pages/industries/pet-insurance.json")}`,
      ),
    );
    page.unmount();
    editorAt("/changes");
    expect(await screen.findByRole("heading", { name: "Changes", level: 1 })).toBeTruthy();
  });

  it("send a bookmark of the earlier kind (#/…) to its view's address", async () => {
    const { at } = editorAt("/#/changes");
    expect(await screen.findByRole("heading", { name: "Changes", level: 1 })).toBeTruthy();
    await waitFor(() => expect(at()).toBe("/changes"));
  });

  it("show the review and the Team view to the roles they are for, and the page list to others", async () => {
    const author = editorAt("/review/7", "author");
    expect(await screen.findByRole("heading", { name: "Pages", level: 1 })).toBeTruthy();
    await waitFor(() => expect(author.at()).toBe("/"));
    author.unmount();
    const publisher = editorAt("/review/7", "publisher");
    expect(await screen.findByRole("heading", { name: "Review request #7", level: 1 })).toBeTruthy();
    publisher.unmount();
    const notANumber = editorAt("/review/seven", "publisher");
    expect(await screen.findByRole("heading", { name: "Review requests", level: 1 })).toBeTruthy();
    // The address follows the view once the redirect's navigation has run, which a busy machine may see after it.
    await waitFor(() => expect(notANumber.at()).toBe("/review"));
    notANumber.unmount();
    const publisherAtTeam = editorAt("/team", "publisher");
    expect(await screen.findByRole("heading", { name: "Pages", level: 1 })).toBeTruthy();
    await waitFor(() => expect(publisherAtTeam.at()).toBe("/"));
    publisherAtTeam.unmount();
    editorAt("/team", "admin");
    expect(await screen.findByRole("heading", { name: "Team", level: 1 })).toBeTruthy();
  });
});
