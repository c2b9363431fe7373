import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { asSentence, editorGitErrors, editorPublishLines, messageOf } from "../../../contract/errors.ts";
import { scriptApi } from "../document/test-fetch.ts";
import { PublishPanel } from "./PublishPanel.tsx";

afterEach(() => vi.unstubAllGlobals());

const PULL = { number: 7, url: "https://github.example.test/voxa/site/pull/7", state: "open" };
const ANSWER = { branch: "edit/pet", commit: "c1", base: "origin/main", created: true, compareUrl: "https://x" };
const refusal = (entry: { code: string; title: string; hint: string }, message: string) => ({
  status: 409,
  body: { error: { code: entry.code, title: entry.title, message, hint: entry.hint } },
});

/** Each paragraph of a region as it reads, its white space collapsed. */
const linesOf = (region: HTMLElement) =>
  [...region.querySelectorAll("p")].map((line) => line.textContent!.replace(/\s+/g, " ").trim());

async function publish(summary: string) {
  const onPublished = vi.fn();
  render(<PublishPanel onPublished={onPublished} />);
  await userEvent.type(screen.getByLabelText("Summary of the change"), summary);
  await userEvent.click(screen.getByRole("button", { name: "Publish for review" }));
  return onPublished;
}

describe("Publish for review", () => {
  it("starts with an empty summary whose placeholder asks for one rather than suggesting a change", () => {
    render(<PublishPanel onPublished={vi.fn()} />);
    const summary = screen.getByLabelText("Summary of the change");
    expect(summary).toHaveValue("");
    expect(summary).toHaveAttribute("placeholder", "What changed, in a few words");
  });

  it("sends the summary, and says which pull request the change waits in, with its link", async () => {
    const sent = scriptApi(() => ({ body: { ...ANSWER, request: PULL } }));
    const onPublished = await publish("Pet page");
    expect(sent).toEqual([{ method: "POST", url: "/api/publish", body: { summary: "Pet page" } }]);
    const status = await screen.findByRole("status");
    expect(status).toHaveTextContent(messageOf(editorPublishLines.published, { request: "pull request #7" }));
    expect(within(status).getByRole("link", { name: /^Open pull request #7/ })).toHaveAttribute("href", PULL.url);
    expect(screen.getByLabelText("Summary of the change")).toHaveValue("");
    expect(onPublished).toHaveBeenCalledOnce();
  });

  it("says the change was added to the open request when it was", async () => {
    scriptApi(() => ({ body: { ...ANSWER, created: false, request: PULL } }));
    await publish("More");
    expect(await screen.findByRole("status")).toHaveTextContent("Added to pull request #7.");
  });

  it("without a token, names the branch and says to open the request with the link shown above the hint", async () => {
    const compareUrl = "https://github.example.test/voxa/site/compare/main...edit/pet?expand=1";
    scriptApi(() => ({ body: { ...ANSWER, compareUrl } }));
    await publish("Pet page");
    const status = await screen.findByRole("status");
    expect(linesOf(status)).toEqual([
      "Sent for review. Your changes are on the branch edit/pet; no review request was opened, as the editor has no token for the site's host.",
      expect.stringMatching(/^Open the pull request \(opens in a new tab\)/),
      "Open the request with the link above; a developer can set up a token once, as docs/publishing.md says.",
    ]);
    expect(within(status).getByRole("link", { name: /^Open the pull request/ })).toHaveAttribute("href", compareUrl);
  });

  it("on a host the editor does not know, shows the git command and says to run it: there is no link", async () => {
    scriptApi(() => ({
      body: { ...ANSWER, compareUrl: undefined, command: "git request-pull origin/main origin edit/pet" },
    }));
    await publish("Pet page");
    const status = await screen.findByRole("status");
    expect(linesOf(status)).toEqual([
      "Sent for review. Your changes are on the branch edit/pet; no review request was opened, as the editor does not know the site's host.",
      expect.stringMatching(/^git request-pull origin\/main origin edit\/pet/),
      "Run the git command above and send what it prints to your reviewer: it names the branch and its changes.",
    ]);
    expect(status.querySelector("code.command")).toHaveTextContent(/^git request-pull origin\/main origin edit\/pet$/);
    expect(within(status).queryByRole("link")).toBeNull();
  });

  it("asks once for a name and e-mail when git has none, and sends them with the summary", async () => {
    const sent = scriptApi(({ body }) =>
      (body as { identity?: unknown }).identity
        ? { body: { ...ANSWER, request: PULL } }
        : refusal(editorGitErrors.noIdentity, messageOf(editorGitErrors.noIdentity)),
    );
    await publish("Pet page");
    const dialog = await screen.findByRole("dialog", { name: editorGitErrors.noIdentity.title });
    await userEvent.type(within(dialog).getByLabelText("Your name"), "Ana Marketer");
    await userEvent.type(within(dialog).getByLabelText("Your e-mail"), "ana@example.com");
    await userEvent.click(within(dialog).getByRole("button", { name: "Publish for review" }));
    expect(sent.map((request) => request.body)).toEqual([
      { summary: "Pet page" },
      { summary: "Pet page", identity: { name: "Ana Marketer", email: "ana@example.com" } },
    ]);
    expect(await screen.findByRole("status")).toHaveTextContent(editorPublishLines.published.title);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows a refusal as the catalogue words it: title, problem and fix, in an alert", async () => {
    const message = messageOf(editorGitErrors.pushRejected, { branch: "edit/pet" });
    scriptApi(() => refusal(editorGitErrors.pushRejected, message));
    await publish("Pet page");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      `${editorGitErrors.pushRejected.title}. ${asSentence(message)} ${editorGitErrors.pushRejected.hint}`,
    );
  });
});
