import { Box } from "@chakra-ui/react";
import type { ReactNode } from "react";

/**
 * Fades its content in as it scrolls into view, in CSS alone: a scroll-driven animation on the element's own view
 * timeline, over the first stretch of its entry at the bottom of the screen. Only an enhancement, so the visible state
 * is the default one: without support for scroll-driven animations, without JavaScript, and for visitors who prefer
 * reduced motion, nothing is ever hidden. The animation fills forwards only, so content still below the screen keeps
 * full opacity (nothing to reveal before it is seen) and content that has entered stays fully visible, however tall
 * the section. Opacity and transform move nothing around: no layout shift.
 */
const scrollFade = {
  "@media (prefers-reduced-motion: no-preference)": {
    "@supports (animation-timeline: view())": {
      // The theme's global keyframes: the fade, and a rise over the distance set here.
      "--slide-from-bottom-distance": "32px",
      animationName: "fade-in, slide-from-bottom",
      animationDuration: "auto",
      animationTimingFunction: "ease-out",
      animationFillMode: "forwards",
      animationTimeline: "view()",
      animationRange: "entry 0% entry 160px",
    },
  },
} as const;

export function FadeIn({ children }: { children: ReactNode }) {
  return (
    <Box data-fade-in="" css={scrollFade}>
      {children}
    </Box>
  );
}
