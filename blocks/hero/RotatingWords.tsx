import { Box, VisuallyHidden } from "@chakra-ui/react";
import { ROTATING_WORDS_ATTRIBUTE } from "./rotate-words.ts";
import { GRADIENT_TO_END } from "../../kit/ui/gradients.ts";

interface RotatingWordsProps {
  words: string[];
  intervalMs: number;
  /** Over a photo's scrim: a light gradient, whose end the scrim is computed for (kit/ui/scrim.ts). */
  onDark?: boolean;
}

/** How a word looks in each place of the rotation; rotate-words.ts moves the words between places. */
const PLACES = {
  "&[data-word=current]": { opacity: 1, transform: "none" },
  "&[data-word=before]": { opacity: 0, transform: "translateY(-40%)" },
  "&[data-word=after]": { opacity: 0, transform: "translateY(40%)" },
};

/**
 * Shows one word at a time, in a loop (rotate-words.ts runs the loop in the browser). Every word sits in the same grid
 * cell, so the line is as tall as the longest word and nothing below moves when the word changes. Screen readers get
 * the full list once instead of a live change.
 */
export function RotatingWords({ words, intervalMs, onDark = false }: RotatingWordsProps) {
  return (
    <Box as="span" display="block" {...{ [ROTATING_WORDS_ATTRIBUTE]: intervalMs }}>
      <VisuallyHidden>{words.join(", ")}</VisuallyHidden>
      {/* A long phrase wraps: the cell is as tall as the tallest word, so the words still never move the page. */}
      <Box
        as="span"
        aria-hidden="true"
        display="grid"
        gridTemplateColumns="minmax(0, 1fr)"
        fontSize={{ base: "clamp(1.5rem, 7.5vw, 2.25rem)", md: "inherit" }}
        data-testid="rotating-words"
      >
        {words.map((word, index) => (
          <Box
            as="span"
            key={word}
            gridArea="1 / 1"
            data-word={index === 0 ? "current" : "after"}
            css={PLACES}
            transition="opacity 0.45s ease, transform 0.45s ease"
            {...GRADIENT_TO_END}
            gradientFrom={onDark ? "fg.inverted" : "brand.solid"}
            gradientTo={onDark ? "accent.100" : "accent.solid"}
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
