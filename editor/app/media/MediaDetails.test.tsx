import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { asSentence, editorErrors } from "../../../contract/errors.ts";
import type { MediaFile } from "../../protocol.ts";
import { renderAt } from "../../../tests/support/editor/test-router.tsx";
import {
  DEMO,
  LOGO,
  TEAM,
  type SentRequest,
  library,
  refusal,
  scriptMediaApi,
  writes,
} from "../../../tests/support/editor/media-library.ts";
import { MediaView } from "./MediaView.tsx";

afterEach(() => vi.unstubAllGlobals());

/** The library with `files` (its answer may change as the test goes: `answer` reads them each time). */
function opened(name: string, answer: (sent: SentRequest) => { status?: number; body: unknown } | undefined) {
  const sent = scriptMediaApi(answer);
  const rendered = renderAt(<MediaView arrived={false} onBack={() => undefined} />, "/media-library");
  return {
    sent,
    ...rendered,
    open: async () => {
      await userEvent.click(await screen.findByRole("button", { name }));
      return screen.getByRole("complementary", { name });
    },
  };
}

const preview = (label: string) =>
  screen.getByRole("figure", { name: new RegExp(`^${label} — `) }).querySelector("img")!;

describe("a file's details", () => {
  it("open beside the grid with the focus on their heading: the file larger, its facts, and links to its pages", async () => {
    const { open, at } = opened("team.jpg", () => undefined);
    const details = await open();
    const heading = within(details).getByRole("heading", { name: "team.jpg", level: 2 });
    expect(heading).toHaveFocus();
    expect(screen.getByRole("button", { name: "team.jpg" })).toHaveAttribute("aria-pressed", "true");
    const facts = details.querySelector("dl")!;
    expect(facts).toHaveTextContent("Size1200 × 800 pixelsTypeimage/jpegWeight245 kBAddress/media/team.jpg");
    expect(within(details).getByRole("heading", { name: "Used on 3 pages" })).toBeInTheDocument();
    // The larger preview is the file itself, asked afresh when its content changes.
    expect(details.querySelector(".focal-frame img")).toHaveAttribute("src", "/media/team.jpg?v=a1b2c3");
    await userEvent.click(within(details).getByRole("link", { name: "Careers" }));
    expect(at()).toBe("/edit/site-config/pages/careers.json");
  });

  it("close on Escape, giving the focus back to the file's tile", async () => {
    const { open } = opened("team.jpg", () => undefined);
    await open();
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("complementary")).toBeNull();
    await waitFor(() => expect(screen.getByRole("button", { name: "team.jpg" })).toHaveFocus());
  });

  it("play a video, with no focal point", async () => {
    const { open } = opened("demo.mp4", () => undefined);
    const details = await open();
    expect(details.querySelector("video")).toHaveAttribute("src", "/media/demo.mp4?v=0a0b0c");
    expect(within(details).queryByRole("button", { name: "Focal point" })).toBeNull();
    expect(details.querySelector("dl")).not.toHaveTextContent("Size");
  });
});

