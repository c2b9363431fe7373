import { useEffect, useState } from "react";

/** Ease-out: quick at first, settling gently on the target. */
const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;

/**
 * The value of a counter running from 0 to `target` over `durationMs`, started when `start` first becomes true.
 * Until then, and when `start` never comes (prerender, reduced motion), it is the target itself, so the figure is
 * always right; the count is an enhancement.
 */
export function useCountUp(target: number, durationMs: number, start: boolean): number {
  const [value, setValue] = useState(target);

  useEffect(() => {
    if (!start) return;
    const startedAt = Date.now();
    let frame = 0;
    const step = () => {
      const progress = durationMs > 0 ? Math.min(1, (Date.now() - startedAt) / durationMs) : 1;
      setValue(target * easeOutCubic(progress));
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    // Restart from 0 in the same frame as the start: deferring it would show the final figure for a frame, then 0.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setValue(0);
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [start, target, durationMs]);

  return value;
}
