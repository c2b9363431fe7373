import { Box, Container, Flex, Grid, Heading, Stack, Text } from "@chakra-ui/react";
import type { IndustryHeroBlock } from "../../contract/generated/schema-types.ts";
import { Icon } from "../../kit/icons/Icon.tsx";
import { Backdrop } from "../../kit/ui/Backdrop.tsx";
import { CtaButton } from "../../kit/ui/CtaButton.tsx";
import { Picture } from "../../kit/ui/Picture.tsx";
import { formatFigure, useLocale } from "../../kit/locale.ts";
import { GRADIENT_TO_BOTTOM_END } from "../../kit/ui/gradients.ts";

/** The badge, the headline, the pitch and the buttons; drawn light over a photo's scrim (`onDark`). */
function Pitch({ block, onDark }: { block: IndustryHeroBlock; onDark: boolean }) {
  return (
    <Box>
      <Flex
        as="p"
        display="inline-flex"
        align="center"
        gap="2"
        fontSize="sm"
        fontWeight="semibold"
        color="brand.fg"
        bg="bg.card"
        borderWidth="1px"
        borderColor="border.subtle"
        rounded="full"
        px="4"
        py="1.5"
        mb="6"
        shadow="card"
      >
        {block.icon ? <Icon name={block.icon} size={16} /> : null}
        {block.badge}
      </Flex>
      <Heading
        as="h1"
        fontSize={{ base: "4xl", md: "5xl", xl: "6xl" }}
        lineHeight="1.05"
        letterSpacing="-0.03em"
        fontWeight="extrabold"
      >
        {block.heading}
      </Heading>
      <Text mt="6" fontSize={{ base: "lg", md: "xl" }} color={onDark ? "fg.invertedMuted" : "fg.muted"} maxW="2xl">
        {block.text}
      </Text>
      {/* Two buttons too wide for the column side by side take a line each. */}
      <Stack direction={{ base: "column", sm: "row" }} flexWrap="wrap" gap="3" mt="10">
        {block.actions.map((action, index) => (
          // Two buttons may lead to the same page.
          <CtaButton key={index} cta={action} onDark={onDark} />
        ))}
      </Stack>
    </Box>
  );
}

/** Over a photo's navy, the card's edge is drawn. */
const EDGED = { borderWidth: "1px", borderColor: "whiteAlpha.200" } as const;

/** The headline figure and the proof points, on a dark card of their own (`edged` over a dark background). */
function Figure({ block, edged = false }: { block: IndustryHeroBlock; edged?: boolean }) {
  const { stat } = block;
  const locale = useLocale();
  return (
    <Box
      bg="bg.inverted"
      color="fg.inverted"
      rounded="3xl"
      p={{ base: "8", md: "10" }}
      shadow="raised"
      {...GRADIENT_TO_BOTTOM_END}
      gradientFrom="navy.800"
      gradientTo="navy.950"
      position="relative"
      {...(edged ? EDGED : {})}
    >
      <Flex align="center" gap="3" color="accent.300" mb="2">
        {stat.icon ? <Icon name={stat.icon} /> : null}
        <Text fontSize="sm" fontWeight="semibold" letterSpacing="wider" textTransform="uppercase">
          {stat.label}
        </Text>
      </Flex>
      <Text fontSize={{ base: "6xl", md: "7xl" }} fontWeight="extrabold" lineHeight="1" letterSpacing="-0.04em">
        {formatFigure(locale, stat)}
      </Text>
      {stat.description ? (
        <Text mt="3" color="fg.invertedMuted">
          {stat.description}
        </Text>
      ) : null}
      {block.points?.length ? (
        <Stack as="ul" listStyleType="none" gap="3" mt="8" pt="6" borderTopWidth="1px" borderColor="whiteAlpha.200">
          {block.points.map((point) => (
            <Flex as="li" key={point} align="center" gap="3">
              <Box color="accent.300" flexShrink={0}>
                <Icon name="check-circle" size={20} />
              </Box>
              {point}
            </Flex>
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}

function Columns({ block, side }: { block: IndustryHeroBlock; side: "figure" | "picture" | "behind" }) {
  return (
    <Grid
      templateColumns={{ base: "1fr", lg: "minmax(0, 7fr) minmax(0, 5fr)" }}
      gap={{ base: "10", lg: "16" }}
      alignItems="center"
    >
      <Pitch block={block} onDark={side === "behind"} />
      {side === "picture" && block.image ? (
        // The figure overlaps the picture's foot, inset from its sides: one group, the proof on the picture.
        <Box>
          <Picture
            image={block.image}
            display="block"
            w="full"
            h="auto"
            maxH="36rem"
            objectFit="cover"
            rounded="3xl"
            shadow="raised"
          />
          <Box position="relative" mt="-16" mx={{ base: "4", md: "8" }}>
            <Figure block={block} />
          </Box>
        </Box>
      ) : (
        <Figure block={block} edged={side === "behind"} />
      )}
    </Grid>
  );
}

export default function IndustryHero({ block }: { block: IndustryHeroBlock }) {
  if (block.image && block.imagePlacement === "behind")
    return (
      <Box
        as="section"
        id={block.id}
        position="relative"
        bg="bg.inverted"
        color="fg.inverted"
        py={{ base: "14", md: "24" }}
        overflow="hidden"
        data-image-placement="behind"
      >
        {/* On phones the figure follows the text: the photo stays behind the text, and fades into the navy. */}
        <Backdrop image={block.image} bandBelowLg="40rem" />
        <Container position="relative" maxW="7xl" px={{ base: "4", md: "6" }}>
          <Columns block={block} side="behind" />
        </Container>
      </Box>
    );
  return (
    <Box
      as="section"
      id={block.id}
      bgGradient="to-b"
      gradientFrom="brand.subtle"
      gradientTo="bg.canvas"
      py={{ base: "14", md: "24" }}
      overflow="hidden"
    >
      <Container maxW="7xl" px={{ base: "4", md: "6" }}>
        <Columns block={block} side={block.image ? "picture" : "figure"} />
      </Container>
    </Box>
  );
}