describe("a picture's focal point", () => {
  it("is set by a click on the picture; the site's crops follow it, and Save writes it", async () => {
    let saved: MediaFile["focus"];
    const { open, sent } = opened("team.jpg", ({ method, url, body }) => {
      if (method === "POST" && url === "/api/media/framing") {
        saved = (body as { focus: MediaFile["focus"] }).focus;
        return { body: { file: "site-config/media/team.jpg.json" } };
      }
      if (url === "/api/media/library") return { body: library([{ ...TEAM, focus: saved }, LOGO]) };
      return undefined;
    });
    const details = await open();
    expect(preview("1:1").style.objectPosition).toBe("50% 50%");
    expect(screen.getByRole("button", { name: "Save focal point" })).toBeDisabled();

    const frame = details.querySelector<HTMLElement>(".focal-frame")!;
    vi.spyOn(frame, "getBoundingClientRect").mockReturnValue(new DOMRect(10, 20, 200, 100));
    fireEvent.click(frame.querySelector("img")!, { clientX: 130, clientY: 60 });

    expect(within(details).getByText("Focal point: 60% across, 40% down")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Focal point" })).toHaveStyle({ left: "60%", top: "40%" });
    // Each crop the site makes, labelled by its shape and places, shows what the site keeps around the point.
    expect(screen.getByRole("figure", { name: "3:2 — Card grid, Use-case cards" })).toBeInTheDocument();
    expect(preview("3:2").style.objectPosition).toBe("50% 50%");
    expect(preview("1:1").style.objectPosition).toBe("80% 50%");
    expect(preview("16:9").style.objectPosition).toBe("50% 0%");
    expect(preview("1:1")).toHaveAttribute("src", "/api/media/thumbnail?src=%2Fmedia%2Fteam.jpg&v=a1b2c3");

    await userEvent.click(screen.getByRole("button", { name: "Save focal point" }));
    expect(await within(details).findByText("Focal point saved in site-config/media/team.jpg.json.")).toBeVisible();
    expect(writes(sent)).toEqual([
      { method: "POST", url: "/api/media/framing", body: { src: "/media/team.jpg", focus: { x: 0.6, y: 0.4 } } },
    ]);
    await waitFor(() => expect(screen.getByRole("button", { name: "Save focal point" })).toBeDisabled());
  });

  it("moves with the arrow keys, by 1% or by 10% with Shift", async () => {
    const { open, sent } = opened("team.jpg", ({ method }) =>
      method === "POST" ? { body: { file: "site-config/media/team.jpg.json" } } : undefined,
    );
    const details = await open();
    screen.getByRole("button", { name: "Focal point" }).focus();
    await userEvent.keyboard("{Shift>}{ArrowRight}{/Shift}{ArrowDown}{ArrowDown}{ArrowLeft}{ArrowRight}");

    expect(within(details).getByText("Focal point: 60% across, 52% down")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Focal point" })).toHaveFocus();
    expect(preview("1:1").style.objectPosition).toBe("80% 50%");
    expect(preview("16:9").style.objectPosition).toBe("50% 62.8%");
    await userEvent.click(screen.getByRole("button", { name: "Save focal point" }));
    await within(details).findByText(/^Focal point saved/);
    expect(writes(sent).map(({ body }) => body)).toEqual([{ src: "/media/team.jpg", focus: { x: 0.6, y: 0.52 } }]);
  });

  it("goes back to the centre with Reset, which removes the framing (neither a point nor a crop is sent)", async () => {
    let framed = true;
    const { open, sent } = opened("team.jpg", ({ method, url }) => {
      if (method === "POST") {
        framed = false;
        return { body: { file: "site-config/media/team.jpg.json" } };
      }
      if (url === "/api/media/library")
        return { body: library([framed ? { ...TEAM, focus: { x: 0.7, y: 0.3 } } : TEAM]) };
      return undefined;
    });
    const details = await open();
    expect(within(details).getByText("Focal point: 70% across, 30% down")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Reset to centre" }));
    expect(await within(details).findByText("Focal point: 50% across, 50% down")).toBeInTheDocument();
    expect(writes(sent)).toEqual([{ method: "POST", url: "/api/media/framing", body: { src: "/media/team.jpg" } }]);
    await waitFor(() => expect(screen.getByRole("button", { name: "Reset to centre" })).toBeDisabled());
  });
});

describe("replacing a file", () => {
  it("sends the new bytes under the old name, shows the server's refusal, and shows the new thumbnail", async () => {
    const { code, title, message, hint } = editorErrors.mediaContent;
    let version = TEAM.version;
    const { open, sent } = opened("team.jpg", ({ method, url, body }) => {
      if (method === "PUT" && (body as File).name === "scan.jpg") return refusal(400, { code, title, message, hint });
      if (method === "PUT") {
        version = "ffee00";
        return { body: { src: TEAM.src, version } };
      }
      if (url === "/api/media/library") return { body: library([{ ...TEAM, version }]) };
      return undefined;
    });
    const details = await open();
    const input = within(details).getByLabelText("Replace file");
    expect(input).toHaveAttribute("accept", ".jpg,image/jpeg");

    await userEvent.upload(input, new File(["pdf"], "scan.jpg", { type: "image/jpeg" }));
    expect(await within(details).findByRole("alert")).toHaveTextContent(`${title}. ${message} ${hint}`);

    await userEvent.upload(input, new File(["new pixels"], "team-2025.jpg", { type: "image/jpeg" }));
    expect(
      await within(details).findByText(
        "Replaced with team-2025.jpg: every page that shows team.jpg shows the new file.",
      ),
    ).toBeInTheDocument();
    const [refused, replaced] = writes(sent);
    expect(refused).toMatchObject({ method: "PUT", url: "/api/media/file?src=%2Fmedia%2Fteam.jpg" });
    expect(replaced).toMatchObject({ method: "PUT", url: "/api/media/file?src=%2Fmedia%2Fteam.jpg" });
    expect(replaced!.body).toMatchObject({ name: "team-2025.jpg", size: "new pixels".length });
    const tile = screen.getByRole("button", { name: "team.jpg" }).closest("li")!;
    expect(tile.querySelector("img")).toHaveAttribute("src", "/api/media/thumbnail?src=%2Fmedia%2Fteam.jpg&v=ffee00");
    expect(details.querySelector(".focal-frame img")).toHaveAttribute("src", "/media/team.jpg?v=ffee00");
  });
});

describe("renaming a file", () => {
  it("sends a name the server takes, says how many files changed, and keeps the renamed file selected", async () => {
    let renamed = false;
    const CLAIMS = { ...TEAM, src: "/media/claims-team.jpg", name: "claims-team.jpg" };
    const { open, sent } = opened("team.jpg", ({ method, url }) => {
      if (method === "POST" && url === "/api/media/rename") {
        renamed = true;
        const files = ["public/media/claims-team.jpg", "public/media/team.jpg", "site-config/pages/about.json"];
        return { body: { src: CLAIMS.src, files } };
      }
      if (url === "/api/media/library") return { body: library(renamed ? [DEMO, CLAIMS] : [DEMO, TEAM]) };
      return undefined;
    });
    const details = await open();
    const name = within(details).getByRole("textbox", { name: "Name" });
    expect(name).toHaveValue("team");
    expect(within(details).getByRole("button", { name: "Rename" })).toBeDisabled();
    await userEvent.clear(name);
    await userEvent.type(name, "Claims Team");
    expect(within(details).getByText(/^Saved as claims-team\.jpg/)).toBeInTheDocument();
    await userEvent.click(within(details).getByRole("button", { name: "Rename" }));

    const renamedDetails = await screen.findByRole("complementary", { name: "claims-team.jpg" });
    expect(within(renamedDetails).getByText("Renamed to claims-team.jpg: 3 files updated.")).toHaveAttribute(
      "role",
      "status",
    );
    expect(screen.getByRole("button", { name: "claims-team.jpg" })).toHaveAttribute("aria-pressed", "true");
    expect(writes(sent)).toEqual([
      { method: "POST", url: "/api/media/rename", body: { src: "/media/team.jpg", to: "claims-team.jpg" } },
    ]);
  });
});

describe("deleting a file", () => {
  it("is not offered while pages use it, which the button's description says", async () => {
    const { open } = opened("team.jpg", () => undefined);
    const details = await open();
    const button = within(details).getByRole("button", { name: "Delete file" });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription("Used on 3 pages: remove it from them first.");
  });

  it("asks first, and shows the server's refusal when a page started using it meanwhile", async () => {
    const inUse = {
      code: "EDIT_MEDIA_IN_USE",
      title: "File in use",
      message:
        "'/media/logos/acme.svg' is used on 1 page or section, which would show nothing in its place: site-config/pages/partners.json",
      hint: "Pick another file on each of them first, then delete it.",
    };
    const { open, sent } = opened("acme.svg", ({ method }) => (method === "POST" ? refusal(409, inUse) : undefined));
    const details = await open();
    await userEvent.click(within(details).getByRole("button", { name: "Delete file" }));
    const dialog = screen.getByRole("dialog", { name: "Delete “acme.svg”?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      `${inUse.title}. ${asSentence(inUse.message)} ${inUse.hint}`,
    );
    expect(writes(sent)).toEqual([{ method: "POST", url: "/api/media/delete", body: { src: LOGO.src } }]);
  });

  it("removes the file and says so once the server did", async () => {
    let deleted = false;
    const { open } = opened("acme.svg", ({ method, url }) => {
      if (method === "POST") {
        deleted = true;
        return { body: { deleted: ["public/media/logos/acme.svg", "site-config/media/logos/acme.svg.json"] } };
      }
      if (url === "/api/media/library") return { body: library(deleted ? [DEMO, TEAM] : [DEMO, TEAM, LOGO]) };
      return undefined;
    });
    const details = await open();
    await userEvent.click(within(details).getByRole("button", { name: "Delete file" }));
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect(
      await screen.findByText("Deleted public/media/logos/acme.svg and site-config/media/logos/acme.svg.json."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("complementary")).toBeNull();
    await waitFor(() => expect(screen.queryByRole("button", { name: "acme.svg" })).toBeNull());
  });
});
