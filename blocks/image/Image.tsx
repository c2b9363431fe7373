import { Box, Text } from "@chakra-ui/react";
import type { ImageBlock } from "../../contract/generated/schema-types.ts";
import { Picture } from "../../kit/ui/Picture.tsx";
import { Section } from "../../kit/ui/Section.tsx";
import { SmartLink } from "../../kit/ui/SmartLink.tsx";

export default function Image({ block }: { block: ImageBlock }) {
  const inverted = block.tone === "inverted";
  const picture = (
    <Picture image={block.image} display="block" w="100%" h="auto" rounded="2xl" shadow={inverted ? "none" : "card"} />
  );
  return (
    <Section id={block.id} eyebrow={block.eyebrow} heading={block.heading} text={block.text} tone={block.tone}>
      <Box as="figure" m="0" mx="auto" maxW={block.width === "narrow" ? "3xl" : undefined}>
        {block.link ? <SmartLink href={block.link}>{picture}</SmartLink> : picture}
        {block.caption ? (
          <Text
            as="figcaption"
            mt="3"
            fontSize="sm"
            textAlign="center"
            color={inverted ? "fg.invertedMuted" : "fg.muted"}
          >
            {block.caption}
          </Text>
        ) : null}
      </Box>
    </Section>
  );
}
