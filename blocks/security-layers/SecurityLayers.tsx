import { Box, Flex, Grid, Heading, Text } from "@chakra-ui/react";
import type { SecurityLayersBlock } from "../../contract/generated/schema-types.ts";
import { Lock, ShieldCheck } from "lucide-react";
import { Icon } from "../../kit/icons/Icon.tsx";
import { Section } from "../../kit/ui/Section.tsx";
import { IconTile } from "../../kit/ui/IconTile.tsx";
import { GRADIENT_TO_BOTTOM_END } from "../../kit/ui/gradients.ts";

/** Nested rings, outermost layer first; decorative, since the list beside it says the same in words. */
function Rings({ count, centre }: { count: number; centre: string }) {
  const step = 32 / count;
  return (
    <Box aria-hidden="true" position="relative" w="full" maxW={{ base: "72", md: "96" }} mx="auto" aspectRatio="1">
      {Array.from({ length: count }, (_, index) => (
        <Box
          key={index}
          position="absolute"
          inset={`${index * step}%`}
          rounded="full"
          borderWidth="2px"
          borderColor={`brand.solid/${Math.round(30 + (70 * (index + 1)) / count)}`}
          borderStyle={index % 2 === 0 ? "solid" : "dashed"}
          bg={index % 2 === 0 ? "brand.solid/5" : "bg.card"}
        />
      ))}
      {Array.from({ length: count }, (_, index) => {
        // Each number sits on its own ring, fanned out at a different angle so that they never overlap.
        const radius = 50 - index * step;
        const angle = ((-60 + (120 * index) / Math.max(count - 1, 1)) * Math.PI) / 180;
        return (
          <Flex
            key={index}
            position="absolute"
            left={`${50 + radius * Math.sin(angle)}%`}
            top={`${50 - radius * Math.cos(angle)}%`}
            transform="translate(-50%, -50%)"
            w="7"
            h="7"
            rounded="full"
            bg="brand.solid"
            color="fg.inverted"
            fontSize="sm"
            fontWeight="bold"
            align="center"
            justify="center"
            shadow="card"
          >
            {index + 1}
          </Flex>
        );
      })}
      <Flex
        position="absolute"
        inset={`${count * step + 2}%`}
        rounded="full"
        {...GRADIENT_TO_BOTTOM_END}
        gradientFrom="brand.solid"
        gradientTo="accent.600"
        color="fg.inverted"
        direction="column"
        align="center"
        justify="center"
        shadow="raised"
        textAlign="center"
        px="2"
      >
        <Lock size={28} aria-hidden="true" strokeWidth={1.75} />
        <Text mt="1" fontWeight="bold" fontSize={{ base: "sm", md: "md" }}>
          {centre}
        </Text>
      </Flex>
    </Box>
  );
}

export default function SecurityLayers({ block }: { block: SecurityLayersBlock }) {
  return (
    <Section id={block.id} eyebrow={block.eyebrow} heading={block.heading} text={block.text}>
      <Grid templateColumns={{ base: "1fr", lg: "5fr 7fr" }} gap={{ base: "10", lg: "16" }} alignItems="center">
        <Rings count={block.layers.length} centre={block.centre} />
        <Flex as="ol" listStyleType="none" direction="column" gap="4">
          {block.layers.map((layer, index) => (
            <Flex
              as="li"
              key={layer.title}
              gap="4"
              bg="bg.card"
              rounded="2xl"
              borderWidth="1px"
              borderColor="border.subtle"
              shadow="card"
              p={{ base: "5", md: "6" }}
            >
              <IconTile name={layer.icon} />
              <Box minW="0">
                <Text fontSize="xs" fontWeight="bold" color="brand.fg" letterSpacing="wider" textTransform="uppercase">
                  Layer {index + 1}
                </Text>
                <Heading as="h3" fontSize="lg" fontWeight="semibold">
                  {layer.title}
                </Heading>
                <Text mt="1" color="fg.muted">
                  {layer.description}
                </Text>
                {layer.points?.length ? (
                  <Flex as="ul" listStyleType="none" wrap="wrap" gap="2" mt="3">
                    {layer.points.map((point) => (
                      <Text
                        as="li"
                        key={point}
                        fontSize="xs"
                        fontWeight="semibold"
                        bg="accent.subtle"
                        color="accent.fg"
                        rounded="full"
                        px="2.5"
                        py="1"
                      >
                        {point}
                      </Text>
                    ))}
                  </Flex>
                ) : null}
              </Box>
            </Flex>
          ))}
        </Flex>
      </Grid>
      {block.note ? (
        <Flex
          mt={{ base: "10", md: "12" }}
          gap="4"
          align={{ base: "flex-start", md: "center" }}
          direction={{ base: "column", md: "row" }}
          rounded="2xl"
          p={{ base: "6", md: "8" }}
          bg="accent.subtle"
          borderWidth="1px"
          borderColor="accent.200"
        >
          <Flex
            w="14"
            h="14"
            flexShrink={0}
            rounded="2xl"
            bg="accent.solid"
            color="fg.inverted"
            align="center"
            justify="center"
          >
            {block.note.icon ? (
              <Icon name={block.note.icon} size={28} />
            ) : (
              <ShieldCheck size={28} aria-hidden="true" strokeWidth={1.75} />
            )}
          </Flex>
          <Box>
            <Heading as="h3" fontSize="xl" fontWeight="bold">
              {block.note.title}
            </Heading>
            <Text mt="1" color="fg.muted">
              {block.note.text}
            </Text>
          </Box>
        </Flex>
      ) : null}
    </Section>
  );
}
