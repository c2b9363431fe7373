import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { asSentence, messageOf, teamLockLines } from "../../../contract/errors.ts";
import { LockNotice } from "./LockNotice.tsx";
import { PresenceChips } from "./PresenceChips.tsx";
import type { SoftLock } from "./useSoftLock.ts";

const MIA = { email: "mia@company.com", name: "Mia Wong" };

const lockOf = (over: Partial<SoftLock>): SoftLock => ({
  holder: MIA,
  taken: false,
  claim: () => false,
  takeOver: vi.fn(async () => undefined),
  onLockEvent: () => undefined,
  ...over,
});

const lineOf = (entry: typeof teamLockLines.editing) =>
  `${entry.title}. ${asSentence(messageOf(entry, { name: "Mia Wong" }))} ${entry.hint}`;

describe("the notice of a page someone else is editing", () => {
  it("says who is editing it in the catalogue's words, and offers an author Take over", () => {
    render(<LockNotice lock={lockOf({})} writes />);
    const notice = screen.getByRole("status");
    expect(notice.textContent?.replace(/\s+/g, " ").trim()).toBe(`${lineOf(teamLockLines.editing)} Take over`);
    expect(screen.getByRole("button", { name: "Take over" })).toBeTruthy();
  });

  it("offers a viewer no Take over", () => {
    render(<LockNotice lock={lockOf({})} writes={false} />);
    expect(screen.getByRole("status").textContent?.trim()).toBe(lineOf(teamLockLines.editing));
    expect(screen.queryByRole("button", { name: "Take over" })).toBeNull();
  });

  it("tells the person it was taken from, as an alert", () => {
    render(<LockNotice lock={lockOf({ taken: true })} writes />);
    expect(screen.getByRole("alert").textContent?.replace(/\s+/g, " ").trim()).toBe(
      `${lineOf(teamLockLines.takenOver)} Take over`,
    );
  });

  it("says nothing while nobody else holds the page", () => {
    const { container } = render(<LockNotice lock={lockOf({ holder: null })} writes />);
    expect(container.textContent).toBe("");
  });
});

describe("who else has a page open", () => {
  it("shows each person's initials, named in full by the tooltip and to a screen reader", () => {
    render(
      <PresenceChips
        people={[
          { email: "bob@company.com", name: "Bob Smith", initials: "BS" },
          { ...MIA, initials: "MW" },
        ]}
      />,
    );
    const group = screen.getByRole("group", { name: "Also on this page: Bob Smith, Mia Wong" });
    const chips = [...group.querySelectorAll('[role="img"]')].map((chip) => [
      chip.getAttribute("aria-label"),
      chip.getAttribute("title"),
      chip.textContent,
    ]);
    expect(chips).toEqual([
      ["Bob Smith", "Bob Smith", "BS"],
      ["Mia Wong", "Mia Wong", "MW"],
    ]);
  });
});
