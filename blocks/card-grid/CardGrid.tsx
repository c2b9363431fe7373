import { Box, Flex, Heading, SimpleGrid, Text } from "@chakra-ui/react";
import { ArrowRight } from "lucide-react";
import { DIRECTIONAL_ICON } from "../../kit/icons/directional.ts";
import type { CardGridBlock, GridCard } from "../../contract/generated/schema-types.ts";
import { CtaButton } from "../../kit/ui/CtaButton.tsx";
import { Picture } from "../../kit/ui/Picture.tsx";
import { Section } from "../../kit/ui/Section.tsx";
import { SmartLink } from "../../kit/ui/SmartLink.tsx";
import { IconTile } from "../../kit/ui/IconTile.tsx";

type Variant = NonNullable<CardGridBlock["variant"]>;

/** A linked title stretches its link over the whole card, so the card is one large target. */
function Title({ card, size = "lg" }: { card: GridCard; size?: "md" | "lg" }) {
  return (
    <Heading
      as="h3"
      fontSize={size}
      fontWeight="semibold"
      css={{
        // Inline, so that a long title wraps like text and the arrow follows its last word.
        "& a": { transition: "color 0.2s ease" },
        "& a svg": { display: "inline-block", verticalAlign: "-0.125em", marginInlineStart: "0.375rem" },
        "& a::after": { content: '""', position: "absolute", inset: 0, borderRadius: "inherit" },
        "& a:hover, & a:focus-visible": { color: "brand.fg" },
      }}
    >
      {card.href ? (
        <SmartLink href={card.href}>
          {card.title}
          <ArrowRight size={16} aria-hidden="true" {...DIRECTIONAL_ICON} />
        </SmartLink>
      ) : (
        card.title
      )}
    </Heading>
  );
}

function CardIcon({ card, inverted = false, round = false }: { card: GridCard; inverted?: boolean; round?: boolean }) {
  if (!card.icon) return null;
  return (
    <IconTile
      name={card.icon}
      round={round}
      palette={card.color}
      tone={inverted ? "accent" : round ? "solid" : "subtle"}
    />
  );
}

/**
 * The card's picture across its top, out to the card's border: it takes back the card's padding (`inset`) above and at
 * both sides, and rounds its top corners just inside the border. In a card laid out as a row (an icon beside the
 * text), the row wraps and the picture fills the first line.
 */
function CardPicture({ card, inset, mb }: { card: GridCard; inset: "5" | "6"; mb?: "5" }) {
  if (!card.image) return null;
  return (
    <Box
      flexShrink={0}
      w={`calc(100% + 2 * var(--chakra-spacing-${inset}))`}
      mt={`-${inset}`}
      mx={`-${inset}`}
      mb={mb}
      overflow="hidden"
      roundedTop="calc(var(--chakra-radii-2xl) - 1px)"
    >
      <Picture image={card.image} display="block" w="full" h="auto" aspectRatio="3 / 2" objectFit="cover" />
    </Box>
  );
}

/** A row card with a picture wraps, its picture on a line of its own. */
const rowWithPicture = (card: GridCard) => (card.image ? { flexWrap: "wrap" as const } : {});
const besideIcon = (card: GridCard) => (card.image ? { flex: "1" } : {});

const frame = {
  bg: "bg.card",
  rounded: "2xl",
  shadow: "card",
  borderWidth: "1px",
  borderColor: "border.subtle",
  position: "relative",
} as const;

function CardBody({ card, variant }: { card: GridCard; variant: Variant }) {
  switch (variant) {
    case "benefit":
      return (
        <Box {...frame} h="full" p="6" textAlign="center">
          <CardPicture card={card} inset="6" mb="5" />
          <Flex justify="center" mb="4">
            <CardIcon card={card} round />
          </Flex>
          <Title card={card} />
          {card.description ? (
            <Text mt="2" color="fg.muted">
              {card.description}
            </Text>
          ) : null}
        </Box>
      );
    case "capability":
      return (
        <Flex
          {...frame}
          h="full"
          p="5"
          gap="4"
          align="flex-start"
          transition="box-shadow 0.2s ease"
          _hover={{ shadow: "raised" }}
          {...rowWithPicture(card)}
        >
          <CardPicture card={card} inset="5" />
          <CardIcon card={card} />
          <Box minW="0" {...besideIcon(card)}>
            <Title card={card} size="md" />
            {card.description ? (
              <Text mt="1" color="fg.muted" fontSize="sm">
                {card.description}
              </Text>
            ) : null}
          </Box>
        </Flex>
      );
    case "trust":
      return (
        <Flex
          position="relative"
          h="full"
          p="6"
          gap="4"
          align="flex-start"
          rounded="2xl"
          bg="whiteAlpha.100"
          borderWidth="1px"
          borderColor="whiteAlpha.200"
          {...rowWithPicture(card)}
        >
          <CardPicture card={card} inset="6" />
          <CardIcon card={card} inverted />
          <Box minW="0" {...besideIcon(card)}>
            <Title card={card} />
            {card.description ? (
              <Text mt="1" color="fg.invertedMuted">
                {card.description}
              </Text>
            ) : null}
          </Box>
        </Flex>
      );
    default:
      return (
        <Box {...frame} h="full" p="6">
          <CardPicture card={card} inset="6" mb="5" />
          <Box mb={card.icon ? "4" : "0"}>
            <CardIcon card={card} />
          </Box>
          <Title card={card} />
          {card.description ? (
            <Text mt="2" color="fg.muted">
              {card.description}
            </Text>
          ) : null}
        </Box>
      );
  }
}

export default function CardGrid({ block }: { block: CardGridBlock }) {
  const { columns, variant } = block;
  const tone = variant === "trust" ? "inverted" : block.tone;
  return (
    <Section id={block.id} eyebrow={block.eyebrow} heading={block.heading} text={block.text} tone={tone}>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, lg: columns }} gap="6">
        {block.cards.map((card) => (
          <Box as="li" key={card.title}>
            <CardBody card={card} variant={variant} />
          </Box>
        ))}
      </SimpleGrid>
      {block.action ? (
        <Flex justify="center" mt="10">
          <CtaButton cta={block.action} onDark={tone === "inverted"} />
        </Flex>
      ) : null}
    </Section>
  );
}
