import { Flex, Heading, SimpleGrid, Text } from "@chakra-ui/react";
import type { PromisesBlock } from "../../contract/generated/schema-types.ts";
import { Section } from "../../kit/ui/Section.tsx";
import { IconTile } from "../../kit/ui/IconTile.tsx";

export default function Promises({ block }: { block: PromisesBlock }) {
  const { lead } = block;
  return (
    <Section id={block.id} eyebrow={block.eyebrow} heading={block.heading} text={block.text} tone="inverted">
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: block.promises.length }} gap="6">
        {block.promises.map((promise) => (
          <Flex
            as="li"
            key={promise.title}
            direction="column"
            bg="whiteAlpha.100"
            borderWidth="1px"
            borderColor="whiteAlpha.200"
            rounded="2xl"
            p="6"
          >
            {promise.icon ? <IconTile name={promise.icon} tone="accent" mb="5" /> : null}
            <Heading as="h3" lineHeight="1.1">
              <Text
                as="span"
                display="block"
                fontSize="sm"
                fontWeight="semibold"
                textTransform="uppercase"
                letterSpacing="wider"
                color="accent.300"
              >
                {lead}
              </Text>{" "}
              <Text as="span" display="block" fontSize="2xl" fontWeight="bold" mt="1">
                {promise.title}
              </Text>
            </Heading>
            <Text mt="3" color="fg.invertedMuted">
              {promise.description}
            </Text>
          </Flex>
        ))}
      </SimpleGrid>
    </Section>
  );
}
