import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChangesAnswer } from "../protocol.ts";
import { PageList } from "./PageList.tsx";
import { scriptApi } from "./document/test-fetch.ts";
import { useGetLatest } from "./latest/useGetLatest.ts";
import { renderAt } from "../../tests/support/editor/test-router.tsx";

afterEach(() => vi.unstubAllGlobals());

const PET = "site-config/pages/industries/pet-insurance.json";
const PET_PAGE = { file: PET, path: "/industries/pet-insurance", title: "AI agents for pet insurance", nav: null };

/** The page list as the editor shows it, with its Get latest. */
function Pages() {
  const latest = useGetLatest(() => undefined);
  const refused = () => Promise.resolve(undefined);
  return (
    <PageList
      pages={[{ ...PET_PAGE, anchors: [] }]}
      arrived={false}
      templates={["industry"]}
      git
      latest={latest}
      onOpen={() => undefined}
      onCreate={refused}
      onDuplicate={refused}
      onTranslate={refused}
    />
  );
}

describe("the page list's Changes link", () => {
  it("counts again once Get latest brought an update: the person's own change, merged, is no longer theirs to publish", async () => {
    let merged = false;
    const changes = (): ChangesAnswer => ({
      base: "origin/main",
      changes: merged ? [] : [{ file: PET, kind: "changed", path: PET_PAGE.path, fields: ["Industry hero › Heading"] }],
      notContent: [],
    });
    const sent = scriptApi(({ method, url }) => {
      if (url === "/api/changes") return { body: changes() };
      if (method === "POST" && url === "/api/get-latest") {
        merged = true;
        return { body: { updated: true, files: [PET] } };
      }
      return { status: 404, body: {} };
    });
    renderAt(<Pages />);
    await screen.findByRole("link", { name: "Changes 1 (changed file)" });

    await userEvent.click(screen.getByRole("button", { name: "Get latest" }));
    expect(await screen.findByRole("link", { name: "Changes 0 (changed files)" })).toBeInTheDocument();
    expect(sent.filter(({ url }) => url === "/api/changes")).toHaveLength(2);
  });
});
