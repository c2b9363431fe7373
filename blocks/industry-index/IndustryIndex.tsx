import { Badge, Box, Flex, Heading, LinkOverlay, SimpleGrid, Text } from "@chakra-ui/react";
import type { IndustryIndexBlock } from "../../contract/generated/schema-types.ts";
import { Icon } from "../../kit/icons/Icon.tsx";
import { useSiteData } from "../../kit/site-data.ts";
import { Section } from "../../kit/ui/Section.tsx";

/** Every industry page that asks to be in the Industries menu, featured ones first, in menu order. */
export default function IndustryIndex({ block }: { block: IndustryIndexBlock }) {
  const { industries } = useSiteData();
  const ordered = [...industries.filter((i) => i.featured), ...industries.filter((i) => !i.featured)];
  return (
    <Section id={block.id} eyebrow={block.eyebrow} heading={block.heading} text={block.text} tone="subtle">
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, lg: 3 }} gap="6">
        {ordered.map((industry) => (
          <Flex
            as="li"
            key={industry.href}
            direction="column"
            position="relative"
            bg="bg.card"
            rounded="2xl"
            p="7"
            shadow="card"
            borderWidth="1px"
            borderColor={industry.featured ? "brand.solid" : "border.subtle"}
            transition="box-shadow 200ms, transform 200ms"
            _hover={{ shadow: "raised", transform: "translateY(-2px)" }}
            _focusWithin={{ outline: "2px solid", outlineColor: "focus.ring", outlineOffset: "2px" }}
          >
            <Flex justify="space-between" align="flex-start" mb="5">
              <Flex w="12" h="12" rounded="xl" bg="brand.subtle" color="brand.fg" align="center" justify="center">
                <Icon name={industry.icon} />
              </Flex>
              {industry.featured ? (
                <Badge bg="accent.subtle" color="accent.fg" rounded="full" px="3" py="1">
                  {block.featuredLabel}
                </Badge>
              ) : null}
            </Flex>
            <Heading as="h3" fontSize="xl" fontWeight="semibold" mb="2">
              <LinkOverlay asChild _focusVisible={{ outline: "none" }}>
                <a href={industry.href}>{industry.label}</a>
              </LinkOverlay>
            </Heading>
            {industry.description ? (
              <Text color="fg.muted" flex="1">
                {industry.description}
              </Text>
            ) : null}
            <Flex mt="6" align="center" gap="2" color="brand.fg" fontWeight="semibold" aria-hidden="true">
              {block.linkLabel}
              <Box as="span" display="inline-flex">
                <Icon name="arrow-right" size={18} />
              </Box>
            </Flex>
          </Flex>
        ))}
      </SimpleGrid>
    </Section>
  );
}
