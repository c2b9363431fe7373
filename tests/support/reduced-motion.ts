import { vi } from "vitest";

const reducedMotionQuery = (query: string) =>
  ({
    matches: query.includes("reduce"),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }) as unknown as MediaQueryList;

/** Makes `prefers-reduced-motion: reduce` match, as for a visitor who asked for less motion; restore the returned spy. */
export const preferReducedMotion = () => vi.spyOn(window, "matchMedia").mockImplementation(reducedMotionQuery);
