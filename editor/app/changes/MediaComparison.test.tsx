import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { editorGitErrors, messageOf } from "../../../contract/errors.ts";
import { scriptApi } from "../document/test-fetch.ts";
import { MediaComparison } from "./MediaComparison.tsx";

afterEach(() => vi.unstubAllGlobals());

const POSTER = "public/media/demo-poster.jpg";
const side = (name: string) => screen.getByRole("heading", { name: new RegExp(`^${name}`) }).parentElement!;

describe("an image or video before and after", () => {
  it("shows the published bytes beside the saved file, as the site serves it", async () => {
    const sent = scriptApi(() => ({ body: { file: POSTER, type: "image/jpeg", data: "AAEC" } }));
    render(<MediaComparison file={POSTER} kind="changed" fields={[]} name={POSTER} base="origin/main" />);
    expect(screen.getByRole("heading", { name: `Before and after: ${POSTER}`, level: 2 })).toBeInTheDocument();
    const published = await within(side("Published version")).findByRole("img");
    expect(published).toHaveAttribute("src", "data:image/jpeg;base64,AAEC");
    expect(published).toHaveAccessibleName(`${POSTER}, published`);
    const saved = within(side("Your version")).getByRole("img");
    expect(saved.getAttribute("src")).toMatch(/^\/media\/demo-poster\.jpg\?opened=\d+$/);
    expect(saved).toHaveAccessibleName(`${POSTER}, saved`);
    expect(sent).toEqual([
      { method: "GET", url: `/api/changes/base?file=${encodeURIComponent(POSTER)}`, body: undefined },
    ]);
  });

  it("says a new file is not on the published site, and a deleted one goes with publishing", async () => {
    scriptApi(() => ({ body: { file: POSTER, type: "image/jpeg", data: null } }));
    const { unmount } = render(
      <MediaComparison file={POSTER} kind="added" fields={[]} name={POSTER} base="origin/main" />,
    );
    expect(await within(side("Published version")).findByText("Not on the published site: a new file.")).toBeVisible();
    expect(within(side("Your version")).getByRole("img")).toBeInTheDocument();
    unmount();

    scriptApi(() => ({ body: { file: POSTER, type: "image/jpeg", data: "AAEC" } }));
    render(<MediaComparison file={POSTER} kind="deleted" fields={[]} name={POSTER} base="origin/main" />);
    expect(
      await within(side("Your version")).findByText("Deleted: publishing removes it from the site."),
    ).toBeVisible();
    expect(within(side("Published version")).getByRole("img")).toBeInTheDocument();
  });

  it("plays a video in a player, muted", async () => {
    const VIDEO = "public/media/demo.mp4";
    scriptApi(() => ({ body: { file: VIDEO, type: "video/mp4", data: "AAEC" } }));
    const { container } = render(
      <MediaComparison file={VIDEO} kind="changed" fields={[]} name={VIDEO} base="origin/main" />,
    );
    await within(side("Published version")).findByLabelText(`${VIDEO}, published`);
    const players = container.querySelectorAll("video");
    expect(
      [...players].map((video) => [video.getAttribute("src")?.split("?")[0], video.muted, video.controls]),
    ).toEqual([
      ["data:video/mp4;base64,AAEC", true, true],
      ["/media/demo.mp4", true, true],
    ]);
  });

  it("shows the catalogue's refusal when the base cannot be read", async () => {
    const message = messageOf(editorGitErrors.noBase, { base: "origin/main" });
    scriptApi(() => ({
      status: 409,
      body: { error: { code: editorGitErrors.noBase.code, title: editorGitErrors.noBase.title, message, hint: "" } },
    }));
    render(<MediaComparison file={POSTER} kind="changed" fields={[]} name={POSTER} base="origin/main" />);
    expect(await screen.findByRole("alert")).toHaveTextContent(editorGitErrors.noBase.title);
  });
});
