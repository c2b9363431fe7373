import { Box, Flex, Grid, Heading, SimpleGrid, Text } from "@chakra-ui/react";
import type { StepsBlock } from "../../contract/generated/schema-types.ts";
import { Check } from "lucide-react";
import { Icon } from "../../kit/icons/Icon.tsx";
import { CtaButton } from "../../kit/ui/CtaButton.tsx";
import { Section } from "../../kit/ui/Section.tsx";
import { TickList } from "../../kit/ui/TickList.tsx";
import { GRADIENT_TO_BOTTOM_END } from "../../kit/ui/gradients.ts";

type Step = StepsBlock["steps"][number];

const numbered = (index: number) => String(index + 1).padStart(2, "0");

function StepText({ step, index }: { step: Step; index: number }) {
  return (
    <Box>
      <Flex align="center" gap="3" mb="3">
        <Text as="span" fontSize="sm" fontWeight="bold" color="brand.fg" letterSpacing="wider">
          STEP {numbered(index)}
        </Text>
        {step.timing ? (
          <Text
            as="span"
            fontSize="xs"
            fontWeight="semibold"
            color="accent.fg"
            bg="accent.subtle"
            rounded="full"
            px="2.5"
            py="0.5"
          >
            {step.timing}
          </Text>
        ) : null}
      </Flex>
      <Heading as="h3" fontSize={{ base: "xl", md: "2xl" }} fontWeight="bold" letterSpacing="-0.01em">
        {step.title}
      </Heading>
      <Text mt="3" color="fg.muted" fontSize={{ base: "md", md: "lg" }}>
        {step.description}
      </Text>
      {step.points?.length ? <TickList items={step.points} mt="4" /> : null}
    </Box>
  );
}

function Alternating({ steps }: { steps: Step[] }) {
  return (
    <Flex as="ol" listStyleType="none" direction="column" gap={{ base: "10", md: "16" }}>
      {steps.map((step, index) => (
        <Grid
          as="li"
          key={step.title}
          data-illustration={index % 2 === 0 ? "end" : "start"}
          templateColumns={{ base: "1fr", md: "1fr 1fr" }}
          gap={{ base: "6", md: "12" }}
          alignItems="center"
          // On phones the illustration is hidden, so a rule at the inline start keeps the steps reading as a sequence.
          borderStartWidth={{ base: "2px", md: "0" }}
          borderColor="brand.solid/20"
          ps={{ base: "5", md: "0" }}
        >
          <Box order={{ base: 1, md: index % 2 === 0 ? 1 : 2 }}>
            <StepText step={step} index={index} />
          </Box>
          <Flex
            aria-hidden="true"
            display={{ base: "none", md: "flex" }}
            order={{ base: 0, md: index % 2 === 0 ? 2 : 1 }}
            position="relative"
            overflow="hidden"
            h="60"
            rounded="3xl"
            align="center"
            justify="center"
            {...GRADIENT_TO_BOTTOM_END}
            gradientFrom="bg.card"
            gradientTo="accent.subtle"
            shadow="card"
            borderWidth="1px"
            borderColor="border.subtle"
          >
            <Text
              position="absolute"
              insetEnd="6"
              bottom="-4"
              fontSize={{ base: "7xl", md: "9xl" }}
              fontWeight="black"
              color="brand.solid"
              opacity={0.08}
              lineHeight="1"
            >
              {numbered(index)}
            </Text>
            <Flex
              w={{ base: "16", md: "24" }}
              h={{ base: "16", md: "24" }}
              rounded="3xl"
              bg="bg.card"
              shadow="raised"
              color="brand.fg"
              align="center"
              justify="center"
            >
              {step.icon ? (
                <Icon name={step.icon} size={40} />
              ) : (
                <Check size={40} aria-hidden="true" strokeWidth={1.75} />
              )}
            </Flex>
          </Flex>
        </Grid>
      ))}
    </Flex>
  );
}

function Columns({ steps }: { steps: Step[] }) {
  return (
    <SimpleGrid as="ol" listStyleType="none" columns={{ base: 1, md: 2, lg: steps.length }} gap="6">
      {steps.map((step, index) => (
        <Box
          as="li"
          key={step.title}
          position="relative"
          bg="bg.card"
          rounded="2xl"
          borderWidth="1px"
          borderColor="border.subtle"
          shadow="card"
          p="6"
        >
          <Flex align="center" justify="space-between" mb="5">
            <Flex
              w="12"
              h="12"
              rounded="full"
              bg="brand.solid"
              color="fg.inverted"
              align="center"
              justify="center"
              fontWeight="bold"
              fontSize="lg"
            >
              {index + 1}
            </Flex>
            {step.icon ? (
              <Box color="brand.fg" opacity={0.8}>
                <Icon name={step.icon} size={28} />
              </Box>
            ) : null}
          </Flex>
          {step.timing ? (
            <Text
              fontSize="xs"
              fontWeight="semibold"
              color="accent.fg"
              textTransform="uppercase"
              letterSpacing="wider"
              mb="1"
            >
              {step.timing}
            </Text>
          ) : null}
          <Heading as="h3" fontSize="lg" fontWeight="semibold">
            {step.title}
          </Heading>
          <Text mt="2" color="fg.muted">
            {step.description}
          </Text>
          {step.points?.length ? <TickList items={step.points} mt="4" /> : null}
        </Box>
      ))}
    </SimpleGrid>
  );
}

export default function Steps({ block }: { block: StepsBlock }) {
  return (
    <Section id={block.id} eyebrow={block.eyebrow} heading={block.heading} text={block.text} tone={block.tone}>
      {block.layout === "alternating" ? <Alternating steps={block.steps} /> : <Columns steps={block.steps} />}
      {block.action ? (
        <Flex justify="center" mt={{ base: "10", md: "14" }}>
          <CtaButton cta={block.action} />
        </Flex>
      ) : null}
    </Section>
  );
}
