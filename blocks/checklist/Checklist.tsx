import { Flex, SimpleGrid } from "@chakra-ui/react";
import type { ChecklistBlock } from "../../contract/generated/schema-types.ts";
import { Icon } from "../../kit/icons/Icon.tsx";
import { CtaButton } from "../../kit/ui/CtaButton.tsx";
import { Section } from "../../kit/ui/Section.tsx";

export default function Checklist({ block }: { block: ChecklistBlock }) {
  const { columns } = block;
  return (
    <Section id={block.id} eyebrow={block.eyebrow} heading={block.heading} text={block.text}>
      <SimpleGrid
        as="ul"
        listStyleType="none"
        columns={{ base: 1, md: Math.min(columns, 2), lg: columns }}
        gap="4"
        maxW={columns === 1 ? "3xl" : "5xl"}
        mx="auto"
      >
        {block.items.map((item) => (
          <Flex
            as="li"
            key={item.text}
            align="flex-start"
            gap="4"
            bg="bg.card"
            borderWidth="1px"
            borderColor="border.subtle"
            rounded="xl"
            p="5"
          >
            <Flex
              w="9"
              h="9"
              flexShrink={0}
              rounded="full"
              bg="accent.subtle"
              color="accent.fg"
              align="center"
              justify="center"
            >
              <Icon name={item.icon} size={18} />
            </Flex>
            <Flex as="span" minH="9" align="center" fontWeight="medium">
              {item.text}
            </Flex>
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
