import { Box, Flex, Heading, Text, VisuallyHidden, chakra } from "@chakra-ui/react";
import { ArrowRight, Check } from "lucide-react";
import { DIRECTIONAL_ICON } from "../../kit/icons/directional.ts";
import { useId } from "react";
import type { FlipCard as FlipCardContent } from "../../contract/generated/schema-types.ts";
import { Icon } from "../../kit/icons/Icon.tsx";
import { FLIP_CARD_ATTRIBUTE } from "./flip-cards-dom.ts";
import { GRADIENT_TO_BOTTOM_END } from "../../kit/ui/gradients.ts";

interface FlipCardProps {
  card: FlipCardContent;
  hint: string;
}

/**
 * One card with two faces stacked in the same grid cell, so the card is as tall as its taller face and flipping moves
 * nothing around. The back is in the DOM from the start (screen readers can read it; only the eye needs the flip).
 * Flipping is one way for the visit; focus then moves to the back so keyboard users keep their place. The flip is
 * plain DOM code (flip-cards-dom.ts) that sets `data-flipped`; the styles below follow that attribute.
 */
export function FlipCard({ card, hint }: FlipCardProps) {
  const backId = useId();

  const face = {
    gridArea: "1 / 1",
    rounded: "2xl",
    p: { base: "6", md: "7" },
    backfaceVisibility: "hidden",
    WebkitBackfaceVisibility: "hidden",
  } as const;

  return (
    <Box
      h="full"
      css={{
        perspective: "1400px",
        "&[data-flipped] > div": { transform: "rotateY(180deg)" },
        "&[data-flipped] [data-face=front]": { visibility: "hidden" },
        "&[data-flipped] [data-face=back]": { _motionReduce: { opacity: 1 } },
      }}
      {...{ [FLIP_CARD_ATTRIBUTE]: "" }}
    >
      <Box
        display="grid"
        h="full"
        transformStyle="preserve-3d"
        transition="transform 0.7s cubic-bezier(0.4, 0.2, 0.2, 1)"
        _motionReduce={{ transform: "none !important", transition: "none" }}
      >
        <Flex
          {...face}
          direction="column"
          position="relative"
          bg="bg.card"
          borderWidth="1px"
          borderColor="border.subtle"
          shadow="card"
          data-face="front"
          transition="visibility 0s linear 0.35s, box-shadow 0.2s ease, border-color 0.2s ease"
          _hover={{ shadow: "raised", borderColor: "brand.solid" }}
        >
          {card.icon ? (
            <Flex w="12" h="12" rounded="xl" bg="brand.subtle" color="brand.fg" align="center" justify="center" mb="5">
              <Icon name={card.icon} />
            </Flex>
          ) : null}
          <Heading as="h3" fontSize="xl" fontWeight="semibold" mb="2">
            {card.title}
          </Heading>
          <Text color="fg.muted" flex="1">
            {card.description}
          </Text>
          <chakra.button
            type="button"
            aria-expanded="false"
            aria-controls={backId}
            mt="6"
            display="inline-flex"
            alignItems="center"
            gap="2"
            alignSelf="start"
            fontWeight="semibold"
            color="brand.fg"
            cursor="pointer"
            rounded="md"
            // The whole card is the click target; the button stays the one thing focus and screen readers see.
            _after={{ content: '""', position: "absolute", inset: "0", rounded: "2xl" }}
            _focusVisible={{
              outline: "none",
              _after: { outline: "2px solid", outlineColor: "focus.ring", outlineOffset: "2px" },
            }}
          >
            {hint}
            <VisuallyHidden>: {card.title}</VisuallyHidden>
            <ArrowRight size={18} aria-hidden="true" {...DIRECTIONAL_ICON} />
          </chakra.button>
        </Flex>
        <Box
          {...face}
          data-face="back"
          id={backId}
          tabIndex={-1}
          role="group"
          aria-label={`${card.title}: ${card.backTitle}`}
          transform="rotateY(180deg)"
          {...GRADIENT_TO_BOTTOM_END}
          gradientFrom="brand.solid"
          gradientTo="brand.emphasis"
          color="fg.inverted"
          shadow="raised"
          outline="none"
          _focusVisible={{ outline: "2px solid", outlineColor: "focus.ring", outlineOffset: "2px" }}
          _motionReduce={{ transform: "none", opacity: 0 }}
        >
          <Text
            fontSize="xs"
            fontWeight="bold"
            letterSpacing="wider"
            textTransform="uppercase"
            color="accent.200"
            mb="2"
          >
            {card.backTitle}
          </Text>
          <Text as="p" fontSize="lg" fontWeight="semibold" mb="4">
            {card.title}
          </Text>
          <Box as="ul" listStyleType="none" display="grid" gap="2.5">
            {card.points.map((point) => (
              <Flex as="li" key={point} gap="2.5" align="start" color="fg.invertedMuted">
                <Box as="span" color="accent.300" mt="0.5" flexShrink={0}>
                  <Check size={18} aria-hidden="true" />
                </Box>
                {point}
              </Flex>
            ))}
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
