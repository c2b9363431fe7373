import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { asSentence, editorScheduleLines, messageOf } from "../../../contract/errors.ts";
import type { MergedRequestsAnswer, Schedule } from "../../protocol.ts";
import { renderAt } from "../../../tests/support/editor/test-router.tsx";
import { type Sent, scriptApi } from "../document/test-fetch.ts";
import { testBoot } from "../test-boot.ts";
import { ReviewView } from "./ReviewView.tsx";

afterEach(() => vi.unstubAllGlobals());

/** Thursday 10 December 2026, noon in London, where the publisher reads the review. */
const CLOCK = { now: () => Date.parse("2026-12-10T12:00:00Z"), zone: "Europe/London" };
const PAT = { name: "Pat Lee", email: "pat.lee@company.com" };

const merged = (number: number, title: string, mergedAt: string, more = {}) => ({
  number,
  url: `https://github.example.test/voxa/site/pull/${number}`,
  state: "merged" as const,
  mergeCommit: `m${number}`,
  title,
  branch: `edit/${number}`,
  mergedAt: Date.parse(mergedAt),
  changes: [],
  ...more,
});
const MERGED: MergedRequestsAnswer = {
  base: "origin/main",
  requests: [
    merged(5, "Winter campaign", "2026-11-20T09:00:00Z", {
      askedBy: { name: "Bob Smith", email: "bob@company.com" },
      changes: [
        { file: "site-config/pages/winter-offer.json", kind: "added", path: "/winter-offer", fields: [] },
        {
          file: "site-config/pages/pricing.json",
          kind: "changed",
          path: "/pricing",
          fields: ["Pricing table › Price"],
        },
      ],
    }),
    merged(4, "Autumn offer", "2026-10-02T16:30:00Z"),
    merged(3, "Summer sale", "2026-07-01T08:00:00Z"),
  ],
};

/** The take-down of request 3's change, which failed: said with its reason, and offered again. */
const SUMMER_FAILED: Schedule = {
  ...{ id: 1, kind: "take-down", localTime: "2026-12-01T00:00", timeZone: "Europe/London" },
  takeDown: { pages: [], change: { number: 3 } },
  at: Date.parse("2026-12-01T00:00:00Z"),
  state: "failed",
  failure: { code: "EDIT_SCHEDULE_CHANGED_SINCE", message: "The pricing page changed on the published site since." },
  scheduledBy: { name: "Pat Lee", email: "pat.lee@company.com" },
  createdAt: 0,
  updatedAt: 0,
};

/** The take-down of request 4's change, waiting for 23:59 in Berlin on New Year's Eve. */
const AUTUMN_DOWN: Schedule = {
  id: 2,
  kind: "take-down",
  takeDown: { pages: [], change: { number: 4, redirectTo: "/pricing" } },
  localTime: "2026-12-31T23:59",
  timeZone: "Europe/Berlin",
  at: Date.parse("2026-12-31T22:59:00Z"),
  state: "waiting",
  scheduledBy: PAT,
  createdAt: 0,
  updatedAt: 0,
};

/** No open request; the merged ones; the schedules as they stand, with the take-down's answer added to them. */
function server(schedules: { current: Schedule[] }, merged: MergedRequestsAnswer = MERGED) {
  return scriptApi(({ method, url, body }) => {
    if (url === "/api/requests") return { body: { base: "origin/main", requests: [] } };
    if (url === "/api/requests/merged") return { body: merged };
    if (method === "GET") return { body: { schedules: schedules.current } };
    const { number, localTime, timeZone } = body as { number: number; localTime: string; timeZone: string };
    const added: Schedule = {
      ...AUTUMN_DOWN,
      id: 3,
      takeDown: { pages: [], change: { number, title: "Winter campaign" } },
      localTime,
      timeZone,
      at: Date.parse("2027-01-06T23:00:00Z"),
    };
    schedules.current = [...schedules.current, added];
    return { body: added };
  });
}

const review = (number?: number) =>
  renderAt(
    <ReviewView arrived={false} boot={testBoot()} number={number} clock={CLOCK} onBack={() => undefined} />,
    number ? `/review/${number}` : "/review",
  );
const words = (element: Element) => element.textContent?.replace(/\s+/g, " ").trim();
const posts = (sent: Sent[]) => sent.filter(({ method }) => method === "POST").map(({ url, body }) => [url, body]);

