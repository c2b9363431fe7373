import { Badge, Box, Flex, Heading, SimpleGrid, Text } from "@chakra-ui/react";
import type { ChannelsBlock } from "../../contract/generated/schema-types.ts";
import { ArrowRight } from "lucide-react";
import { DIRECTIONAL_ICON } from "../../kit/icons/directional.ts";
import { Icon } from "../../kit/icons/Icon.tsx";
import { Section } from "../../kit/ui/Section.tsx";
import { SmartLink } from "../../kit/ui/SmartLink.tsx";
import { TickList } from "../../kit/ui/TickList.tsx";
import { GRADIENT_TO_END, GRADIENT_TO_BOTTOM_END } from "../../kit/ui/gradients.ts";

export default function Channels({ block }: { block: ChannelsBlock }) {
  const count = block.channels.length;
  return (
    <Section id={block.id} eyebrow={block.eyebrow} heading={block.heading} text={block.text} tone={block.tone}>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: Math.min(count, 2), lg: count }} gap="6">
        {block.channels.map((channel) => (
          <Flex
            as="li"
            key={channel.title}
            direction="column"
            position="relative"
            overflow="hidden"
            bg="bg.card"
            rounded="2xl"
            borderWidth="1px"
            borderColor="border.subtle"
            shadow="card"
            p={{ base: "6", md: "8" }}
            transition="transform 0.2s ease, box-shadow 0.2s ease"
            _hover={{ transform: "translateY(-2px)", shadow: "raised" }}
          >
            <Box
              aria-hidden="true"
              position="absolute"
              insetX="0"
              top="0"
              h="1"
              {...GRADIENT_TO_END}
              gradientFrom="brand.solid"
              gradientTo="accent.solid"
            />
            <Flex align="center" justify="space-between" gap="3" mb="5">
              <Flex
                w="14"
                h="14"
                rounded="2xl"
                {...GRADIENT_TO_BOTTOM_END}
                gradientFrom="brand.solid"
                gradientTo="accent.600"
                color="fg.inverted"
                align="center"
                justify="center"
              >
                <Icon name={channel.icon} size={28} />
              </Flex>
              {channel.badge ? (
                <Badge rounded="full" px="3" py="1" bg="accent.subtle" color="accent.fg" fontWeight="semibold">
                  {channel.badge}
                </Badge>
              ) : null}
            </Flex>
            <Heading as="h3" fontSize="xl" fontWeight="bold">
              {channel.title}
            </Heading>
            <Text mt="2" color="fg.muted">
              {channel.description}
            </Text>
            {channel.points?.length ? <TickList items={channel.points} mt="5" /> : null}
            {channel.link ? (
              <Flex
                mt="auto"
                pt="6"
                fontWeight="semibold"
                color="brand.fg"
                css={{ "& a": { display: "inline-flex", alignItems: "center", gap: "0.375rem" } }}
                _hover={{ color: "brand.emphasis" }}
              >
                <SmartLink href={channel.link.href}>
                  {channel.link.label}
                  <ArrowRight size={16} aria-hidden="true" {...DIRECTIONAL_ICON} />
                </SmartLink>
              </Flex>
            ) : null}
          </Flex>
        ))}
      </SimpleGrid>
    </Section>
  );
}
