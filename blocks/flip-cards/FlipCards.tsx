import { Box, Button, Flex, SimpleGrid } from "@chakra-ui/react";
import { ChevronDown, ChevronUp } from "lucide-react";
import { useState } from "react";
import type { FlipCardsBlock } from "../../contract/generated/schema-types.ts";
import { CtaButton, wrappingButton } from "../../kit/ui/CtaButton.tsx";
import { Section } from "../../kit/ui/Section.tsx";
import { FlipCard } from "./FlipCard.tsx";
import { useIslandId } from "../../kit/islands/Island.tsx";

export default function FlipCards({ block }: { block: FlipCardsBlock }) {
  const [expanded, setExpanded] = useState(false);
  const listId = useIslandId("cards");
  const { initialVisible, columns } = block;
  const collapsible = block.cards.length > initialVisible;
  const onDark = block.tone === "inverted";

  return (
    <Section id={block.id} eyebrow={block.eyebrow} heading={block.heading} text={block.text} tone={block.tone}>
      <SimpleGrid as="ul" id={listId} listStyleType="none" columns={{ base: 1, md: 2, lg: columns }} gap="6">
        {block.cards.map((card, index) => (
          <Box as="li" key={card.title} hidden={collapsible && !expanded && index >= initialVisible}>
            <FlipCard card={card} index={index} hint={block.flipHint} />
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
              {expanded ? block.lessLabel : block.moreLabel}
              {expanded ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
            </Button>
          ) : null}
          {block.action ? <CtaButton cta={block.action} onDark={onDark} /> : null}
        </Flex>
      ) : null}
    </Section>
  );
}
