import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PreviewShareInfo, PreviewStatus } from "../../protocol.ts";
import { scriptApi } from "../document/test-fetch.ts";
import { PREVIEW_POLL_MS, RequestPreview } from "./RequestPreview.tsx";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const ORIGIN = "http://7.preview.localhost:4400";
const BUILT_AT = Date.UTC(2026, 11, 6, 14, 5);

describe("a request's preview in its review", () => {
  it("asks again every few seconds while the preview builds, says when it is ready, and then asks no more", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const states: PreviewStatus[] = [
      { number: 7, origin: ORIGIN, state: "building" },
      { number: 7, origin: ORIGIN, state: "building" },
      {
        number: 7,
        origin: ORIGIN,
        state: "ready",
        builtAt: BUILT_AT,
        summary: "1 changed file: rendered 3 of 48 pages again (5.1 s).",
      },
    ];
    const sent = scriptApi(() => ({ body: states.shift() ?? states.at(-1) }));
    render(<RequestPreview number={7} canShare={false} />);
    const region = await screen.findByRole("region", { name: "Preview of request #7" });
    await within(region).findByText(/Being built\./);
    expect(
      within(region)
        .getByRole("link", { name: /^Open preview\s*of request #7 \(opens in a new tab\)$/ })
        .getAttribute("href"),
    ).toBe("/preview/7");
    expect(within(region).queryByRole("button", { name: "Share preview…" })).toBeNull();

    await vi.advanceTimersByTimeAsync(PREVIEW_POLL_MS * 2);
    await within(region).findByText(/Ready\./);
    expect(region.textContent).toContain(
      "Built on 6 Dec 2026, 14:05 UTC; 1 changed file: rendered 3 of 48 pages again (5.1 s).",
    );
    const asked = sent.length;
    await vi.advanceTimersByTimeAsync(PREVIEW_POLL_MS * 3);
    expect(sent.length).toBe(asked);
    expect(sent.every(({ url }) => url === "/api/previews/status?number=7")).toBe(true);
  });

  it("says a failed build's message and that the last one still serves", async () => {
    scriptApi(() => ({
      body: { number: 7, origin: ORIGIN, state: "failed", builtAt: BUILT_AT, message: "heroo is no block type" },
    }));
    render(<RequestPreview number={7} canShare={false} />);
    const region = await screen.findByRole("region", { name: "Preview of request #7" });
    await within(region).findByText(/Build failed\./);
    expect(region.textContent).toContain(
      "The latest build of the preview failed: heroo is no block type; the one built on 6 Dec 2026, 14:05 UTC still serves.",
    );
  });

  it("says previews are off on this editor, and offers neither Open preview nor Share preview…", async () => {
    scriptApi(() => ({ body: { number: 7, origin: ORIGIN, state: "off" } }));
    render(<RequestPreview number={7} canShare />);
    const region = await screen.findByRole("region", { name: "Preview of request #7" });
    await within(region).findByText(/Previews off\./);
    expect(region.textContent).toContain("This editor builds no previews of review requests.");
    expect(within(region).queryByRole("link", { name: /^Open preview/ })).toBeNull();
    expect(within(region).queryByRole("button", { name: "Share preview…" })).toBeNull();
  });

  it("lets a publisher make a link, shown once, and revoke a listed one after asking", async () => {
    const share: PreviewShareInfo = {
      id: "k3J9x",
      number: 7,
      createdBy: "pat.lee@company.com",
      createdAt: BUILT_AT,
      expiresAt: BUILT_AT + 3 * 86_400_000,
      state: "active",
    };
    let shares: PreviewShareInfo[] = [];
    const sent = scriptApi(({ method, url }) => {
      if (url.startsWith("/api/previews/status"))
        return { body: { number: 7, origin: ORIGIN, state: "ready", builtAt: BUILT_AT } };
      if (method === "GET") return { body: { shares } };
      if (url.endsWith("/revoke")) {
        shares = [{ ...share, state: "revoked", revokedBy: "pat.lee@company.com", revokedAt: BUILT_AT + 60_000 }];
        return { body: shares[0] };
      }
      shares = [share];
      return { body: { id: share.id, url: `${ORIGIN}/.preview/share/secret`, expiresAt: share.expiresAt } };
    });
    // jsdom has no <dialog> of its own: showModal and close as the browser's.
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true;
    };
    HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
      this.open = false;
      this.dispatchEvent(new Event("close"));
    };
    render(<RequestPreview number={7} canShare />);
    const region = await screen.findByRole("region", { name: "Preview of request #7" });
    await userEvent.click(within(region).getByRole("button", { name: "Share preview…" }));
    await within(region).findByText(/Nobody outside the team can open this preview/);
    await userEvent.selectOptions(within(region).getByLabelText("Link lasts"), "3");
    await userEvent.click(within(region).getByRole("button", { name: "Make share link" }));
    expect(((await within(region).findByLabelText("Share link")) as HTMLInputElement).value).toBe(
      `${ORIGIN}/.preview/share/secret`,
    );
    expect(sent.find(({ method }) => method === "POST")).toEqual({
      method: "POST",
      url: "/api/previews/shares",
      body: { number: 7, days: 3 },
    });

    await userEvent.click(
      await within(region).findByRole("button", { name: /^Revoke the link pat\.lee@company\.com made/ }),
    );
    const dialog = screen.getByRole("dialog", { name: "Revoke this share link?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Revoke link" }));
    await within(region).findByText(/Share link revoked\./);
    expect(within(region).queryByLabelText("Share link")).toBeNull();
    expect(within(region).getByRole("listitem").textContent).toMatch(/^Revokedmade by pat\.lee@company\.com on/);
    expect(sent.at(-2)).toEqual({ method: "POST", url: "/api/previews/shares/revoke", body: { id: "k3J9x" } });
  });
});
