import type SharpModule from "sharp";

export type ImageLibrary = typeof SharpModule;

let loaded: Promise<ImageLibrary> | undefined;

/**
 * The image library, loaded when a picture is first inspected or made: its native library took 50 ms of the start of
 * every build, which makes no picture unless one changed.
 */
export const imageLibrary = (): Promise<ImageLibrary> => (loaded ??= import("sharp").then((module) => module.default));
