import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { scriptApi } from "../document/test-fetch.ts";
import { OthersDrafts } from "./OthersDrafts.tsx";

afterEach(() => vi.unstubAllGlobals());

const FILE = "site-config/pages/about.json";

describe("other people's drafts of the open page", () => {
  it("names who has one, when they saved it, and which fields it changes", async () => {
    const sent = scriptApi(() => ({
      body: {
        file: FILE,
        drafts: [
          {
            email: "bob.smith@company.com",
            name: "Bob Smith",
            at: Date.parse("2026-11-28T09:30:00Z"),
            kind: "changed",
            fields: ["Page settings › Title", "Hero › Heading"],
          },
        ],
      },
    }));
    render(<OthersDrafts file={FILE} />);
    const notice = await screen.findByRole("status");
    expect(notice.textContent).toBe(
      " Also changed by others, not yet published:Bob Smith (bob.smith@company.com), saved 28 Nov 2026, 09:30 UTC: Page settings › Title; Hero › Heading",
    );
    expect(sent).toEqual([
      { method: "GET", url: `/api/others-drafts?file=${encodeURIComponent(FILE)}`, body: undefined },
    ]);
  });

  it("says nothing when nobody else has a draft of the page", async () => {
    const sent = scriptApi(() => ({ body: { file: FILE, drafts: [] } }));
    const { container } = render(<OthersDrafts file={FILE} />);
    await vi.waitFor(() => expect(sent.length).toBe(1));
    expect(container.textContent).toBe("");
  });
});
