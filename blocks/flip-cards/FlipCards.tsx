import { Box, Button, Flex, SimpleGrid, chakra } from "@chakra-ui/react";
import { ChevronDown } from "lucide-react";
import { useId } from "react";
import type { FlipCardsBlock } from "../../contract/generated/schema-types.ts";
import { CtaButton, wrappingButton } from "../../kit/ui/CtaButton.tsx";
import { Section } from "../../kit/ui/Section.tsx";
import { FlipCard } from "./FlipCard.tsx";
import { LESS_LABEL_ATTRIBUTE, MORE_BUTTON_ATTRIBUTE, MORE_LABEL_ATTRIBUTE } from "./flip-cards-dom.ts";

/**
 * Cards that flip on a tap, some hidden behind a "discover more" toggle. Prerendered HTML; the flips and the toggle are
 * plain DOM code (flip-cards-dom.ts), so they answer the first tap without loading React.
 */
export default function FlipCards({ block }: { block: FlipCardsBlock }) {
  const listId = useId();
  const { initialVisible, columns } = block;
  const collapsible = block.cards.length > initialVisible;
  const onDark = block.tone === "inverted";

  return (
    <Section id={block.id} eyebrow={block.eyebrow} heading={block.heading} text={block.text} tone={block.tone}>
      <SimpleGrid as="ul" id={listId} listStyleType="none" columns={{ base: 1, md: 2, lg: columns }} gap="6">
        {block.cards.map((card, index) => (
          <Box as="li" key={card.title} hidden={collapsible && index >= initialVisible}>
            <FlipCard card={card} hint={block.flipHint} />
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
              aria-expanded="false"
              aria-controls={listId}
              {...{
                [MORE_BUTTON_ATTRIBUTE]: initialVisible,
                [MORE_LABEL_ATTRIBUTE]: block.moreLabel,
                [LESS_LABEL_ATTRIBUTE]: block.lessLabel,
              }}
              css={{
                "& svg": { transition: "transform 150ms" },
                "&[aria-expanded=true] svg": { transform: "rotate(180deg)" },
              }}
            >
              <chakra.span>{block.moreLabel}</chakra.span>
              <ChevronDown aria-hidden="true" />
            </Button>
          ) : null}
          {block.action ? <CtaButton cta={block.action} onDark={onDark} /> : null}
        </Flex>
      ) : null}
    </Section>
  );
}
