import { Box, Container, Flex, Heading, Stack, Text } from "@chakra-ui/react";
import { Gift } from "lucide-react";
import type { HeroBlock } from "../../contract/generated/schema-types.ts";
import { CtaButton } from "../../kit/ui/CtaButton.tsx";
import { RotatingWords } from "./RotatingWords.tsx";

export default function Hero({ block }: { block: HeroBlock }) {
  return (
    <Box
      as="section"
      id={block.id}
      position="relative"
      overflow="hidden"
      bgGradient="to-b"
      gradientFrom="brand.subtle"
      gradientTo="bg.canvas"
      py={{ base: "16", md: "24" }}
    >
      <Container maxW="5xl" px={{ base: "4", md: "6" }} textAlign="center">
        {block.eyebrow ? (
          <Text
            as="p"
            display="inline-block"
            fontSize="sm"
            fontWeight="semibold"
            color="brand.fg"
            bg="bg.card"
            borderWidth="1px"
            borderColor="border.subtle"
            rounded="full"
            px="4"
            py="1"
            mb="6"
          >
            {block.eyebrow}
          </Text>
        ) : null}
        <Heading
          as="h1"
          fontSize={{ base: "4xl", md: "6xl" }}
          lineHeight="1.05"
          letterSpacing="-0.03em"
          fontWeight="extrabold"
        >
          {block.heading}
          {block.rotatingWords?.length ? (
            <>
              {" "}
              <RotatingWords words={block.rotatingWords} intervalMs={block.rotationIntervalMs} />
            </>
          ) : null}
        </Heading>
        {block.text ? (
          <Text mt="6" fontSize={{ base: "lg", md: "xl" }} color="fg.muted" maxW="3xl" mx="auto">
            {block.text}
          </Text>
        ) : null}
        {block.offer ? (
          <Flex
            as="p"
            display="inline-flex"
            align="center"
            gap="2"
            mt="6"
            px="4"
            py="2"
            rounded="full"
            bg="accent.subtle"
            color="accent.fg"
            fontWeight="semibold"
            fontSize={{ base: "sm", md: "md" }}
            textAlign="start"
          >
            <Gift size={18} aria-hidden="true" focusable="false" />
            {block.offer}
          </Flex>
        ) : null}
        {block.actions?.length ? (
          <Stack direction={{ base: "column", sm: "row" }} gap="3" justify="center" mt={block.offer ? "8" : "10"}>
            {block.actions.map((action, index) => (
              // Two buttons may lead to the same page.
              <CtaButton key={index} cta={action} />
            ))}
          </Stack>
        ) : null}
      </Container>
    </Box>
  );
}
