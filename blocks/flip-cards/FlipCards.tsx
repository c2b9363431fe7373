import { Box, Button, Flex, SimpleGrid, chakra } from "@chakra-ui/react";
import { ChevronDown } from "lucide-react";
import { useId } from "react";
import type { FlipCardsBlock } from "../../renderer/generated/schema-types.ts";
import { CtaButton } from "../../renderer/ui/CtaButton.tsx";
import { Section } from "../../renderer/ui/Section.tsx";
import { FlipCard } from "./FlipCard.tsx";
import { LESS_LABEL_ATTRIBUTE, MORE_BUTTON_ATTRIBUTE, MORE_LABEL_ATTRIBUTE } from "./flip-cards-dom.ts";

const DEFAULTS = {
  initialVisible: 3,
  moreLabel: "Discover More Use Cases",
  lessLabel: "Show Less",
  flipHint: "See how it works",
};

/**
 * Cards that flip on a tap, some hidden behind a "discover more" toggle. Prerendered HTML; the flips and the toggle are
 * plain DOM code (flip-cards-dom.ts), so they answer the first tap without loading React.
 */
export default function FlipCards({ block }: { block: FlipCardsBlock }) {
  const listId = useId();
  const initialVisible = block.initialVisible ?? DEFAULTS.initialVisible;
  const collapsible = block.cards.length > initialVisible;
  const columns = block.columns ?? 3;

  return (
    <Section
      id={block.id}
      eyebrow={block.eyebrow}
      heading={block.heading}
      text={block.text}
      tone={block.tone ?? "plain"}
    >
      <SimpleGrid as="ul" id={listId} listStyleType="none" columns={{ base: 1, md: 2, lg: columns }} gap="6">
        {block.cards.map((card, index) => (
          <Box as="li" key={card.title} hidden={collapsible && index >= initialVisible}>
            <FlipCard card={card} hint={block.flipHint ?? DEFAULTS.flipHint} />
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
              borderColor="brand.solid"
              color="brand.fg"
              _hover={{ bg: "brand.subtle" }}
              aria-expanded="false"
              aria-controls={listId}
              {...{
                [MORE_BUTTON_ATTRIBUTE]: initialVisible,
                [MORE_LABEL_ATTRIBUTE]: block.moreLabel ?? DEFAULTS.moreLabel,
                [LESS_LABEL_ATTRIBUTE]: block.lessLabel ?? DEFAULTS.lessLabel,
              }}
              css={{
                "& svg": { transition: "transform 150ms" },
                "&[aria-expanded=true] svg": { transform: "rotate(180deg)" },
              }}
            >
              <chakra.span>{block.moreLabel ?? DEFAULTS.moreLabel}</chakra.span>
              <ChevronDown aria-hidden="true" />
            </Button>
          ) : null}
          {block.action ? <CtaButton cta={block.action} /> : null}
        </Flex>
      ) : null}
    </Section>
  );
}
