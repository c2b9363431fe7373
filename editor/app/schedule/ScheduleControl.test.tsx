import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { editorScheduleLines, messageOf } from "../../../contract/errors.ts";
import type { Schedule } from "../../protocol.ts";
import { renderAt } from "../../../tests/support/editor/test-router.tsx";
import { type Sent, scriptApi } from "../document/test-fetch.ts";
import { testBoot } from "../test-boot.ts";
import { ReviewView } from "../team/ReviewView.tsx";

afterEach(() => vi.unstubAllGlobals());

/** Thursday 10 December 2026, noon in London, where the publisher reads the review. */
const CLOCK = { now: () => Date.parse("2026-12-10T12:00:00Z"), zone: "Europe/London" };

const REQUEST = {
  number: 7,
  url: "https://github.example.test/voxa/site/pull/7",
  state: "open",
  title: "Pet insurance heading",
  branch: "edit/pet-insurance-heading",
  checks: "passing",
  changes: [],
};

/** 09:00 in Berlin on Monday 14 December 2026. */
const WAITING: Schedule = {
  id: 3,
  kind: "publish",
  request: { number: 7, title: REQUEST.title },
  localTime: "2026-12-14T09:00",
  timeZone: "Europe/Berlin",
  at: Date.parse("2026-12-14T08:00:00Z"),
  state: "waiting",
  scheduledBy: { name: "Pat Lee", email: "pat.lee@company.com" },
  createdAt: 0,
  updatedAt: 0,
};

/** The review's requests, the schedules as they stand, and an answer for each write that moves them. */
function server(schedules: { current: Schedule[] }, write: (sent: Sent) => { status?: number; body: unknown }) {
  return scriptApi((sent) => {
    if (sent.url === "/api/requests") return { body: { base: "origin/main", requests: [REQUEST] } };
    if (sent.url === "/api/requests/merged") return { body: { base: "origin/main", requests: [] } };
    if (sent.method === "GET") return { body: { schedules: schedules.current } };
    return write(sent);
  });
}

const review = (number?: number) =>
  renderAt(
    <ReviewView arrived={false} boot={testBoot()} number={number} clock={CLOCK} onBack={() => undefined} />,
    number ? `/review/${number}` : "/review",
  );
const words = (element: Element) => element.textContent?.replace(/\s+/g, " ").trim();
const posts = (sent: Sent[]) => sent.filter(({ method }) => method === "POST");

