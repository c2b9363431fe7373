import { Box, Container, Heading, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { FadeIn } from "./FadeIn.tsx";

type Tone = "plain" | "subtle" | "inverted";

const tones: Record<Tone, { bg: string; color: string; muted: string }> = {
  plain: { bg: "bg.canvas", color: "fg.default", muted: "fg.muted" },
  subtle: { bg: "bg.subtle", color: "fg.default", muted: "fg.muted" },
  inverted: { bg: "bg.inverted", color: "fg.inverted", muted: "fg.invertedMuted" },
};

interface SectionProps {
  id?: string;
  tone?: Tone;
  eyebrow?: string;
  heading?: string;
  text?: string;
  /** Heading level: h1 for a page's opening block, h2 otherwise. */
  as?: "h1" | "h2";
  align?: "start" | "center";
  children?: ReactNode;
}

/** The short label above a heading. */
export function Eyebrow({ children, inverted = false }: { children: ReactNode; inverted?: boolean }) {
  return (
    <Text
      fontSize="sm"
      fontWeight="semibold"
      letterSpacing="wider"
      textTransform="uppercase"
      color={inverted ? "accent.300" : "brand.fg"}
      mb="3"
    >
      {children}
    </Text>
  );
}

/** The frame every block sits in: spacing, width, an anchor target and an optional eyebrow, heading and intro. */
export function Section({
  id,
  tone = "plain",
  eyebrow,
  heading,
  text,
  as = "h2",
  align = "center",
  children,
}: SectionProps) {
  const colors = tones[tone];
  return (
    <Box
      as="section"
      id={id}
      bg={colors.bg}
      color={colors.color}
      py={{ base: "14", md: "20" }}
      scrollMarginTop="80px"
      aria-labelledby={heading && id ? `${id}-heading` : undefined}
    >
      <Container maxW="7xl" px={{ base: "4", md: "6" }}>
        <FadeIn>
          {heading ? (
            <Box
              textAlign={align}
              maxW={align === "center" ? "3xl" : undefined}
              mx={align === "center" ? "auto" : undefined}
              mb={children ? { base: "10", md: "12" } : "0"}
            >
              {eyebrow ? <Eyebrow inverted={tone === "inverted"}>{eyebrow}</Eyebrow> : null}
              <Heading
                as={as}
                id={id ? `${id}-heading` : undefined}
                fontSize={{ base: "3xl", md: "4xl" }}
                lineHeight="1.15"
                letterSpacing="-0.02em"
                fontWeight="bold"
              >
                {heading}
              </Heading>
              {text ? (
                <Text mt="4" fontSize={{ base: "md", md: "lg" }} color={colors.muted}>
                  {text}
                </Text>
              ) : null}
            </Box>
          ) : null}
          {children}
        </FadeIn>
      </Container>
    </Box>
  );
}
