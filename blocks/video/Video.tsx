import { Box, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { VideoBlock } from "../../contract/generated/schema-types.ts";
import { Icon } from "../../kit/icons/Icon.tsx";
import { Section } from "../../kit/ui/Section.tsx";
import { StatFigure } from "../../kit/ui/StatFigure.tsx";
import { VideoPlayer } from "./VideoPlayer.tsx";

export default function Video({ block }: { block: VideoBlock }) {
  const { tone } = block;
  const inverted = tone === "inverted";
  const stats = block.stats ?? [];
  const player = (
    <Box as="figure" m="0">
      <VideoPlayer src={block.src} title={block.title} poster={block.poster} />
      {block.caption ? (
        <Text
          as="figcaption"
          mt="3"
          fontSize="sm"
          textAlign="center"
          color={inverted ? "fg.invertedMuted" : "fg.muted"}
        >
          {block.caption}
        </Text>
      ) : null}
    </Box>
  );

  return (
    <Section id={block.id} eyebrow={block.eyebrow} heading={block.heading} text={block.text} tone={tone}>
      {stats.length ? (
        <SimpleGrid columns={{ base: 1, lg: 3 }} gap={{ base: "6", lg: "10" }} alignItems="center">
          <Box gridColumn={{ lg: "span 2" }}>{player}</Box>
          <Stack as="ul" listStyleType="none" gap="4" direction={{ base: "column", sm: "row", lg: "column" }}>
            {stats.map((stat) => (
              <Box
                as="li"
                key={stat.label}
                flex="1"
                rounded="2xl"
                p="6"
                bg={inverted ? "whiteAlpha.100" : "bg.card"}
                borderWidth="1px"
                borderColor={inverted ? "whiteAlpha.200" : "border.subtle"}
                shadow={inverted ? "none" : "card"}
              >
                {stat.icon ? (
                  <Box color={inverted ? "accent.300" : "brand.fg"} mb="2">
                    <Icon name={stat.icon} size={22} />
                  </Box>
                ) : null}
                <Text
                  as="p"
                  fontSize="3xl"
                  fontWeight="extrabold"
                  letterSpacing="-0.02em"
                  lineHeight="1.1"
                  color={inverted ? "fg.inverted" : "brand.fg"}
                >
                  <StatFigure figure={stat} animate={block.animate} durationMs={block.durationMs} />
                </Text>
                <Text as="p" mt="1" fontWeight="semibold">
                  {stat.label}
                </Text>
                {stat.description ? (
                  <Text as="p" mt="1" fontSize="sm" color={inverted ? "fg.invertedMuted" : "fg.muted"}>
                    {stat.description}
                  </Text>
                ) : null}
              </Box>
            ))}
          </Stack>
        </SimpleGrid>
      ) : (
        <Box maxW="5xl" mx="auto">
          {player}
        </Box>
      )}
    </Section>
  );
}
