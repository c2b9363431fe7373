import { Flex, Heading, SimpleGrid, Text } from "@chakra-ui/react";
import type { TiersBlock } from "../../contract/generated/schema-types.ts";
import { CtaButton } from "../../kit/ui/CtaButton.tsx";
import { Section } from "../../kit/ui/Section.tsx";
import { TickList } from "../../kit/ui/TickList.tsx";
import { IconTile } from "../../kit/ui/IconTile.tsx";

export default function Tiers({ block }: { block: TiersBlock }) {
  const { highlightLabel } = block;
  return (
    <Section id={block.id} eyebrow={block.eyebrow} heading={block.heading} text={block.text} tone={block.tone}>
      <SimpleGrid
        as="ul"
        listStyleType="none"
        columns={{ base: 1, md: block.tiers.length }}
        gap="6"
        alignItems="stretch"
        pt="3"
      >
        {block.tiers.map((tier) => (
          <Flex
            as="li"
            key={tier.title}
            direction="column"
            position="relative"
            bg="bg.card"
            rounded="2xl"
            p={{ base: "6", md: "8" }}
            borderWidth={tier.highlighted ? "2px" : "1px"}
            borderColor={tier.highlighted ? "brand.solid" : "border.subtle"}
            shadow={tier.highlighted ? "raised" : "card"}
          >
            {tier.highlighted ? (
              <Text
                position="absolute"
                top="0"
                left="50%"
                transform="translate(-50%, -50%)"
                // Centred on the card's top edge: a long label wraps within the card rather than past its sides.
                w="max-content"
                maxW="calc(100% - 2rem)"
                textAlign="center"
                fontSize="xs"
                fontWeight="bold"
                textTransform="uppercase"
                letterSpacing="wider"
                bg="brand.solid"
                color="fg.inverted"
                rounded="full"
                px="3"
                py="1"
              >
                {highlightLabel}
              </Text>
            ) : null}
            {tier.icon ? <IconTile name={tier.icon} tone={tier.highlighted ? "solid" : "subtle"} mb="5" /> : null}
            <Heading as="h3" fontSize="xl" fontWeight="bold">
              {tier.title}
            </Heading>
            {tier.size ? (
              <Text mt="1" fontWeight="semibold" color="brand.fg">
                {tier.size}
              </Text>
            ) : null}
            <Text mt="3" color="fg.muted">
              {tier.description}
            </Text>
            {tier.points?.length ? (
              <TickList
                items={tier.points}
                tick="plain"
                gap="2.5"
                mt="6"
                pt="6"
                borderTopWidth="1px"
                borderColor="border.subtle"
              />
            ) : null}
          </Flex>
        ))}
      </SimpleGrid>
      {block.action ? (
        <Flex justify="center" mt="10">
          <CtaButton cta={block.action} />
        </Flex>
      ) : null}
    </Section>
  );
}
