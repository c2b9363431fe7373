import { Box, Flex, Heading, SimpleGrid, Text } from "@chakra-ui/react";
import type { EngineDiagramBlock } from "../../contract/generated/schema-types.ts";
import { Icon } from "../../kit/icons/Icon.tsx";
import { Section } from "../../kit/ui/Section.tsx";
import { SmartLink } from "../../kit/ui/SmartLink.tsx";
import { GRADIENT_TO_BOTTOM_END } from "../../kit/ui/gradients.ts";

const GAP_REM = 1.5;

const palettes = {
  inverted: {
    card: "whiteAlpha.100",
    border: "whiteAlpha.200",
    muted: "fg.invertedMuted",
    line: "accent.solid",
    iconBg: "whiteAlpha.200",
    iconFg: "accent.300",
  },
  subtle: {
    card: "bg.card",
    border: "border.subtle",
    muted: "fg.muted",
    line: "brand.solid",
    iconBg: "brand.subtle",
    iconFg: "brand.fg",
  },
  plain: {
    card: "bg.subtle",
    border: "border.subtle",
    muted: "fg.muted",
    line: "brand.solid",
    iconBg: "bg.card",
    iconFg: "brand.fg",
  },
} as const;

/** A vertical connector; the diagram is drawn with borders so it reflows with the text at any width. */
function Stub({ color }: { color: string }) {
  return <Box aria-hidden="true" w="2px" h={{ base: "8", md: "10" }} mx="auto" bg={color} opacity={0.7} />;
}

export default function EngineDiagram({ block }: { block: EngineDiagramBlock }) {
  const { tone } = block;
  const palette = palettes[tone];
  const count = block.nodes.length;
  // The bus line runs from the centre of the first column to the centre of the last.
  const busInset = `calc((100% - ${(count - 1) * GAP_REM}rem) / ${2 * count})`;
  return (
    <Section id={block.id} eyebrow={block.eyebrow} heading={block.heading} text={block.text} tone={tone}>
      <Box maxW="6xl" mx="auto">
        <Box
          position="relative"
          maxW="2xl"
          mx="auto"
          textAlign="center"
          rounded="3xl"
          p={{ base: "6", md: "8" }}
          {...GRADIENT_TO_BOTTOM_END}
          gradientFrom="brand.solid"
          gradientTo="accent.600"
          color="fg.inverted"
          shadow="raised"
        >
          {block.core.icon ? (
            <Flex
              w="16"
              h="16"
              mx="auto"
              mb="4"
              rounded="2xl"
              bg="whiteAlpha.200"
              borderWidth="1px"
              borderColor="whiteAlpha.400"
              align="center"
              justify="center"
            >
              <Icon name={block.core.icon} size={32} />
            </Flex>
          ) : null}
          {block.core.label ? (
            <Text
              fontSize="xs"
              fontWeight="bold"
              letterSpacing="widest"
              textTransform="uppercase"
              opacity={0.85}
              mb="1"
            >
              {block.core.label}
            </Text>
          ) : null}
          <Heading as="h3" fontSize={{ base: "xl", md: "2xl" }} fontWeight="bold">
            {block.core.title}
          </Heading>
          {block.core.description ? (
            <Text mt="3" color="whiteAlpha.900">
              {block.core.description}
            </Text>
          ) : null}
        </Box>
        <Stub color={palette.line} />
        <Box position="relative">
          <Box
            aria-hidden="true"
            display={{ base: "none", md: "block" }}
            position="absolute"
            top="0"
            h="2px"
            insetX={busInset}
            bg={palette.line}
            opacity={0.7}
          />
          <SimpleGrid
            as="ul"
            listStyleType="none"
            columns={{ base: 1, md: count }}
            columnGap={`${GAP_REM}rem`}
            aria-label={`What ${block.core.title} coordinates`}
          >
            {block.nodes.map((node, index) => (
              <Flex as="li" key={node.title} direction="column">
                <Box display={{ base: index === 0 ? "none" : "block", md: "block" }}>
                  <Stub color={palette.line} />
                </Box>
                <Box
                  flex="1"
                  bg={palette.card}
                  borderWidth="1px"
                  borderColor={palette.border}
                  rounded="2xl"
                  p="6"
                  textAlign="center"
                  shadow={tone === "inverted" ? undefined : "card"}
                >
                  {node.icon ? (
                    <Flex
                      w="12"
                      h="12"
                      mx="auto"
                      mb="4"
                      rounded="xl"
                      bg={palette.iconBg}
                      color={palette.iconFg}
                      align="center"
                      justify="center"
                    >
                      <Icon name={node.icon} />
                    </Flex>
                  ) : null}
                  <Heading as="h3" fontSize="lg" fontWeight="semibold">
                    {node.href ? <SmartLink href={node.href}>{node.title}</SmartLink> : node.title}
                  </Heading>
                  {node.description ? (
                    <Text mt="2" color={palette.muted}>
                      {node.description}
                    </Text>
                  ) : null}
                </Box>
              </Flex>
            ))}
          </SimpleGrid>
        </Box>
      </Box>
    </Section>
  );
}
