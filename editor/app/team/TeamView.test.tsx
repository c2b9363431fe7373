import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { scriptApi } from "../document/test-fetch.ts";
import { TeamView } from "./TeamView.tsx";

afterEach(() => vi.unstubAllGlobals());

const AT = Date.parse("2026-11-28T09:30:00Z");
const PEOPLE = {
  file: "editor-team.json",
  people: { "ada@company.com": "admin" },
  domains: { "company.com": "author" },
  signedIn: [{ email: "bob@company.com", name: "Bob Smith", role: "author", sessions: 2, lastSeenAt: AT }],
};
const ENTRIES = [
  { at: AT, action: "save", person: "bob@company.com", page: "site-config/pages/about.json", detail: {} },
];

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent!.replace(/\s+/g, " ").trim()),
    );

describe("the admin's Team view", () => {
  it("lists who may sign in, who is signed in, and the audit log; ends a person's sessions; filters by person", async () => {
    const sent = scriptApi(({ method, url }) => {
      if (url === "/team/people") return { body: PEOPLE };
      if (method === "POST") return { body: { code: "TEAM_SESSIONS_ENDED", message: "2 sessions ended" } };
      return { body: { entries: ENTRIES } };
    });
    render(<TeamView arrived={false} onBack={() => undefined} />);
    const [rules, signedIn, audit] = await screen.findAllByRole("table");
    expect(rowsOf(rules!)).toEqual([
      ["ada@company.com", "admin"],
      ["@company.com", "author"],
    ]);
    expect(rowsOf(signedIn!)).toEqual([
      ["Bob Smith bob@company.com", "author", "2", "28 Nov 2026, 09:30 UTC", "End sessions"],
    ]);
    expect(rowsOf(audit!)).toEqual([
      ["28 Nov 2026, 09:30 UTC", "save", "bob@company.com", "site-config/pages/about.json", ""],
    ]);

    await userEvent.click(screen.getByRole("button", { name: "End the sessions of Bob Smith" }));
    expect(await screen.findByText("2 sessions ended")).toBeTruthy();
    expect(sent.find((request) => request.method === "POST")).toEqual({
      method: "POST",
      url: "/team/people/sessions/end",
      body: { email: "bob@company.com" },
    });

    await userEvent.type(screen.getByLabelText("Person (address)"), "b");
    expect(sent.at(-1)?.url).toBe("/team/audit?person=b");
    expect(screen.getByRole("link", { name: "Export JSON lines" }).getAttribute("href")).toBe(
      "/team/audit/export?person=b",
    );
  });

  it("shows the server's refusal in the catalogue's words when the role is too low", async () => {
    scriptApi(() => ({
      status: 403,
      body: {
        error: {
          code: "TEAM_ROLE_TOO_LOW",
          title: "Role too low",
          message: "This needs the admin role; you are author",
          hint: "Ask an admin for the role (editor-team.json or the people settings).",
        },
      },
    }));
    render(<TeamView arrived={false} onBack={() => undefined} />);
    const alerts = await screen.findAllByRole("alert");
    expect(alerts.map((alert) => alert.textContent)).toContain(
      "Role too low. This needs the admin role; you are author. Ask an admin for the role (editor-team.json or the people settings).",
    );
  });
});
