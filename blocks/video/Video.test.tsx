import { act, fireEvent, screen } from "@testing-library/react";
import {
  mockAllIsIntersecting,
  resetIntersectionMocking,
  setupIntersectionMocking,
} from "react-intersection-observer/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { VideoBlock } from "../../contract/generated/authored-types.ts";
import { renderBlocks } from "../../tests/render.tsx";
import { preferReducedMotion } from "../../tests/support/reduced-motion.ts";

interface PlayerProps {
  src: string;
  muted: boolean;
  playing: boolean;
  loop: boolean;
  controls: boolean;
  onReady: () => void;
}

/** What the stand-in player records, and the `readyState` its media element has when it attaches. */
const player = vi.hoisted(() => ({ props: undefined as PlayerProps | undefined, loads: 0, readyState: 0 }));

// Like react-player 3: media event props go straight onto the <video>, and the ref receives the media element.
vi.mock("react-player", () => {
  player.loads += 1;
  return {
    default: ({
      ref,
      onLoadedMetadata,
      onCanPlay,
      ...props
    }: PlayerProps & {
      ref: (media: HTMLVideoElement | null) => void;
      onLoadedMetadata: () => void;
      onCanPlay: () => void;
    }) => {
      player.props = props;
      const attach = (media: HTMLVideoElement | null) => {
        if (media) Object.defineProperty(media, "readyState", { configurable: true, get: () => player.readyState });
        ref(media);
      };
      return <video ref={attach} data-testid="player" onLoadedMetadata={onLoadedMetadata} onCanPlay={onCanPlay} />;
    },
  };
});

const block: VideoBlock = {
  type: "video",
  heading: "Experience Real Conversations",
  src: "/media/demo.mp4",
  poster: "/media/demo-poster.jpg",
  title: "A voice agent taking a claim call",
  stats: [
    { value: 70, prefix: "over ", suffix: "%", label: "Resolution rate" },
    { value: 4.8, suffix: "/5", decimals: 1, label: "Customer satisfaction" },
    { value: 40, prefix: "over ", suffix: "%", label: "Support cost saving" },
  ],
};

async function nearViewport() {
  await act(async () => mockAllIsIntersecting(0.01));
  await screen.findByTestId("player");
}

beforeEach(() => {
  setupIntersectionMocking(vi.fn);
  player.props = undefined;
  player.readyState = 0;
});

afterEach(() => resetIntersectionMocking());

describe("video", () => {
  it("shows a poster with a play button, and no player, until the block nears the viewport", async () => {
    await renderBlocks([block]);
    expect(screen.queryByTestId("player")).toBeNull();
    expect(screen.getByRole("button", { name: "Play video: A voice agent taking a claim call" })).toBeInTheDocument();
    expect(screen.getAllByText("over 70%").length).toBeGreaterThan(0);
    expect(screen.getAllByText("4.8/5").length).toBeGreaterThan(0);
  });

  it("loads the player near the viewport: muted, playing, looping, no controls, titled", async () => {
    await renderBlocks([block]);
    await nearViewport();
    expect(player.props).toMatchObject({
      src: "/media/demo.mp4",
      muted: true,
      playing: true,
      loop: true,
      controls: false,
    });
    expect(screen.getByTestId("player")).toHaveAttribute("title", "A voice agent taking a claim call");
    expect(screen.getByRole("group", { name: "A voice agent taking a claim call" })).toContainElement(
      screen.getByTestId("player"),
    );
  });

  it("loads the player at once when the poster's play button is pressed", async () => {
    await renderBlocks([block]);
    fireEvent.click(screen.getByRole("button", { name: /^Play video:/ }));
    expect(await screen.findByTestId("player")).toBeInTheDocument();
  });

  it("keeps the sound toggle inactive until the player is ready", async () => {
    await renderBlocks([block]);
    await nearViewport();
    const toggle = screen.getByRole("button", { name: "Unmute video" });
    expect(toggle).toBeDisabled();
    fireEvent.click(toggle);
    expect(player.props?.muted).toBe(true);
    expect(screen.getByRole("button", { name: "Unmute video" })).toBeInTheDocument();
  });

  it("toggles between 'Unmute video' and 'Mute video' once ready", async () => {
    await renderBlocks([block]);
    await nearViewport();
    act(() => player.props!.onReady());
    fireEvent.click(screen.getByRole("button", { name: "Unmute video" }));
    expect(player.props?.muted).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Mute video" }));
    expect(player.props?.muted).toBe(true);
    expect(screen.getByRole("button", { name: "Unmute video" })).toBeEnabled();
  });

  it("is ready when the media already has its metadata as it attaches, even if the player's own ready report never comes", async () => {
    player.readyState = 4;
    await renderBlocks([block]);
    await nearViewport();
    expect(screen.getByRole("button", { name: "Unmute video" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Pause video" })).toBeEnabled();
  });

  it.each([
    ["loadedmetadata", fireEvent.loadedMetadata],
    ["canplay", fireEvent.canPlay],
  ])("is ready on the media's '%s' event, even if the player's own ready report never comes", async (_, fire) => {
    await renderBlocks([block]);
    await nearViewport();
    expect(screen.getByRole("button", { name: "Unmute video" })).toBeDisabled();
    fire(screen.getByTestId("player"));
    fireEvent.click(screen.getByRole("button", { name: "Unmute video" }));
    expect(player.props?.muted).toBe(false);
    expect(screen.getByRole("button", { name: "Mute video" })).toBeEnabled();
  });

  it("pauses and resumes once ready", async () => {
    await renderBlocks([block]);
    await nearViewport();
    expect(screen.getByRole("button", { name: "Pause video" })).toBeDisabled();
    act(() => player.props!.onReady());
    fireEvent.click(screen.getByRole("button", { name: "Pause video" }));
    expect(player.props?.playing).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Play video" }));
    expect(player.props?.playing).toBe(true);
  });

  it("starts paused for visitors who prefer reduced motion", async () => {
    const matchMedia = preferReducedMotion();
    await renderBlocks([block]);
    await nearViewport();
    expect(player.props?.playing).toBe(false);
    matchMedia.mockRestore();
  });
});
