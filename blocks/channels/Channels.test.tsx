import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ChannelsBlock } from "../../contract/generated/authored-types.ts";
import { renderBlocks } from "../../tests/render.tsx";

const block: ChannelsBlock = {
  type: "channels",
  id: "channels",
  heading: "Voice, live chat and email, one agent",
  channels: [
    {
      icon: "phone",
      title: "Voice",
      badge: "24/7",
      description: "Answers at the first ring.",
      points: ["Warm transfer"],
      link: { label: "Voice agents", href: "/voice-agents" },
    },
    {
      icon: "message-circle",
      title: "Live chat",
      description: "Instant replies.",
      link: { label: "Chat agents", href: "/chat-agents" },
    },
    {
      icon: "mail",
      title: "Email",
      description: "Answers the inbox.",
      points: ["Routes every message", "Escalates complaints"],
    },
  ],
};

describe("channels", () => {
  it("lists each channel with its heading, badge and capabilities", async () => {
    await renderBlocks([block]);
    const [channelList] = screen.getAllByRole("list");
    expect(channelList!.children).toHaveLength(3);
    expect(within(channelList!.children[2] as HTMLElement).getAllByRole("listitem")).toHaveLength(2);
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "Voice",
      "Live chat",
      "Email",
    ]);
    expect(screen.getByText("24/7")).toBeInTheDocument();
    expect(screen.getByText("Escalates complaints")).toBeInTheDocument();
  });

  it("links the channels that have a page of their own", async () => {
    await renderBlocks([block]);
    expect(screen.getByRole("link", { name: "Voice agents" })).toHaveAttribute("href", "/voice-agents");
    expect(screen.getByRole("link", { name: "Chat agents" })).toHaveAttribute("href", "/chat-agents");
    expect(screen.getAllByRole("link")).toHaveLength(2);
  });
});
