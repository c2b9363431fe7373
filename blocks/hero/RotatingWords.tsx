import { Box, VisuallyHidden } from "@chakra-ui/react";
import { useState } from "react";
import { usePrefersReducedMotion } from "../../renderer/hooks/usePrefersReducedMotion.ts";
import { useVisibleInterval } from "../../renderer/hooks/useVisibleInterval.ts";

interface RotatingWordsProps {
  words: string[];
  intervalMs: number;
}

/**
 * Shows one word at a time, in a loop. Every word sits in the same grid cell, so the line is as tall as the longest
 * word and nothing below moves when the word changes. Screen readers get the full list once instead of a live change.
 */
export function RotatingWords({ words, intervalMs }: RotatingWordsProps) {
  const reducedMotion = usePrefersReducedMotion();
  const [current, setCurrent] = useState(0);
  const { ref } = useVisibleInterval(() => setCurrent((index) => (index + 1) % words.length), intervalMs, {
    enabled: !reducedMotion,
  });

  return (
    <Box as="span" ref={ref} display="block">
      <VisuallyHidden>{words.join(", ")}</VisuallyHidden>
      {/* One line at every width: the longest phrase must fit a 320 px screen, so the grid never grows a second line. */}
      <Box
        as="span"
        aria-hidden="true"
        display="grid"
        whiteSpace="nowrap"
        fontSize={{ base: "clamp(1.5rem, 7.5vw, 2.25rem)", md: "inherit" }}
        data-testid="rotating-words"
      >
        {words.map((word, index) => (
          <Box
            as="span"
            key={word}
            gridArea="1 / 1"
            data-current={index === current ? "true" : undefined}
            opacity={index === current ? 1 : 0}
            transform={index === current ? "none" : index < current ? "translateY(-40%)" : "translateY(40%)"}
            transition="opacity 0.45s ease, transform 0.45s ease"
            bgGradient="to-r"
            gradientFrom="brand.solid"
            gradientTo="accent.solid"
            bgClip="text"
            color="transparent"
            pb="0.1em"
          >
            {word}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
