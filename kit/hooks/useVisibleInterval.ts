import { useEffect, useRef } from "react";
import { useInView } from "react-intersection-observer";
import { VISIBILITY_THRESHOLD } from "../constants.ts";

interface VisibleIntervalOptions {
  /** False pauses the interval (hover, focus, reduced motion, nothing left to show). */
  enabled?: boolean;
}

/**
 * Calls `tick` every `intervalMs` while the element holding the returned ref is at least VISIBILITY_THRESHOLD on
 * screen and `enabled` is true. The count restarts from zero whenever the element comes back into view, so a visitor
 * who scrolls back always sees a full interval first.
 */
export function useVisibleInterval(
  tick: () => void,
  intervalMs: number,
  { enabled = true }: VisibleIntervalOptions = {},
) {
  // Browsers without IntersectionObserver still get the behaviour, as if always visible.
  const { ref, inView } = useInView({ threshold: VISIBILITY_THRESHOLD, fallbackInView: true });
  const latestTick = useRef(tick);
  useEffect(() => {
    latestTick.current = tick;
  });

  const running = inView && enabled;
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => latestTick.current(), intervalMs);
    return () => clearInterval(id);
  }, [running, intervalMs]);

  return { ref, inView };
}
