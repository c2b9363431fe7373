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

/**
 * jsdom has media elements but plays nothing (`play()` and `pause()` only report that they are not implemented, and
 * `readyState` stays 0). Here they do what a browser's do to `paused`, and `readyState` is what a test sets: the real
 * react-player drives the real `<video>`, and the tests read what it was told.
 */
const media = { readyState: 0, playing: new WeakSet<HTMLMediaElement>() };
function stubMediaPlayback() {
  const proto = HTMLMediaElement.prototype;
  vi.spyOn(proto, "readyState", "get").mockImplementation(() => media.readyState);
  vi.spyOn(proto, "paused", "get").mockImplementation(function (this: HTMLMediaElement) {
    return !media.playing.has(this);
  });
  vi.spyOn(proto, "play").mockImplementation(function (this: HTMLMediaElement) {
    media.playing.add(this);
    return Promise.resolve();
  });
  vi.spyOn(proto, "pause").mockImplementation(function (this: HTMLMediaElement) {
    media.playing.delete(this);
  });
}

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

/** The player's `<video>`, which the block titles (the player passes no title through). */
const findPlayer = () => screen.findByTitle("A voice agent taking a claim call") as Promise<HTMLVideoElement>;
const queryPlayer = () => document.querySelector("video");

async function nearViewport(): Promise<HTMLVideoElement> {
  await act(async () => mockAllIsIntersecting(0.01));
  return findPlayer();
}

beforeEach(() => {
  setupIntersectionMocking(vi.fn);
  media.readyState = 0;
  stubMediaPlayback();
});

afterEach(() => {
  resetIntersectionMocking();
  vi.restoreAllMocks();
});

describe("video", () => {
  it("shows a poster with a play button, and no player, until the block nears the viewport", async () => {
    await renderBlocks([block]);
    expect(queryPlayer()).toBeNull();
    expect(screen.getByRole("button", { name: "Play video: A voice agent taking a claim call" })).toBeInTheDocument();
    expect(screen.getAllByText("over 70%").length).toBeGreaterThan(0);
    expect(screen.getAllByText("4.8/5").length).toBeGreaterThan(0);
  });

  it("loads the player near the viewport: muted, playing, looping, no controls, inline, titled", async () => {
    await renderBlocks([block]);
    const video = await nearViewport();
    expect(video).toHaveAttribute("src", "/media/demo.mp4");
    expect(video.muted).toBe(true);
    expect(video.paused).toBe(false);
    expect(video).toHaveAttribute("loop");
    expect(video).not.toHaveAttribute("controls");
    expect(video).toHaveAttribute("playsinline");
    expect(screen.getByRole("group", { name: "A voice agent taking a claim call" })).toContainElement(video);
  });

  it("loads the player at once when the poster's play button is pressed", async () => {
    await renderBlocks([block]);
    fireEvent.click(screen.getByRole("button", { name: /^Play video:/ }));
    expect(await findPlayer()).toBeInTheDocument();
  });

  it("keeps the sound toggle inactive until the player is ready", async () => {
    await renderBlocks([block]);
    const video = await nearViewport();
    const toggle = screen.getByRole("button", { name: "Unmute video" });
    expect(toggle).toBeDisabled();
    fireEvent.click(toggle);
    expect(video.muted).toBe(true);
    expect(screen.getByRole("button", { name: "Unmute video" })).toBeInTheDocument();
  });

  it("toggles between 'Unmute video' and 'Mute video' once ready (the player's ready report: the media's 'loadstart')", async () => {
    await renderBlocks([block]);
    const video = await nearViewport();
    fireEvent.loadStart(video);
    fireEvent.click(screen.getByRole("button", { name: "Unmute video" }));
    expect(video.muted).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Mute video" }));
    expect(video.muted).toBe(true);
    expect(screen.getByRole("button", { name: "Unmute video" })).toBeEnabled();
  });

  it("is ready when the media already has its metadata as it attaches, even if the player's own ready report never comes", async () => {
    media.readyState = 4;
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
    const video = await nearViewport();
    expect(screen.getByRole("button", { name: "Unmute video" })).toBeDisabled();
    fire(video);
    fireEvent.click(screen.getByRole("button", { name: "Unmute video" }));
    expect(video.muted).toBe(false);
    expect(screen.getByRole("button", { name: "Mute video" })).toBeEnabled();
  });

  it("pauses and resumes once ready", async () => {
    await renderBlocks([block]);
    const video = await nearViewport();
    expect(screen.getByRole("button", { name: "Pause video" })).toBeDisabled();
    fireEvent.loadStart(video);
    fireEvent.click(screen.getByRole("button", { name: "Pause video" }));
    expect(video.paused).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Play video" }));
    expect(video.paused).toBe(false);
  });

  it("starts paused for visitors who prefer reduced motion", async () => {
    preferReducedMotion();
    await renderBlocks([block]);
    const video = await nearViewport();
    expect(video.paused).toBe(true);
    expect(HTMLMediaElement.prototype.play).not.toHaveBeenCalled();
  });
});
