import { Box, Button, Flex, SimpleGrid, chakra } from "@chakra-ui/react";
import { ChevronDown } from "lucide-react";
import { useId } from "react";
import type { FlipCardsBlock } from "../../contract/generated/schema-types.ts";
import { CtaButton, wrappingButton } from "../../kit/ui/CtaButton.tsx";
import { Section } from "../../kit/ui/Section.tsx";
import { FlipCard } from "./FlipCard.tsx";

/** Marks a card that the "discover more" disclosure hides while it is closed. */
export const MORE_CARD_ATTRIBUTE = "data-more-card";

/**
 * Cards that flip on a tap, some hidden behind a "discover more" disclosure. Prerendered HTML: the flips are plain DOM
 * code (flip-cards-dom.ts), and the disclosure is HTML and CSS alone, a native `<details>` whose `<summary>` is the
 * button. The browser toggles it on the first tap, with no script at all, and reports its expanded state itself; the
 * cards it reveals follow it by `:has()`, its label by which of its two texts is displayed (so the accessible name is
 * the one shown). A browser without `:has()` shows every card.
 */
export default function FlipCards({ block }: { block: FlipCardsBlock }) {
  const listId = useId();
  const { initialVisible, columns } = block;
  const collapsible = block.cards.length > initialVisible;
  const onDark = block.tone === "inverted";

  return (
    <Section id={block.id} eyebrow={block.eyebrow} heading={block.heading} text={block.text} tone={block.tone}>
      <Box
        css={
          collapsible
            ? { [`&:not(:has(> div > details[open])) [${MORE_CARD_ATTRIBUTE}]`]: { display: "none" } }
            : undefined
        }
      >
        <SimpleGrid as="ul" id={listId} listStyleType="none" columns={{ base: 1, md: 2, lg: columns }} gap="6">
          {block.cards.map((card, index) => (
            <Box
              as="li"
              key={card.title}
              {...(collapsible && index >= initialVisible ? { [MORE_CARD_ATTRIBUTE]: "" } : {})}
            >
              <FlipCard card={card} hint={block.flipHint} />
            </Box>
          ))}
        </SimpleGrid>
        {collapsible || block.action ? (
          <Flex justify="center" gap="3" mt="10" direction={{ base: "column", sm: "row" }} align="center">
            {collapsible ? (
              <chakra.details
                maxW="full"
                css={{
                  "&:not([open]) [data-label=less], &[open] [data-label=more]": { display: "none" },
                  "& svg": { transition: "transform 150ms" },
                  "&[open] svg": { transform: "rotate(180deg)" },
                }}
              >
                <Button
                  asChild
                  // Chakra's Button says type="button", which is invalid on a <summary>.
                  type={undefined}
                  variant="outline"
                  size="lg"
                  rounded="full"
                  {...wrappingButton("lg")}
                  borderColor={onDark ? "whiteAlpha.600" : "brand.solid"}
                  color={onDark ? "fg.inverted" : "brand.fg"}
                  _hover={{ bg: onDark ? "whiteAlpha.200" : "brand.subtle" }}
                  cursor="pointer"
                  listStyle="none"
                  css={{ "&::-webkit-details-marker": { display: "none" } }}
                >
                  <summary aria-controls={listId}>
                    <span data-label="more">{block.moreLabel}</span>
                    <span data-label="less">{block.lessLabel}</span>
                    <ChevronDown aria-hidden="true" />
                  </summary>
                </Button>
              </chakra.details>
            ) : null}
            {block.action ? <CtaButton cta={block.action} onDark={onDark} /> : null}
          </Flex>
        ) : null}
      </Box>
    </Section>
  );
}
