import { Box, Container, Flex, Grid, Heading, Stack, Text } from "@chakra-ui/react";
import { Gift } from "lucide-react";
import type { HeroBlock } from "../../contract/generated/schema-types.ts";
import { Backdrop } from "../../kit/ui/Backdrop.tsx";
import { CtaButton } from "../../kit/ui/CtaButton.tsx";
import { Picture } from "../../kit/ui/Picture.tsx";
import { RotatingWords } from "./RotatingWords.tsx";

/** How the text sits: centred alone (no picture), in a column beside the picture, or light over it. */
type Layout = "centred" | "beside" | "behind";

function Copy({ block, layout }: { block: HeroBlock; layout: Layout }) {
  const beside = layout === "beside";
  const onDark = layout === "behind";
  return (
    <>
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
        fontSize={beside ? { base: "4xl", md: "6xl", lg: "5xl", xl: "6xl" } : { base: "4xl", md: "6xl" }}
        lineHeight="1.05"
        letterSpacing="-0.03em"
        fontWeight="extrabold"
      >
        {block.heading}
        {block.rotatingWords?.length ? (
          <>
            {" "}
            <RotatingWords words={block.rotatingWords} intervalMs={block.rotationIntervalMs} onDark={onDark} />
          </>
        ) : null}
      </Heading>
      {block.text ? (
        <Text
          mt="6"
          fontSize={{ base: "lg", md: "xl" }}
          color={onDark ? "fg.invertedMuted" : "fg.muted"}
          maxW="3xl"
          mx={beside ? { base: "auto", lg: "0" } : "auto"}
        >
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
        <Stack
          direction={{ base: "column", sm: "row" }}
          gap="3"
          justify={beside ? { base: "center", lg: "flex-start" } : "center"}
          mt={block.offer ? "8" : "10"}
        >
          {block.actions.map((action, index) => (
            // Two buttons may lead to the same page.
            <CtaButton key={index} cta={action} onDark={onDark} />
          ))}
        </Stack>
      ) : null}
    </>
  );
}

export default function Hero({ block }: { block: HeroBlock }) {
  const { image } = block;
  if (image && block.imagePlacement === "behind")
    return (
      <Box
        as="section"
        id={block.id}
        position="relative"
        overflow="hidden"
        display="flex"
        alignItems="center"
        minH={{ base: "36rem", lg: "40rem" }}
        bg="bg.inverted"
        color="fg.inverted"
        py={{ base: "16", md: "24" }}
        data-image-placement="behind"
      >
        <Backdrop image={image} />
        <Container position="relative" maxW="5xl" px={{ base: "4", md: "6" }} textAlign="center">
          <Copy block={block} layout="behind" />
        </Container>
      </Box>
    );
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
      {image ? (
        <Container maxW="7xl" px={{ base: "4", md: "6" }}>
          <Grid
            templateColumns={{ base: "minmax(0, 1fr)", lg: "minmax(0, 1fr) minmax(0, 1fr)" }}
            gap={{ base: "12", lg: "16" }}
            alignItems="center"
          >
            <Box textAlign={{ base: "center", lg: "start" }}>
              <Copy block={block} layout="beside" />
            </Box>
            {/* On phones under the buttons: the heading comes first, the picture illustrates it. */}
            <Box w="full" maxW={{ base: "2xl", lg: "none" }} mx="auto">
              <Picture
                image={image}
                display="block"
                w="full"
                h="auto"
                maxH="36rem"
                objectFit="cover"
                rounded="3xl"
                shadow="raised"
              />
            </Box>
          </Grid>
        </Container>
      ) : (
        <Container maxW="5xl" px={{ base: "4", md: "6" }} textAlign="center">
          <Copy block={block} layout="centred" />
        </Container>
      )}
    </Box>
  );
}
