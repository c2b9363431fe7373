import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { editorErrors } from "../../../contract/errors.ts";
import { type SignedInPerson, mediaThumbnailAddress } from "../../protocol.ts";
import { renderAt } from "../../../tests/support/editor/test-router.tsx";
import {
  DEMO,
  LOGO,
  TEAM,
  library,
  refusal,
  scriptMediaApi,
  writes,
} from "../../../tests/support/editor/media-library.ts";
import { App } from "../App.tsx";
import { testBoot } from "../test-boot.ts";
import { MediaLink } from "./MediaLink.tsx";
import { MediaView } from "./MediaView.tsx";

afterEach(() => vi.unstubAllGlobals());

const photo = (name: string) => new File(["pixels"], name, { type: "image/jpeg" });
const tile = (name: string) => screen.getByRole("button", { name }).closest("li")!;

function view(role?: SignedInPerson["role"]) {
  const person = role && { email: "ada@company.com", name: "Ada", role };
  return renderAt(<MediaView arrived={false} person={person} onBack={() => undefined} />, "/media-library");
}

describe("the media library's grid", () => {
  it("shows each file's thumbnail (never the original), name, size, weight and how many pages use it", async () => {
    scriptMediaApi();
    view();
    await screen.findByRole("button", { name: "team.jpg" });
    const names = within(screen.getByRole("list", { name: "Files" }))
      .getAllByRole("listitem")
      .map((item) => item.querySelector("button")!.textContent);
    expect(names).toEqual(["demo.mp4", "team.jpg", "acme.svg"]);

    const team = tile("team.jpg");
    const thumbnail = team.querySelector("img")!;
    expect(thumbnail.getAttribute("src")).toBe(mediaThumbnailAddress(TEAM));
    expect(thumbnail.getAttribute("src")).toBe("/api/media/thumbnail?src=%2Fmedia%2Fteam.jpg&v=a1b2c3");
    expect(thumbnail).toHaveAttribute("loading", "lazy");
    expect(team).toHaveTextContent("1200 × 800 · 245 kB");
    expect(team).toHaveTextContent("Used on 3 pages");
    expect(tile("acme.svg")).toHaveTextContent("240 × 80 · 2 kB");
    expect(tile("acme.svg")).toHaveTextContent("Not used");
    // A file in a folder of its own says where in its tooltip.
    expect(screen.getByRole("button", { name: "acme.svg" })).toHaveAttribute("title", LOGO.src);
    // A video has no thumbnail: its tile shows an icon, its name and its weight.
    expect(tile("demo.mp4").querySelector("img")).toBeNull();
    expect(tile("demo.mp4")).toHaveTextContent("Video · 4.2 MB");
    expect(tile("demo.mp4")).toHaveTextContent("Used on 1 page");
    expect(screen.getByRole("heading", { name: "Media library", level: 1 })).toBeInTheDocument();
    expect(screen.getByText("public/media/ · 3 files")).toBeInTheDocument();
  });

  it("filters the files by name as one types", async () => {
    scriptMediaApi();
    view();
    const search = await screen.findByRole("searchbox", { name: "Search files by name" });
    await screen.findByRole("button", { name: "team.jpg" });
    await userEvent.type(search, "TEAM");
    expect(screen.getAllByRole("listitem").map((item) => item.querySelector("button")!.textContent)).toEqual([
      "team.jpg",
    ]);
    await userEvent.clear(search);
    await userEvent.type(search, "brochure");
    expect(screen.queryByRole("list", { name: "Files" })).toBeNull();
    expect(screen.getByText("No file matches “brochure”.")).toBeInTheDocument();
  });

  it("is the editor's view at its own address, reached from the page list's tools", async () => {
    scriptMediaApi(({ url }) => (url === "/api/bootstrap" ? { body: testBoot() } : undefined));
    const app = renderAt(<App />, "/media-library");
    expect(await screen.findByRole("heading", { name: "Media library", level: 1 })).toBeInTheDocument();
    app.unmount();

    const { at } = renderAt(<MediaLink />);
    await userEvent.click(screen.getByRole("link", { name: "Media library" }));
    expect(at()).toBe("/media-library");
  });
});

