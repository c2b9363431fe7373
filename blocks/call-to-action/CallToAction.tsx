import { Box, Container, Heading, Stack, Text } from "@chakra-ui/react";
import type { CallToActionBlock } from "../../contract/generated/schema-types.ts";
import { useSiteData } from "../../kit/site-data.ts";
import { CtaButton } from "../../kit/ui/CtaButton.tsx";
import { GRADIENT_TO_BOTTOM_END } from "../../kit/ui/gradients.ts";

/** The closing call to action; fields the page leaves out come from site.json. */
export default function CallToAction({ block }: { block: CallToActionBlock }) {
  const defaults = useSiteData().site.callToAction;
  const heading = block.heading ?? defaults.heading;
  const text = block.text ?? defaults.text;
  const primary = block.primary ?? defaults.primary;
  const secondary = block.secondary ?? (block.primary ? undefined : defaults.secondary);
  return (
    <Box as="section" id={block.id} px={{ base: "4", md: "6" }} py={{ base: "14", md: "20" }} scrollMarginTop="80px">
      <Container
        maxW="6xl"
        bg="bg.inverted"
        color="fg.inverted"
        rounded="3xl"
        px={{ base: "6", md: "16" }}
        py={{ base: "12", md: "16" }}
        textAlign="center"
        {...GRADIENT_TO_BOTTOM_END}
        gradientFrom="navy.800"
        gradientTo="navy.950"
      >
        <Heading as="h2" fontSize={{ base: "3xl", md: "4xl" }} letterSpacing="-0.02em">
          {heading}
        </Heading>
        <Text mt="4" fontSize="lg" color="fg.invertedMuted" maxW="2xl" mx="auto">
          {text}
        </Text>
        <Stack direction={{ base: "column", sm: "row" }} gap="3" justify="center" mt="8">
          <CtaButton cta={primary} onDark />
          {secondary ? <CtaButton cta={{ ...secondary, variant: "secondary" }} onDark /> : null}
        </Stack>
      </Container>
    </Box>
  );
}
