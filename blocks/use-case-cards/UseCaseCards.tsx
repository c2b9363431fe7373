import { Box, Flex, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { UseCaseCardsBlock } from "../../contract/generated/schema-types.ts";
import { Icon } from "../../kit/icons/Icon.tsx";
import { Picture } from "../../kit/ui/Picture.tsx";
import { Section } from "../../kit/ui/Section.tsx";
import { IconTile } from "../../kit/ui/IconTile.tsx";

export default function UseCaseCards({ block }: { block: UseCaseCardsBlock }) {
  const { labels, columns } = block;
  return (
    <Section id={block.id} eyebrow={block.eyebrow} heading={block.heading} text={block.text} tone="subtle">
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, lg: columns }} gap="6">
        {block.items.map((item) => (
          <Flex
            as="li"
            key={item.title}
            direction="column"
            bg="bg.card"
            rounded="2xl"
            p={{ base: "6", md: "7" }}
            shadow="card"
            borderWidth="1px"
            borderColor="border.subtle"
            transition="box-shadow 200ms, transform 200ms"
            _hover={{ shadow: "raised", transform: "translateY(-2px)" }}
          >
            {item.image ? (
              // Across the card's top, out to its border: it takes back the card's padding above and at the sides.
              <Box
                mt={{ base: "-6", md: "-7" }}
                mx={{ base: "-6", md: "-7" }}
                mb="6"
                overflow="hidden"
                roundedTop="calc(var(--chakra-radii-2xl) - 1px)"
              >
                <Picture image={item.image} display="block" w="full" h="auto" aspectRatio="3 / 2" objectFit="cover" />
              </Box>
            ) : null}
            <Flex align="center" gap="4" mb="5">
              {item.icon ? <IconTile name={item.icon} /> : null}
              <Heading as="h3" fontSize="xl" fontWeight="semibold" lineHeight="1.3">
                {item.title}
              </Heading>
            </Flex>
            {item.description ? (
              <Text color="fg.muted" mb="5">
                {item.description}
              </Text>
            ) : null}
            <Stack as="dl" gap="4" flex="1">
              <Box>
                <Text
                  as="dt"
                  fontSize="xs"
                  fontWeight="bold"
                  letterSpacing="wider"
                  textTransform="uppercase"
                  color="fg.muted"
                  mb="1"
                >
                  {labels.scenario}
                </Text>
                <Text as="dd">{item.scenario}</Text>
              </Box>
              <Box borderStartWidth="3px" borderColor="brand.solid" ps="4">
                <Text
                  as="dt"
                  fontSize="xs"
                  fontWeight="bold"
                  letterSpacing="wider"
                  textTransform="uppercase"
                  color="brand.fg"
                  mb="1"
                >
                  {labels.solution}
                </Text>
                <Text as="dd">{item.solution}</Text>
              </Box>
              {item.impact ? (
                <Flex mt="auto" pt="2" direction="column">
                  <Text as="dt" srOnly>
                    {labels.impact}
                  </Text>
                  <Flex
                    as="dd"
                    align="center"
                    gap="2"
                    bg="accent.subtle"
                    color="accent.fg"
                    rounded="lg"
                    px="3"
                    py="2"
                    fontWeight="semibold"
                    fontSize="sm"
                  >
                    <Icon name="trending-up" size={18} />
                    {item.impact}
                  </Flex>
                </Flex>
              ) : null}
            </Stack>
          </Flex>
        ))}
      </SimpleGrid>
    </Section>
  );
}