describe("the review's recently merged requests, each taken down at a time", () => {
  it("lists them under the open ones with when each was merged and what it changed, and a take-down scheduled", async () => {
    server({ current: [AUTUMN_DOWN, SUMMER_FAILED] });
    review();
    const section = await screen.findByRole("region", { name: "Recently merged" });
    expect(
      await within(section).findByText(asSentence(messageOf(editorScheduleLines.mergedIntro, { base: "origin/main" }))),
    ).toBeTruthy();
    const [winter, autumn, summer] = await within(section).findAllByRole("listitem", { name: /#\d/ });
    expect(words(within(winter!).getByRole("heading", { level: 3 }))).toBe("Winter campaign #5");
    expect(within(winter!).getByRole("link", { name: /#5/ }).getAttribute("href")).toBe(MERGED.requests[0]!.url);
    expect(within(winter!).getByText("Merged Friday 20 November 2026, 09:00 · asked for by Bob Smith")).toBeTruthy();
    expect(
      within(within(winter!).getByRole("list", { name: "What request #5 changed" }))
        .getAllByRole("listitem")
        .map(words),
    ).toEqual(["/winter-offer (added)", "/pricing (changed)"]);
    expect(within(winter!).getByRole("button", { name: "Take down…" })).toBeTruthy();
    // Request 4 comes down already: said, and not offered twice.
    expect(within(autumn!).getByText("Merged Friday 2 October 2026, 17:30")).toBeTruthy();
    expect(
      words(
        within(autumn!)
          .getByText(/^Comes down/)
          .closest("p")!,
      ),
    ).toBe(
      "Comes down Thursday 31 December 2026, 23:59 in Berlin (22:59 your time); each page it added then leads to " +
        "/pricing · scheduled by Pat Lee",
    );
    expect(within(autumn!).queryByRole("button", { name: "Take down…" })).toBeNull();
    // Request 3's take-down failed: why, in a take-down's words, and Take down… again.
    const failed = editorScheduleLines.didNotComeDown;
    expect(words(within(summer!).getByText(`${failed.title}.`).closest("p")!)).toBe(
      `${failed.title}. ${SUMMER_FAILED.failure!.message} ${failed.hint}`,
    );
    expect(within(summer!).getByRole("button", { name: "Take down…" })).toBeTruthy();
  });

  it("takes a merged request's change down from its Take down…, then says when it comes down", async () => {
    const schedules = { current: [] as Schedule[] };
    const sent = server(schedules);
    review();
    const winter = await screen.findByRole("listitem", { name: /Winter campaign/ });
    await userEvent.click(within(winter).getByRole("button", { name: "Take down…" }));
    const dialog = screen.getByRole("dialog", { name: "Take down request #5's change" });
    const form = within(dialog).getByRole("form", { name: "Take down request #5's change" });
    fireEvent.change(within(form).getByLabelText("Date"), { target: { value: "2027-01-07" } });
    fireEvent.change(within(form).getByLabelText("Time zone"), { target: { value: "Europe/Berlin" } });
    // The dialog reads the browser's own clock: what it adds in the reader's time depends on where the test runs.
    expect(within(form).getByText(/^Comes down Thursday 7 January 2027, 00:00 in Berlin/)).toBeTruthy();
    await userEvent.click(within(form).getByRole("button", { name: "Take down" }));
    expect(words(await within(dialog).findByRole("status"))).toMatch(
      /^Take-down scheduled\. The change of request 5, “Winter campaign” comes down Thursday 7 January 2027, 00:00 in Berlin/,
    );
    expect(posts(sent)).toEqual([
      ["/api/schedules/take-down", { number: 5, localTime: "2027-01-07T00:00", timeZone: "Europe/Berlin" }],
    ]);
    await userEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    // The schedules read again: the request says when it comes down, and offers no second take-down.
    expect(await within(winter).findByText(/^Comes down Thursday 7 January 2027, 00:00 in Berlin/)).toBeTruthy();
    expect(within(winter).queryByRole("button", { name: "Take down…" })).toBeNull();
  });

  it("shows a merged request at its own address, and says when nothing has been merged yet", async () => {
    server({ current: [] });
    const { unmount } = review(5);
    expect(await screen.findByText(/Request #5 waits for no review/)).toBeTruthy();
    const section = await screen.findByRole("region", { name: "Recently merged" });
    expect(
      within(section)
        .getAllByRole("listitem", { name: /#\d/ })
        .map((item) => item.id || words(item.querySelector("h3")!)),
    ).toEqual(["Winter campaign #5"]);
    unmount();

    server({ current: [] }, { base: "origin/main", requests: [] });
    review();
    const empty = editorScheduleLines.mergedNone;
    expect(words((await screen.findByText(`${empty.title}.`)).closest("p")!)).toBe(
      `${empty.title}. ${asSentence(messageOf(empty, { base: "origin/main" }))} ${empty.hint}`,
    );
  });
});
