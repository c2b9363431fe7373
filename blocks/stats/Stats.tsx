import { Box, Flex, SimpleGrid, Text } from "@chakra-ui/react";
import { useState } from "react";
import type { StatsBlock } from "../../contract/generated/schema-types.ts";
import { usePrefersReducedMotion } from "../../kit/hooks/usePrefersReducedMotion.ts";
import { useVisibleInterval } from "../../kit/hooks/useVisibleInterval.ts";
import { Icon } from "../../kit/icons/Icon.tsx";
import { Section } from "../../kit/ui/Section.tsx";
import { StatFigure } from "../../kit/ui/StatFigure.tsx";

export default function Stats({ block }: { block: StatsBlock }) {
  const { tone } = block;
  const inverted = tone === "inverted";
  const columns = block.columns ?? Math.min(block.stats.length, 4);
  const cycling = block.highlight;
  const reducedMotion = usePrefersReducedMotion();
  const [highlighted, setHighlighted] = useState(0);
  const [hovered, setHovered] = useState<number | null>(null);
  const { ref } = useVisibleInterval(
    () => setHighlighted((index) => (index + 1) % block.stats.length),
    block.highlightIntervalMs,
    {
      enabled: cycling && hovered === null && !reducedMotion,
    },
  );
  const hoverable = cycling && block.highlightOnHover;
  const active = cycling ? (hovered ?? highlighted) : null;

  return (
    <Section id={block.id} eyebrow={block.eyebrow} heading={block.heading} text={block.text} tone={tone}>
      <SimpleGrid
        ref={ref}
        as="ul"
        listStyleType="none"
        columns={{ base: 1, sm: Math.min(columns, 2), lg: columns }}
        gap={{ base: "4", md: "6" }}
      >
        {block.stats.map((stat, index) => {
          const isActive = active === index;
          return (
            <Box
              as="li"
              key={`${stat.label}-${index}`}
              data-highlighted={isActive ? "true" : undefined}
              onMouseEnter={hoverable ? () => setHovered(index) : undefined}
              onMouseLeave={hoverable ? () => setHovered(null) : undefined}
              onFocus={hoverable ? () => setHovered(index) : undefined}
              onBlur={hoverable ? () => setHovered(null) : undefined}
              tabIndex={hoverable ? 0 : undefined}
              position="relative"
              rounded="2xl"
              p={{ base: "6", md: "8" }}
              borderWidth="1px"
              borderColor={isActive ? "accent.solid" : inverted ? "whiteAlpha.200" : "border.subtle"}
              bg={inverted ? (isActive ? "whiteAlpha.200" : "whiteAlpha.100") : "bg.card"}
              shadow={isActive ? "raised" : inverted ? "none" : "card"}
              transform={isActive ? "translateY(-4px)" : "none"}
              transition="transform 0.4s ease, box-shadow 0.4s ease, border-color 0.4s ease, background 0.4s ease"
              _focusVisible={{ outline: "2px solid", outlineColor: "focus.ring", outlineOffset: "2px" }}
            >
              {stat.icon ? (
                <Flex
                  w="11"
                  h="11"
                  rounded="xl"
                  align="center"
                  justify="center"
                  mb="5"
                  bg={inverted ? "whiteAlpha.200" : "brand.subtle"}
                  color={inverted ? "accent.300" : "brand.fg"}
                >
                  <Icon name={stat.icon} size={22} />
                </Flex>
              ) : null}
              <Text
                as="p"
                fontSize={{ base: "4xl", md: "5xl" }}
                fontWeight="extrabold"
                letterSpacing="-0.03em"
                lineHeight="1"
                color={inverted ? "fg.inverted" : "brand.fg"}
              >
                <StatFigure figure={stat} animate={block.animate} durationMs={stat.durationMs ?? block.durationMs} />
              </Text>
              <Text as="p" mt="3" fontWeight="semibold" fontSize="lg">
                {stat.label}
              </Text>
              {stat.description ? (
                <Text as="p" mt="2" color={inverted ? "fg.invertedMuted" : "fg.muted"}>
                  {stat.description}
                </Text>
              ) : null}
            </Box>
          );
        })}
      </SimpleGrid>
    </Section>
  );
}
