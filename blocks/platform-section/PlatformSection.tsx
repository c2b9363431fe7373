import { Box, Flex, Grid, Heading, Text } from "@chakra-ui/react";
import type { ComponentType } from "react";
import type { PlatformSectionBlock } from "../../contract/generated/schema-types.ts";
import { CtaButton } from "../../kit/ui/CtaButton.tsx";
import { Eyebrow, Section } from "../../kit/ui/Section.tsx";
import { DataScreen } from "./screens/Data.tsx";
import { DeploymentScreen } from "./screens/Deployment.tsx";
import { ManagedScreen } from "./screens/Managed.tsx";
import { OrchestrationScreen } from "./screens/Orchestration.tsx";
import { TickList } from "../../kit/ui/TickList.tsx";
import { GRADIENT_TO_BOTTOM_END } from "../../kit/ui/gradients.ts";

const screens: Record<PlatformSectionBlock["screen"], { title: string; Screen: ComponentType }> = {
  orchestration: { title: "Orchestration", Screen: OrchestrationScreen },
  data: { title: "Integrations", Screen: DataScreen },
  deployment: { title: "Deployments", Screen: DeploymentScreen },
  managed: { title: "Performance report", Screen: ManagedScreen },
};

/** A product window drawn in HTML: crisp at any size, themed, and no image to download. */
function ProductWindow({ screen, label }: { screen: PlatformSectionBlock["screen"]; label: string }) {
  const { title, Screen } = screens[screen];
  return (
    <Box role="img" aria-label={label} position="relative" minW="0">
      <Box
        aria-hidden="true"
        position="absolute"
        inset={{ base: "-2", md: "-4" }}
        rounded="3xl"
        {...GRADIENT_TO_BOTTOM_END}
        gradientFrom="brand.subtle"
        gradientTo="accent.subtle"
        transform="rotate(-2deg)"
      />
      <Box
        position="relative"
        bg="bg.subtle"
        rounded="2xl"
        borderWidth="1px"
        borderColor="border.subtle"
        shadow="raised"
        overflow="hidden"
      >
        <Flex align="center" gap="1.5" px="4" py="2.5" bg="bg.card" borderBottomWidth="1px" borderColor="border.subtle">
          {[0, 1, 2].map((dot) => (
            <Box key={dot} w="2.5" h="2.5" rounded="full" bg="border.subtle" />
          ))}
          <Text ms="3" fontSize="xs" fontWeight="semibold" color="fg.muted" truncate>
            Voxa console · {title}
          </Text>
        </Flex>
        <Box p={{ base: "3", md: "4" }}>
          <Screen />
        </Box>
      </Box>
    </Box>
  );
}

export default function PlatformSection({ block }: { block: PlatformSectionBlock }) {
  const imageLeft = block.imageSide === "left";
  return (
    <Section id={block.id} tone={block.tone}>
      <Grid
        templateColumns={{ base: "minmax(0, 1fr)", lg: "minmax(0, 1fr) minmax(0, 1fr)" }}
        gap={{ base: "12", lg: "16" }}
        alignItems="center"
      >
        <Box order={{ base: 0, lg: imageLeft ? 1 : 0 }}>
          {block.eyebrow ? <Eyebrow>{block.eyebrow}</Eyebrow> : null}
          <Heading
            as="h2"
            id={block.id ? `${block.id}-heading` : undefined}
            fontSize={{ base: "3xl", md: "4xl" }}
            lineHeight="1.15"
            letterSpacing="-0.02em"
            fontWeight="bold"
          >
            {block.heading}
          </Heading>
          {block.text ? (
            <Text mt="4" fontSize={{ base: "md", md: "lg" }} color="fg.muted">
              {block.text}
            </Text>
          ) : null}
          {block.bullets?.length ? <TickList items={block.bullets} size={20} gap="3" mt="6" /> : null}
          {block.action ? (
            <Box mt="8">
              <CtaButton cta={block.action} size="md" />
            </Box>
          ) : null}
        </Box>
        <Box order={{ base: 1, lg: imageLeft ? 0 : 1 }} px={{ base: "3", md: "4" }}>
          <ProductWindow screen={block.screen} label={block.screenLabel} />
        </Box>
      </Grid>
    </Section>
  );
}
