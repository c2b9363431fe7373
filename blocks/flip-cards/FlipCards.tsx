import { Box, Button, Flex, SimpleGrid } from "@chakra-ui/react";
import { ChevronDown, ChevronUp } from "lucide-react";
import { useState } from "react";
import type { FlipCardsBlock } from "../../renderer/generated/schema-types.ts";
import { CtaButton, wrappingButton } from "../../renderer/ui/CtaButton.tsx";
import { Section } from "../../renderer/ui/Section.tsx";
import { FlipCard } from "./FlipCard.tsx";
import { useIslandId } from "../../renderer/islands/Island.tsx";

const DEFAULTS = {
  initialVisible: 3,
  moreLabel: "Discover More Use Cases",
  lessLabel: "Show Less",
  flipHint: "See how it works",
};

export default function FlipCards({ block }: { block: FlipCardsBlock }) {
  const [expanded, setExpanded] = useState(false);
  const listId = useIslandId("cards");
  const initialVisible = block.initialVisible ?? DEFAULTS.initialVisible;
  const collapsible = block.cards.length > initialVisible;
  const columns = block.columns ?? 3;
  const tone = block.tone ?? "plain";
  const onDark = tone === "inverted";

  return (
    <Section id={block.id} eyebrow={block.eyebrow} heading={block.heading} text={block.text} tone={tone}>
      <SimpleGrid as="ul" id={listId} listStyleType="none" columns={{ base: 1, md: 2, lg: columns }} gap="6">
        {block.cards.map((card, index) => (
          <Box as="li" key={card.title} hidden={collapsible && !expanded && index >= initialVisible}>
            <FlipCard card={card} index={index} hint={block.flipHint ?? DEFAULTS.flipHint} />
          </Box>
        ))}
      </SimpleGrid>
      {collapsible || block.action ? (
        <Flex justify="center" gap="3" mt="10" direction={{ base: "column", sm: "row" }} align="center">
          {collapsible ? (
            <Button
              variant="outline"
              size="lg"
              rounded="full"
              {...wrappingButton("lg")}
              borderColor={onDark ? "whiteAlpha.600" : "brand.solid"}
              color={onDark ? "fg.inverted" : "brand.fg"}
              _hover={{ bg: onDark ? "whiteAlpha.200" : "brand.subtle" }}
              aria-expanded={expanded}
              aria-controls={listId}
              onClick={() => setExpanded(!expanded)}
            >
              {expanded ? (block.lessLabel ?? DEFAULTS.lessLabel) : (block.moreLabel ?? DEFAULTS.moreLabel)}
              {expanded ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
            </Button>
          ) : null}
          {block.action ? <CtaButton cta={block.action} onDark={onDark} /> : null}
        </Flex>
      ) : null}
    </Section>
  );
}
