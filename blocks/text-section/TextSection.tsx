import { Box, List, Stack, Text } from "@chakra-ui/react";
import type { TextSectionBlock } from "../../contract/generated/schema-types.ts";
import { CtaButton } from "../../kit/ui/CtaButton.tsx";
import { Section } from "../../kit/ui/Section.tsx";

export default function TextSection({ block }: { block: TextSectionBlock }) {
  return (
    <Section id={block.id} eyebrow={block.eyebrow} heading={block.heading} align="start">
      <Stack gap="4" maxW="3xl" fontSize="lg" color="fg.muted">
        {block.paragraphs?.map((paragraph, i) => (
          <Text key={i}>{paragraph}</Text>
        ))}
        {block.bullets?.length ? (
          <List.Root ps="5" gap="2">
            {block.bullets.map((bullet, i) => (
              <List.Item key={i}>{bullet}</List.Item>
            ))}
          </List.Root>
        ) : null}
        {block.action ? (
          <Box pt="2">
            <CtaButton cta={block.action} size="md" />
          </Box>
        ) : null}
      </Stack>
    </Section>
  );
}
