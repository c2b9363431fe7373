import { Box } from "@chakra-ui/react";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useInView } from "react-intersection-observer";
import { usePrefersReducedMotion } from "../hooks/usePrefersReducedMotion.ts";

/**
 * Fades its content in when it scrolls into view. Only an enhancement: the prerendered HTML shows everything, and
 * after hydration only content still below the fold is hidden, so nothing on screen ever blinks and a page without
 * JavaScript reads in full. Opacity and transform move nothing around: no layout shift.
 */
export function FadeIn({ children }: { children: ReactNode }) {
  const reducedMotion = usePrefersReducedMotion();
  const [waiting, setWaiting] = useState(false);
  const node = useRef<HTMLDivElement | null>(null);
  const { ref: observe, inView } = useInView({ triggerOnce: true, rootMargin: "0px 0px -8% 0px", fallbackInView: true });

  const setRef = useCallback(
    (element: HTMLDivElement | null) => {
      node.current = element;
      observe(element);
    },
    [observe],
  );

  useEffect(() => {
    const element = node.current;
    if (!element || reducedMotion) return;
    if (element.getBoundingClientRect().top > window.innerHeight) setWaiting(true);
  }, [reducedMotion]);

  const hidden = waiting && !inView && !reducedMotion;
  return (
    <Box
      ref={setRef}
      data-fade={hidden ? "waiting" : undefined}
      opacity={hidden ? 0 : 1}
      transform={hidden ? "translateY(24px)" : "none"}
      transition="opacity 0.7s ease-out, transform 0.7s ease-out"
    >
      {children}
    </Box>
  );
}
