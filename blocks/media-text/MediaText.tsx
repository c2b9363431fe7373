import { Box, Grid, Heading, Stack, Text } from "@chakra-ui/react";
import type { MediaTextBlock } from "../../contract/generated/schema-types.ts";
import { CtaButton } from "../../kit/ui/CtaButton.tsx";
import { Picture } from "../../kit/ui/Picture.tsx";
import { Eyebrow, Section } from "../../kit/ui/Section.tsx";
import { TickList } from "../../kit/ui/TickList.tsx";

export default function MediaText({ block }: { block: MediaTextBlock }) {
  const inverted = block.tone === "inverted";
  return (
    <Section id={block.id} eyebrow={block.eyebrow} heading={block.heading} text={block.text} tone={block.tone}>
      <Stack gap={{ base: "16", lg: "24" }}>
        {block.rows.map((row, index) => {
          const imageLeft = (block.imageSide === "left") === (index % 2 === 0);
          return (
            <Grid
              key={`${row.heading}-${index}`}
              templateColumns={{ base: "minmax(0, 1fr)", lg: "minmax(0, 1fr) minmax(0, 1fr)" }}
              gap={{ base: "8", lg: "16" }}
              alignItems="center"
            >
              <Box order={{ base: 1, lg: imageLeft ? 1 : 0 }}>
                {row.eyebrow ? <Eyebrow inverted={inverted}>{row.eyebrow}</Eyebrow> : null}
                <Heading
                  as={block.heading ? "h3" : "h2"}
                  fontSize={{ base: "2xl", md: "3xl" }}
                  lineHeight="1.2"
                  fontWeight="bold"
                >
                  {row.heading}
                </Heading>
                {row.text ? (
                  <Text mt="4" fontSize={{ base: "md", md: "lg" }} color={inverted ? "fg.invertedMuted" : "fg.muted"}>
                    {row.text}
                  </Text>
                ) : null}
                {row.bullets?.length ? <TickList items={row.bullets} size={20} gap="3" mt="6" /> : null}
                {row.action ? (
                  <Box mt="8">
                    <CtaButton cta={row.action} size="md" />
                  </Box>
                ) : null}
              </Box>
              <Box order={{ base: 0, lg: imageLeft ? 0 : 1 }}>
                <Picture
                  image={row.image}
                  display="block"
                  w="100%"
                  h="auto"
                  aspectRatio="4 / 3"
                  objectFit="cover"
                  rounded="2xl"
                  shadow={inverted ? "none" : "card"}
                />
              </Box>
            </Grid>
          );
        })}
      </Stack>
    </Section>
  );
}
