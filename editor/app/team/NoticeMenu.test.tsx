import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { scriptApi } from "../document/test-fetch.ts";
import { NoticeMenu } from "./NoticeMenu.tsx";

afterEach(() => vi.unstubAllGlobals());

const REVIEWS = "E-mail me when a review is requested";
const OWN = "E-mail me when my request is merged or sent back";

describe("a person's e-mail notices, beside their name", () => {
  it("shows a publisher both choices when opened, and saves each tick", async () => {
    let state = { reviewRequested: true, ownRequests: true, sending: true };
    const sent = scriptApi(({ method, body }) => {
      if (method === "POST") state = { ...state, ...(body as object) };
      return { body: state };
    });
    render(<NoticeMenu role="publisher" />);
    expect(sent).toEqual([]);
    await userEvent.click(screen.getByText("E-mail notices", { selector: "summary" }));
    const reviews = await screen.findByRole("checkbox", { name: REVIEWS });
    expect((reviews as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("checkbox", { name: OWN }) as HTMLInputElement).checked).toBe(true);

    await userEvent.click(reviews);
    expect(sent.at(-1)).toEqual({ method: "POST", url: "/team/notices", body: { reviewRequested: false } });
    await vi.waitFor(() =>
      expect((screen.getByRole("checkbox", { name: REVIEWS }) as HTMLInputElement).checked).toBe(false),
    );
  });

  it("shows an author only their own requests' notice, and says when the editor sends no e-mail", async () => {
    scriptApi(() => ({ body: { reviewRequested: true, ownRequests: false, sending: false } }));
    render(<NoticeMenu role="author" />);
    await userEvent.click(screen.getByText("E-mail notices", { selector: "summary" }));
    expect(((await screen.findByRole("checkbox", { name: OWN })) as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByRole("checkbox", { name: REVIEWS })).toBeNull();
    expect(screen.getByText(/This editor sends no e-mail: its mail server is not set up\./).textContent).toBe(
      "No e-mail yet. This editor sends no e-mail: its mail server is not set up. An admin sets SMTP_URL and EDIT_TEAM_MAIL_FROM; your choices here apply from then.",
    );
  });

  it("shows a refused change in the catalogue's words", async () => {
    scriptApi(({ method }) =>
      method === "POST"
        ? {
            status: 400,
            body: {
              error: {
                code: "TEAM_NOTICES_INVALID",
                title: "Notice choice invalid",
                message: "give reviewRequested or ownRequests (or both), each true or false",
                hint: "Send them as true or false.",
              },
            },
          }
        : { body: { reviewRequested: true, ownRequests: true, sending: true } },
    );
    render(<NoticeMenu role="author" />);
    await userEvent.click(screen.getByText("E-mail notices", { selector: "summary" }));
    await userEvent.click(await screen.findByRole("checkbox", { name: OWN }));
    expect((await screen.findByRole("alert")).textContent).toContain("Notice choice invalid.");
  });

  it("offers a viewer nothing: no notice is theirs", () => {
    const { container } = render(<NoticeMenu role="viewer" />);
    expect(container.textContent).toBe("");
  });
});
