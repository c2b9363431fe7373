import { Box, Flex } from "@chakra-ui/react";
import type { LogoWallBlock } from "../../contract/generated/schema-types.ts";
import { Picture } from "../../kit/ui/Picture.tsx";
import { Section } from "../../kit/ui/Section.tsx";
import { SmartLink } from "../../kit/ui/SmartLink.tsx";

export default function LogoWall({ block }: { block: LogoWallBlock }) {
  const grey = block.greyscale
    ? {
        filter: "grayscale(1)",
        opacity: 0.75,
        transition: "filter 0.2s, opacity 0.2s",
        _hover: { filter: "none", opacity: 1 },
        _motionReduce: { transition: "none" },
      }
    : {};
  return (
    <Section id={block.id} eyebrow={block.eyebrow} heading={block.heading} text={block.text} tone={block.tone}>
      <Flex
        as="ul"
        listStyleType="none"
        m="0"
        p="0"
        wrap="wrap"
        justify="center"
        align="center"
        columnGap={{ base: "8", md: "12" }}
        rowGap="8"
      >
        {block.logos.map((logo, index) => {
          const picture = (
            <Picture
              image={logo.image}
              display="block"
              // On a phone, logos at seven tenths of their height sit two or three to a row rather than one.
              h={{ base: `${Math.round(block.height * 0.7)}px`, md: `${block.height}px` }}
              w="auto"
              maxW="100%"
              {...grey}
            />
          );
          return (
            <Box as="li" key={`${logo.image.src}-${index}`} maxW="100%">
              {logo.href ? <SmartLink href={logo.href}>{picture}</SmartLink> : picture}
            </Box>
          );
        })}
      </Flex>
    </Section>
  );
}
