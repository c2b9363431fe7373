import { Box, type BoxProps } from "@chakra-ui/react";
import type { RenderedImage } from "../../contract/media.ts";
import { Picture } from "./Picture.tsx";
import { SCRIM_CSS } from "./scrim.ts";

interface BackdropProps {
  image: RenderedImage & { decorative?: boolean };
  /**
   * Below 1024 px, how high the photo reaches from the top of the section (a CSS length), fading into the section's
   * own dark background under it: for a block whose phone layout runs on past its text (the industry hero's figure).
   * Without it, the photo covers the whole section at every width.
   */
  bandBelowLg?: string;
}

/**
 * A photo behind a section's text, full-bleed, under the scrim (scrim.ts) that keeps the text on it at WCAG AA
 * contrast whatever the photo shows. The section is `position: relative` on a dark background (bg.inverted) and its
 * content comes after the backdrop, positioned, so that it paints above it. Drawn by HTML and CSS alone: nothing hides
 * the photo until a script runs, so it paints as soon as it arrives (it is the page's largest paint).
 */
export function Backdrop({ image, bandBelowLg }: BackdropProps) {
  const band: BoxProps = bandBelowLg ? { bottom: { base: "auto", lg: "0" }, h: { base: bandBelowLg, lg: "auto" } } : {};
  return (
    <Box position="absolute" top="0" insetX="0" bottom="0" overflow="hidden" data-backdrop="" {...band}>
      <Picture image={image} position="absolute" inset="0" w="full" h="full" maxW="none" objectFit="cover" />
      <Box position="absolute" inset="0" bg={SCRIM_CSS} data-scrim="" />
      {bandBelowLg ? (
        // The darker the better for light text: from the scrimmed photo to the section's own navy.
        <Box
          position="absolute"
          insetX="0"
          bottom="0"
          h="40%"
          bgGradient="to-b"
          gradientFrom="transparent"
          gradientTo="bg.inverted"
          hideFrom="lg"
        />
      ) : null}
    </Box>
  );
}
