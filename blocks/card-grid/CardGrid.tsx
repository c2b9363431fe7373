import { Box, Flex, Heading, SimpleGrid, Text } from "@chakra-ui/react";
import type { CardGridBlock } from "../../renderer/generated/schema-types.ts";
import { Icon } from "../../renderer/icons/Icon.tsx";
import { CtaButton } from "../../renderer/ui/CtaButton.tsx";
import { Section } from "../../renderer/ui/Section.tsx";
import { SmartLink } from "../../renderer/ui/SmartLink.tsx";

export default function CardGrid({ block }: { block: CardGridBlock }) {
  const columns = block.columns ?? 3;
  return (
    <Section id={block.id} eyebrow={block.eyebrow} heading={block.heading} text={block.text} tone="subtle">
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, lg: columns }} gap="6">
        {block.cards.map((card) => (
          <Box as="li" key={card.title} bg="bg.card" rounded="2xl" p="6" shadow="card" borderWidth="1px" borderColor="border.subtle" position="relative">
            {card.icon ? (
              <Flex w="12" h="12" rounded="xl" bg="brand.subtle" color="brand.fg" align="center" justify="center" mb="4">
                <Icon name={card.icon} />
              </Flex>
            ) : null}
            <Heading as="h3" fontSize="lg" fontWeight="semibold" mb="2">
              {card.href ? <SmartLink href={card.href}>{card.title}</SmartLink> : card.title}
            </Heading>
            {card.description ? <Text color="fg.muted">{card.description}</Text> : null}
          </Box>
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
