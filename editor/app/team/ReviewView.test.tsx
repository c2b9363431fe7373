import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { scriptApi } from "../document/test-fetch.ts";
import { readSchemas } from "../../../contract/schemas.server.ts";
import { ROOT } from "../../../toolchain/paths.ts";
import type { Bootstrap } from "../api.ts";
import { testBoot } from "../test-boot.ts";
import { ReviewView } from "./ReviewView.tsx";
import { renderAt } from "../../../tests/support/editor/test-router.tsx";

afterEach(() => vi.unstubAllGlobals());

const BOOT = testBoot({
  // The project's schemas, as the editor's server sends them: the comparison fills in each block's defaults with them.
  schemas: Object.fromEntries(readSchemas(ROOT).map(({ name, schema }) => [name, schema])) as Bootstrap["schemas"],
});

const REQUEST = {
  number: 7,
  url: "https://github.example.test/voxa/site/pull/7",
  state: "open",
  title: "Pet insurance heading",
  branch: "edit/pet-insurance-heading",
  askedBy: { name: "Bob Smith", email: "bob.smith@company.com" },
  checks: "passing",
  changes: [
    {
      file: "site-config/pages/industries/pet-insurance.json",
      kind: "changed",
      path: "/industries/pet-insurance",
      fields: ["Industry hero › Heading"],
    },
  ],
};

describe("a publisher's Review requests", () => {
  it("shows each request in words, merges it, and sends one back with the comment typed", async () => {
    const sent = scriptApi(({ method, url }) => {
      if (method === "GET") return { body: { base: "origin/main", requests: [REQUEST] } };
      if (url.endsWith("/merge")) return { body: { code: "EDIT_REVIEW_MERGED", message: "Request 7 is merged." } };
      return { body: { code: "EDIT_REVIEW_SENT_BACK", message: "Request 7 is sent back." } };
    });
    renderAt(<ReviewView arrived={false} boot={BOOT} onBack={() => undefined} />, "/review");
    const card = await screen.findByRole("article", { name: /Pet insurance heading/ });
    expect(within(card).getByText(/Asked for by Bob Smith \(bob.smith@company.com\)/)).toBeTruthy();
    expect(within(card).getByText("Checks passing")).toBeTruthy();
    expect(within(card).getByRole("listitem").textContent).toBe(
      "/industries/pet-insurance (changed) — Industry hero › Heading Before and after",
    );

    await userEvent.click(within(card).getByRole("button", { name: "Approve and merge" }));
    expect(await screen.findByText("Request 7 is merged.")).toBeTruthy();
    await userEvent.type(within(card).getByLabelText("Comment for its author"), "Shorter, please.");
    await userEvent.click(within(card).getByRole("button", { name: "Send back" }));
    expect(await screen.findByText("Request 7 is sent back.")).toBeTruthy();
    expect(sent.filter(({ method }) => method === "POST")).toEqual([
      { method: "POST", url: "/api/requests/merge", body: { number: 7 } },
      { method: "POST", url: "/api/requests/send-back", body: { number: 7, comment: "Shorter, please." } },
    ]);
  });

  it("names each check that failed, with a link to its page", async () => {
    const failing = {
      ...REQUEST,
      checks: "failing",
      failed: [{ name: "lint", url: "https://github.example.test/voxa/site/runs/lint" }, { name: "status" }],
    };
    scriptApi(() => ({ body: { base: "origin/main", requests: [failing] } }));
    renderAt(<ReviewView arrived={false} boot={BOOT} onBack={() => undefined} />, "/review");
    const card = await screen.findByRole("article", { name: /Pet insurance heading/ });
    expect(within(card).getByText("Checks failing")).toBeTruthy();
    const failed = within(card).getByRole("list", { name: "Checks that failed on #7" });
    expect(
      within(failed)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["lint  (opens in a new tab)", "status"]);
    expect(within(failed).getByRole("link", { name: "lint (opens in a new tab)" }).getAttribute("href")).toBe(
      "https://github.example.test/voxa/site/runs/lint",
    );
  });

  it("leads from each request to its own address, which shows it alone, and back to all of them", async () => {
    const other = { ...REQUEST, number: 8, title: "Motor insurance figures" };
    scriptApi(() => ({ body: { base: "origin/main", requests: [REQUEST, other] } }));
    const listed = renderAt(<ReviewView arrived={false} boot={BOOT} onBack={() => undefined} />, "/review");
    await userEvent.click(await screen.findByRole("link", { name: "Pet insurance heading" }));
    expect(listed.at()).toBe("/review/7");
    listed.unmount();

    const one = renderAt(<ReviewView arrived={false} boot={BOOT} number={7} onBack={() => undefined} />, "/review/7");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Review request #7");
    await screen.findByRole("article", { name: /Pet insurance heading/ });
    expect(screen.getAllByRole("article")).toHaveLength(1);
    await userEvent.click(screen.getByRole("link", { name: "All open requests" }));
    expect(one.at()).toBe("/review");
  });

  it("says so when the request of the address waits for no review", async () => {
    scriptApi(() => ({ body: { base: "origin/main", requests: [REQUEST] } }));
    renderAt(<ReviewView arrived={false} boot={BOOT} number={9} onBack={() => undefined} />, "/review/9");
    expect(
      await screen.findByText("Request #9 waits for no review: it was merged or sent back, or is not open."),
    ).toBeTruthy();
    expect(screen.queryByRole("article")).toBeNull();
  });

  it("says so when nothing waits for review", async () => {
    scriptApi(() => ({ body: { base: "origin/main", requests: [] } }));
    renderAt(<ReviewView arrived={false} boot={BOOT} onBack={() => undefined} />, "/review");
    expect(await screen.findByText("No request waits for review.")).toBeTruthy();
  });

  it("shows a page of a request before and after, as it was where the request started and on its branch", async () => {
    const page = (heading: string) =>
      `${JSON.stringify({ path: "/industries/pet-insurance", blocks: [{ type: "text-section", heading }] })}\n`;
    const sent = scriptApi(({ url }) =>
      url.startsWith("/api/requests/version")
        ? { body: { before: page("Pets"), after: page("Pets, at any hour") } }
        : { body: { base: "origin/main", requests: [REQUEST] } },
    );
    // The preview frames size themselves to the window, which jsdom does not lay out.
    vi.stubGlobal(
      "ResizeObserver",
      class {
        observe() {}
        disconnect() {}
      },
    );
    renderAt(<ReviewView arrived={false} boot={BOOT} onBack={() => undefined} />, "/review");
    const open = await screen.findByRole("button", { name: "Before and after of /industries/pet-insurance" });
    expect(open.getAttribute("aria-expanded")).toBe("false");
    await userEvent.click(open);
    const region = await screen.findByRole("region", { name: "Before and after: /industries/pet-insurance" });
    expect(open.getAttribute("aria-expanded")).toBe("true");
    expect(
      within(region)
        .getAllByRole("heading", { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(["Published version where the request started", "Requested version edit/pet-insurance-heading"]);
    expect(sent.map(({ url }) => url)).toContain(
      `/api/requests/version?number=7&file=${encodeURIComponent(REQUEST.changes[0]!.file)}`,
    );
  });
});