describe("uploading into the library", () => {
  it("uploads each picked file in turn under a name the server takes, shows each one's outcome and reloads", async () => {
    const { code, title, message, hint } = editorErrors.mediaExists;
    let uploaded = false;
    const sent = scriptMediaApi(({ method, url }) => {
      if (method === "POST" && url.includes("name=team-photo-2024.jpg")) {
        uploaded = true;
        return { body: { src: "/media/team-photo-2024.jpg" } };
      }
      if (method === "POST") return refusal(409, { code, title, message, hint });
      if (url === "/api/media/library" && uploaded)
        return {
          body: library([DEMO, TEAM, { ...TEAM, src: "/media/team-photo-2024.jpg", name: "team-photo-2024.jpg" }]),
        };
      return undefined;
    });
    view();
    await screen.findByRole("button", { name: "team.jpg" });

    await userEvent.upload(screen.getByLabelText("Upload files"), [photo("Team Photo_2024.JPG"), photo("team.jpg")]);

    const lines = await screen.findByRole("list", { name: "Uploads" });
    await waitFor(() => expect(within(lines).getAllByRole("listitem")[1]).toHaveTextContent(title));
    const [first, second] = within(lines).getAllByRole("listitem");
    expect(first).toHaveTextContent("team-photo-2024.jpg (from “Team Photo_2024.JPG”)Uploaded");
    expect(second).toHaveTextContent(`team.jpg${title}. ${message} ${hint}`);
    expect(await screen.findByRole("button", { name: "team-photo-2024.jpg" })).toBeInTheDocument();

    const [upload, refused] = writes(sent);
    expect(upload).toMatchObject({ method: "POST", url: "/api/media?name=team-photo-2024.jpg" });
    // The picked file's bytes and type, under the new name.
    expect(upload!.body).toMatchObject({ name: "team-photo-2024.jpg", type: "image/jpeg", size: "pixels".length });
    expect(refused).toMatchObject({ method: "POST", url: "/api/media?name=team.jpg" });
    // Loaded once at the start, once after the last upload.
    expect(sent.filter((request) => request.url === "/api/media/library")).toHaveLength(2);
  });

  it("uploads the files dropped anywhere on the view, and shows where they go while they are dragged over it", async () => {
    const sent = scriptMediaApi(({ method, url }) =>
      method === "POST" ? { body: { src: `/media/${new URL(url, "http://x").searchParams.get("name")}` } } : undefined,
    );
    const { container } = view();
    await screen.findByRole("button", { name: "team.jpg" });
    const screenArea = container.querySelector(".media-screen")!;
    const files = [photo("Café Menu.jpg"), photo("office.jpg")];

    fireEvent.dragEnter(screen.getByRole("button", { name: "acme.svg" }), { dataTransfer: { types: ["Files"] } });
    expect(screenArea).toHaveClass("media-dropping");
    fireEvent.drop(screen.getByRole("button", { name: "acme.svg" }), { dataTransfer: { types: ["Files"], files } });
    expect(screenArea).not.toHaveClass("media-dropping");

    await waitFor(() => expect(screen.getAllByText("Uploaded")).toHaveLength(2));
    expect(writes(sent).map(({ method, url }) => `${method} ${url}`)).toEqual([
      "POST /api/media?name=cafe-menu.jpg",
      "POST /api/media?name=office.jpg",
    ]);
    await waitFor(() => expect(sent.filter((request) => request.url === "/api/media/library")).toHaveLength(2));
  });
});

describe("a viewer", () => {
  it("sees the files and their details, and is offered nothing that writes", async () => {
    const sent = scriptMediaApi();
    view("viewer");
    await userEvent.click(await screen.findByRole("button", { name: "team.jpg" }));
    expect(screen.getByRole("heading", { name: "team.jpg", level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Upload files" })).toBeNull();
    for (const name of ["Save focal point", "Reset to centre", "Replace file", "Rename", "Delete file", "Focal point"])
      expect(screen.queryByRole("button", { name })).toBeNull();
    expect(screen.getByText("Focal point: 50% across, 50% down")).toBeInTheDocument();
    // Nothing dropped is sent either.
    fireEvent.drop(screen.getByRole("heading", { name: "team.jpg" }), {
      dataTransfer: { types: ["Files"], files: [photo("x.jpg")] },
    });
    expect(writes(sent)).toEqual([]);
  });
});
