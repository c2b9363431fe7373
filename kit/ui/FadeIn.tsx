import { Box } from "@chakra-ui/react";
import type { ReactNode } from "react";

/**
 * Content that fades in as it scrolls into view. The prerendered state is fully visible: without JavaScript, and for
 * visitors who prefer reduced motion, nothing is ever hidden. In the browser, renderer/islands/fade-in.ts marks the
 * sections that start below the screen as pending and reveals each as it comes into view; content on screen at load
 * is never touched. Opacity and transform move nothing around: no layout shift.
 */
const fade = {
  "&[data-fade-in='pending']": { opacity: 0, transform: "translateY(24px)" },
  "&[data-fade-in='shown']": {
    opacity: 1,
    transform: "none",
    transition: "opacity 0.6s ease-out, transform 0.6s ease-out",
  },
} as const;

export function FadeIn({ children }: { children: ReactNode }) {
  return (
    <Box data-fade-in="" css={fade}>
      {children}
    </Box>
  );
}
