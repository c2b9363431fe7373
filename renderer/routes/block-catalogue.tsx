import { Badge, Box, Container, Heading, Stack, Text } from "@chakra-ui/react";
import type { Block } from "../generated/schema-types.ts";
import { PageRenderer } from "../PageRenderer.tsx";

interface BlockSchemaFile {
  description?: string;
  properties: { type: { const: Block["type"] } };
  examples?: Block[];
}

// Bundled only by the dev server: renderer/routes.ts adds this route outside production builds.
const schemaFiles = import.meta.glob<BlockSchemaFile>("../../schemas/blocks/*.schema.json", {
  eager: true,
  import: "default",
});
const entries = Object.values(schemaFiles).sort((a, b) =>
  a.properties.type.const.localeCompare(b.properties.type.const),
);

export const meta = () => [{ title: "Block catalogue" }, { name: "robots", content: "noindex" }];

/** Every block type rendered from its schema's examples (the same examples the tests render), for designers and editors. */
export default function BlockCatalogue() {
  return (
    <Box>
      <Container maxW="7xl" px={{ base: "4", md: "6" }} py="12">
        <Heading as="h1" fontSize="4xl" letterSpacing="-0.02em">
          Block catalogue
        </Heading>
        <Text mt="3" color="fg.muted" maxW="3xl">
          {entries.length} block types, each rendered from the examples in its schema under schemas/blocks/. Field
          reference: docs/blocks.md.
        </Text>
        <Stack as="ul" direction="row" wrap="wrap" gap="2" mt="6" listStyleType="none">
          {entries.map((entry) => (
            <li key={entry.properties.type.const}>
              <Badge asChild variant="outline" rounded="full" px="3" py="1">
                <a href={`#block-${entry.properties.type.const}`}>{entry.properties.type.const}</a>
              </Badge>
            </li>
          ))}
        </Stack>
      </Container>
      {entries.map((entry) => {
        const type = entry.properties.type.const;
        return (
          <Box key={type} id={`block-${type}`} borderTopWidth="4px" borderColor="brand.solid" scrollMarginTop="72px">
            <Container maxW="7xl" px={{ base: "4", md: "6" }} py="6">
              <Heading as="h2" fontSize="2xl" fontFamily="mono">
                {type}
              </Heading>
              <Text color="fg.muted" mt="1">
                {entry.description}
              </Text>
            </Container>
            {(entry.examples ?? []).map((example, i) => (
              <Box key={i} borderTopWidth="1px" borderStyle="dashed" borderColor="border.subtle">
                <Container maxW="7xl" px={{ base: "4", md: "6" }} pt="2">
                  <Text fontSize="xs" color="fg.muted" fontFamily="mono">
                    example {i + 1}
                  </Text>
                </Container>
                <PageRenderer blocks={[example]} />
              </Box>
            ))}
          </Box>
        );
      })}
    </Box>
  );
}
