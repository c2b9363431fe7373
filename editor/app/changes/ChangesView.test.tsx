import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testBoot } from "../test-boot.ts";
import type { Bootstrap } from "../api.ts";
import { scriptApi } from "../document/test-fetch.ts";
import { ChangesView } from "./ChangesView.tsx";

afterEach(() => vi.unstubAllGlobals());

const MEDIA = "public/media/team.png";
const boot = (person?: Bootstrap["person"]): Bootstrap => testBoot(person && { person });

function show(person?: Bootstrap["person"]) {
  scriptApi(({ url }) => {
    if (url.startsWith("/api/published")) return { body: { published: [] } };
    // The change shown first is the image: its published version, which it has none of (it is added).
    if (url.startsWith("/api/changes/base")) return { body: { file: MEDIA, type: "image/png", data: null } };
    return { body: { base: "origin/main", changes: [{ file: MEDIA, kind: "added", fields: [] }], notContent: [] } };
  });
  render(
    <ChangesView
      boot={boot(person)}
      arrived={false}
      onBack={() => undefined}
      onOpen={() => undefined}
      onPagesChanged={() => undefined}
    />,
  );
}

describe("the Changes view by role, in the team editor", () => {
  it("offers an author Publish for review and Discard changes", async () => {
    show({ email: "bob@company.com", name: "Bob", role: "author" });
    expect(await screen.findByRole("button", { name: /Discard changes to/ })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Publish for review" })).toBeTruthy();
  });

  it("offers a viewer neither: they read the changes only", async () => {
    show({ email: "vic@company.com", name: "Vic", role: "viewer" });
    await screen.findAllByText(MEDIA, { exact: false });
    expect(screen.queryByRole("button", { name: /Discard changes to/ })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Publish for review" })).toBeNull();
  });
});
