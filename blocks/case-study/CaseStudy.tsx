import { Box, Flex, Grid, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { CaseStudyBlock, Stat } from "../../contract/generated/schema-types.ts";
import { Building2, type LucideIcon, Sparkles, Target } from "lucide-react";
import { Icon } from "../../kit/icons/Icon.tsx";
import { Picture } from "../../kit/ui/Picture.tsx";
import { Section } from "../../kit/ui/Section.tsx";
import { TickList } from "../../kit/ui/TickList.tsx";
import { formatNumber, useLocale } from "../../kit/locale.ts";
import { GRADIENT_TO_BOTTOM_END } from "../../kit/ui/gradients.ts";

function Figure({ stat }: { stat: Stat }) {
  const locale = useLocale();
  return (
    <Box as="li" textAlign={{ base: "start", md: "center" }}>
      <Text fontSize={{ base: "4xl", md: "5xl" }} fontWeight="extrabold" lineHeight="1" letterSpacing="-0.03em">
        {stat.prefix ? (
          <Text as="span" fontSize="xl" fontWeight="semibold" me="1">
            {stat.prefix.trim()}
          </Text>
        ) : null}
        {formatNumber(locale, stat.value, stat.decimals)}
        {stat.suffix}
      </Text>
      <Text mt="2" color="fg.invertedMuted">
        {stat.label}
      </Text>
    </Box>
  );
}

function Panel({ title, icon: Glyph, children }: { title: string; icon: LucideIcon; children: string }) {
  return (
    <Box
      bg="bg.card"
      rounded="2xl"
      borderWidth="1px"
      borderColor="border.subtle"
      shadow="card"
      p={{ base: "6", md: "7" }}
    >
      <Flex align="center" gap="3" mb="3">
        <Flex w="10" h="10" rounded="lg" bg="brand.subtle" color="brand.fg" align="center" justify="center">
          <Glyph size={20} aria-hidden="true" strokeWidth={1.75} />
        </Flex>
        <Heading as="h3" fontSize="lg" fontWeight="semibold">
          {title}
        </Heading>
      </Flex>
      <Text color="fg.muted">{children}</Text>
    </Box>
  );
}

export default function CaseStudy({ block }: { block: CaseStudyBlock }) {
  const story = (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
      <Panel title="The challenge" icon={Target}>
        {block.challenge}
      </Panel>
      <Panel title="The solution" icon={Sparkles}>
        {block.solution}
      </Panel>
    </SimpleGrid>
  );
  const capabilities = (
    <Box bg="brand.subtle" rounded="2xl" borderWidth="1px" borderColor="border.subtle" p={{ base: "6", md: "7" }}>
      <Heading as="h3" fontSize="lg" fontWeight="semibold" mb="4">
        Capabilities
      </Heading>
      <TickList items={block.capabilities} gap="3" />
    </Box>
  );
  return (
    <Section
      id={block.id}
      eyebrow={block.eyebrow}
      heading={block.heading}
      text={block.summary}
      tone={block.tone}
      align="start"
    >
      {block.client ? (
        <Flex align="center" gap="2" color="fg.muted" fontWeight="medium" mt={{ base: "-6", md: "-8" }} mb="8">
          {block.icon ? (
            <Icon name={block.icon} size={18} />
          ) : (
            <Building2 size={18} aria-hidden="true" strokeWidth={1.75} />
          )}
          <Text>{block.client}</Text>
        </Flex>
      ) : null}
      {block.image ? (
        <Grid templateColumns={{ base: "minmax(0, 1fr)", lg: "minmax(0, 5fr) minmax(0, 7fr)" }} gap="6">
          {/* As tall as the story beside it on wide screens (the picture covers its box); a 3:2 band above it on phones. */}
          <Box position="relative">
            <Picture
              image={block.image}
              display="block"
              position={{ base: "static", lg: "absolute" }}
              inset="0"
              w="full"
              h={{ base: "auto", lg: "full" }}
              aspectRatio={{ base: "3 / 2", lg: "auto" }}
              objectFit="cover"
              rounded="2xl"
              shadow="card"
            />
          </Box>
          <Stack gap="6">
            {story}
            {capabilities}
          </Stack>
        </Grid>
      ) : (
        <Grid templateColumns={{ base: "1fr", lg: "2fr 1fr" }} gap="6">
          {story}
          {capabilities}
        </Grid>
      )}
      <Box
        mt="6"
        rounded="2xl"
        color="fg.inverted"
        {...GRADIENT_TO_BOTTOM_END}
        gradientFrom="navy.800"
        gradientTo="navy.950"
        px={{ base: "6", md: "10" }}
        py={{ base: "7", md: "9" }}
      >
        <Heading
          as="h3"
          fontSize="sm"
          fontWeight="semibold"
          letterSpacing="wider"
          textTransform="uppercase"
          color="accent.300"
          mb="6"
          textAlign={{ base: "start", md: "center" }}
        >
          Impact
        </Heading>
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 3 }} gap={{ base: "6", md: "8" }}>
          {block.metrics.map((metric) => (
            <Figure key={metric.label} stat={metric} />
          ))}
        </SimpleGrid>
      </Box>
    </Section>
  );
}