describe("a request's schedule in its review", () => {
  it("schedules a request at a day, time and zone, said in words as they change, and shows it waiting", async () => {
    const schedules = { current: [] as Schedule[] };
    const sent = server(schedules, ({ body }) => {
      schedules.current = [{ ...WAITING, ...(body as object) }];
      return { body: schedules.current[0] };
    });
    review();
    const card = await screen.findByRole("article", { name: /Pet insurance heading/ });
    const open = within(card).getByRole("button", { name: "Schedule…" });
    // Escape leaves the form, and the focus goes back to the button that opened it.
    await userEvent.click(open);
    await userEvent.keyboard("{Escape}");
    expect(within(card).queryByRole("form")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(open));
    await userEvent.keyboard("{Enter}");
    expect(open.getAttribute("aria-expanded")).toBe("true");
    const form = within(card).getByRole("form", { name: "Schedule request #7" });
    // Tomorrow at nine, in the publisher's own zone; the date field has the focus.
    const date = within(form).getByLabelText("Date");
    expect(document.activeElement).toBe(date);
    expect(within(form).getByText("Goes live Friday 11 December 2026, 09:00 in London")).toBeTruthy();

    fireEvent.change(date, { target: { value: "2026-12-14" } });
    const zone = within(form).getByLabelText("Time zone");
    fireEvent.change(zone, { target: { value: "Europe/Atlantis" } });
    expect(within(form).getByText(messageOf(editorScheduleLines.notAZone, { zone: "Europe/Atlantis" }))).toBeTruthy();
    expect(zone.getAttribute("aria-invalid")).toBe("true");
    expect(within(form).getByRole("button", { name: "Schedule" })).toHaveProperty("disabled", true);
    fireEvent.change(zone, { target: { value: "Europe/Berlin" } });
    const line = "Goes live Monday 14 December 2026, 09:00 in Berlin (08:00 your time)";
    expect(within(form).getByText(line)).toBeTruthy();

    await userEvent.click(within(form).getByRole("button", { name: "Schedule" }));
    expect(await within(card).findByText(line)).toBeTruthy();
    expect(posts(sent)).toEqual([
      {
        method: "POST",
        url: "/api/schedules",
        body: { number: 7, localTime: "2026-12-14T09:00", timeZone: "Europe/Berlin" },
      },
    ]);
    expect(within(card).queryByRole("form")).toBeNull();
    expect(words(within(card).getByRole("status"))).toContain(
      messageOf(editorScheduleLines.scheduled, {
        number: 7,
        title: REQUEST.title,
        when: "Monday 14 December 2026, 09:00 in Berlin (08:00 your time)",
      }),
    );
    expect(within(card).getByText("Scheduled by Pat Lee (pat.lee@company.com)")).toBeTruthy();
    // Scheduled: its own Change… moves it, not another Schedule….
    expect(within(card).queryByRole("button", { name: "Schedule…" })).toBeNull();
  });

  it("changes a waiting schedule's time and cancels it; a refusal is said in the catalogue's words", async () => {
    const schedules = { current: [WAITING] };
    const sent = server(schedules, ({ url, body }) => {
      if (url.endsWith("/change") && (body as { localTime: string }).localTime.endsWith("T06:00"))
        return {
          status: 409,
          body: { error: { code: "X", title: "Too soon", message: "that is too soon", hint: "Pick a later time." } },
        };
      if (url.endsWith("/change")) {
        schedules.current = [{ ...WAITING, localTime: "2026-12-14T10:30", at: Date.parse("2026-12-14T09:30:00Z") }];
        return { body: schedules.current[0] };
      }
      schedules.current = [{ ...WAITING, state: "cancelled" }];
      return { body: schedules.current[0] };
    });
    review();
    const card = await screen.findByRole("article", { name: /Pet insurance heading/ });
    await userEvent.click(await within(card).findByRole("button", { name: "Change…" }));
    const form = within(card).getByRole("form", { name: "Change when it goes live" });
    expect(within(form).getByLabelText("Date")).toHaveProperty("value", "2026-12-14");
    expect(within(form).getByLabelText("Time zone")).toHaveProperty("value", "Europe/Berlin");
    const time = within(form).getByLabelText("Time");
    fireEvent.change(time, { target: { value: "06:00" } });
    await userEvent.click(within(form).getByRole("button", { name: "Change time" }));
    expect(words(await within(form).findByRole("alert"))).toBe("Too soon. That is too soon. Pick a later time.");

    fireEvent.change(time, { target: { value: "10:30" } });
    await userEvent.click(within(form).getByRole("button", { name: "Change time" }));
    expect(
      await within(card).findByText("Goes live Monday 14 December 2026, 10:30 in Berlin (09:30 your time)"),
    ).toBeTruthy();

    await userEvent.click(within(card).getByRole("button", { name: "Cancel schedule" }));
    expect(words(await within(card).findByRole("status"))).toContain(
      messageOf(editorScheduleLines.calledOff, { number: 7 }),
    );
    expect(within(card).queryByText(/Goes live/)).toBeNull();
    expect(posts(sent).map(({ url, body }) => [url, body])).toEqual([
      ["/api/schedules/change", { id: 3, localTime: "2026-12-14T06:00", timeZone: "Europe/Berlin" }],
      ["/api/schedules/change", { id: 3, localTime: "2026-12-14T10:30", timeZone: "Europe/Berlin" }],
      ["/api/schedules/cancel", { id: 3 }],
    ]);
  });

  it("says why a schedule failed, and retries it at a new time", async () => {
    const failure = {
      code: "EDIT_SCHEDULE_CHECKS_FAILING",
      message: "The forge refused the merge: checks are failing.",
    };
    const schedules: { current: Schedule[] } = {
      current: [{ ...WAITING, state: "failed", failure, ranAt: WAITING.at }],
    };
    const sent = server(schedules, () => {
      schedules.current = [{ ...WAITING, localTime: "2026-12-11T09:00", at: Date.parse("2026-12-11T08:00:00Z") }];
      return { body: schedules.current[0] };
    });
    review();
    const card = await screen.findByRole("article", { name: /Pet insurance heading/ });
    expect(words((await within(card).findByText(/Did not go live/)).closest("p")!)).toBe(
      `Did not go live. ${failure.message} ${editorScheduleLines.didNotRun.hint}`,
    );
    await userEvent.click(within(card).getByRole("button", { name: "Retry…" }));
    const form = within(card).getByRole("form", { name: "Retry at a new time" });
    // Tomorrow, at the time it was given, in its zone.
    expect(within(form).getByText("Goes live Friday 11 December 2026, 09:00 in Berlin (08:00 your time)")).toBeTruthy();
    await userEvent.click(within(form).getByRole("button", { name: "Retry" }));
    expect(await within(card).findByText(/^Goes live Friday 11 December 2026/)).toBeTruthy();
    expect(posts(sent)).toEqual([
      {
        method: "POST",
        url: "/api/schedules/retry",
        body: { id: 3, localTime: "2026-12-11T09:00", timeZone: "Europe/Berlin" },
      },
    ]);
  });

  it("says when a merged request went live, and how late, with nothing to change", async () => {
    const done = { ...WAITING, state: "done" as const, ranAt: WAITING.at + 12 * 60_000, lateByMs: 12 * 60_000 };
    scriptApi(({ url }) =>
      url.startsWith("/api/requests")
        ? { body: { base: "origin/main", requests: [] } }
        : { body: { schedules: [done] } },
    );
    review(7);
    expect(
      await screen.findByText(
        "Went live Monday 14 December 2026, 09:12 in Berlin (08:12 your time); it ran 12 minutes late",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Change|Cancel schedule|Retry/ })).toBeNull();
  });
});
