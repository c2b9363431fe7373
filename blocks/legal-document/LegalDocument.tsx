import { Box, Container, Grid, Heading, Stack, Table, Text, chakra } from "@chakra-ui/react";
import { useId } from "react";
import type { LegalDocumentBlock, LegalSection, LegalTable } from "../../contract/generated/schema-types.ts";
import { useSiteData } from "../../kit/site-data.ts";
import { SmartLink } from "../../kit/ui/SmartLink.tsx";
import { formatDate, useLocale } from "../../kit/locale.ts";

const Link = chakra(SmartLink);

function DataTable({ table }: { table: LegalTable }) {
  const captionId = useId();
  return (
    // On a narrow screen the table scrolls sideways: the scroll area takes keyboard focus so it scrolls without a
    // pointer, and is a region named by the caption so screen readers announce what that focus stop is.
    <Box
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      overflowX="auto"
      mt="5"
      borderWidth="1px"
      borderColor="border.subtle"
      rounded="xl"
      _focusVisible={{ outline: "2px solid", outlineColor: "focus.ring", outlineOffset: "2px" }}
    >
      <Table.Root size="md" variant="line" bg="bg.card">
        <Table.Caption
          id={captionId}
          captionSide="top"
          textAlign="start"
          px="4"
          py="3"
          fontWeight="semibold"
          color="fg.default"
          bg="bg.subtle"
          mt="0"
        >
          {table.caption}
        </Table.Caption>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            {table.columns.map((column) => (
              <Table.ColumnHeader key={column} scope="col" fontWeight="semibold" color="fg.default">
                {column}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {table.rows.map(([first, ...rest]) => (
            <Table.Row key={first}>
              <Table.Cell
                as="th"
                scope="row"
                fontWeight="semibold"
                fontFamily={/^[a-z_]+$/.test(first) ? "mono" : undefined}
              >
                {first}
              </Table.Cell>
              {rest.map((cell, i) => (
                <Table.Cell key={table.columns[i + 1] ?? i}>{cell}</Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function ContactDetails() {
  const { contact, brand } = useSiteData().site;
  const tel = `tel:${contact.phone.replace(/[^\d+]/g, "")}`;
  return (
    <Box as="address" fontStyle="normal" mt="5" p="5" bg="bg.subtle" rounded="xl">
      <Text fontWeight="semibold">{brand.name} Ltd</Text>
      <Text>{contact.address}</Text>
      <Text>
        Phone:{" "}
        <Link href={tel} color="brand.fg" textDecoration="underline">
          {contact.phone}
        </Link>
      </Text>
      <Text>
        E-mail:{" "}
        <Link href={`mailto:${contact.email}`} color="brand.fg" textDecoration="underline">
          {contact.email}
        </Link>
      </Text>
      <Text>Company number: {contact.companyNumber}</Text>
    </Box>
  );
}

function Section({ section, number, anchor }: { section: LegalSection; number: number; anchor: string }) {
  return (
    <Box as="section" id={anchor} aria-labelledby={`${anchor}-heading`} scrollMarginTop="96px">
      <Heading
        as="h2"
        id={`${anchor}-heading`}
        fontSize={{ base: "xl", md: "2xl" }}
        fontWeight="bold"
        letterSpacing="-0.01em"
        mb="4"
      >
        <Box as="span" color="brand.fg" mr="1">
          {number}.
        </Box>{" "}
        {section.heading}
      </Heading>
      <Stack gap="4" color="fg.muted" lineHeight="1.75">
        {section.paragraphs?.map((paragraph) => (
          <Text key={paragraph}>{paragraph}</Text>
        ))}
        {section.bullets?.length ? (
          <chakra.ul ps="6" listStyleType="disc" display="grid" gap="2">
            {section.bullets.map((bullet) => (
              <li key={bullet}>{bullet}</li>
            ))}
          </chakra.ul>
        ) : null}
      </Stack>
      {section.table ? <DataTable table={section.table} /> : null}
      {section.after?.length ? (
        <Stack gap="4" mt="5" color="fg.muted" lineHeight="1.75">
          {section.after.map((paragraph) => (
            <Text key={paragraph}>{paragraph}</Text>
          ))}
        </Stack>
      ) : null}
      {section.showContactDetails ? <ContactDetails /> : null}
    </Box>
  );
}

/** A policy with numbered sections, a contents list and the date it last changed (from the document, not today's). */
export default function LegalDocument({ block }: { block: LegalDocumentBlock }) {
  const locale = useLocale();
  const prefix = block.id ?? "section";
  const anchors = block.sections.map((_, i) => `${prefix}-${i + 1}`);
  return (
    <Box as="article" id={block.id} data-block="legal-document">
      <Box
        bgGradient="to-b"
        gradientFrom="brand.subtle"
        gradientTo="bg.canvas"
        pt={{ base: "14", md: "20" }}
        pb={{ base: "8", md: "12" }}
      >
        <Container maxW="6xl" px={{ base: "4", md: "6" }}>
          <Heading as="h1" fontSize={{ base: "4xl", md: "5xl" }} letterSpacing="-0.03em" fontWeight="extrabold">
            {block.heading}
          </Heading>
          <Text mt="4" color="fg.muted" fontWeight="medium">
            Last updated: <time dateTime={block.lastUpdated}>{formatDate(locale, block.lastUpdated)}</time>
          </Text>
          {block.intro ? (
            <Text mt="6" fontSize={{ base: "md", md: "lg" }} color="fg.muted" maxW="3xl" lineHeight="1.7">
              {block.intro}
            </Text>
          ) : null}
        </Container>
      </Box>
      <Container maxW="6xl" px={{ base: "4", md: "6" }} pb={{ base: "8", md: "12" }}>
        <Grid
          templateColumns={{ base: "minmax(0, 1fr)", lg: "16rem minmax(0, 1fr)" }}
          gap={{ base: "8", lg: "16" }}
          alignItems="start"
        >
          <Box
            as="nav"
            aria-label={block.contentsLabel}
            position={{ base: "static", lg: "sticky" }}
            top="96px"
            maxH={{ lg: "calc(100vh - 120px)" }}
            overflowY={{ lg: "auto" }}
            bg="bg.card"
            borderWidth="1px"
            borderColor="border.subtle"
            rounded="xl"
            p="5"
          >
            <Text
              fontSize="xs"
              fontWeight="bold"
              letterSpacing="wider"
              textTransform="uppercase"
              color="fg.muted"
              mb="3"
            >
              {block.contentsLabel}
            </Text>
            <chakra.ol listStyleType="none" display="grid" gap="1.5" fontSize="sm">
              {block.sections.map((section, i) => (
                <li key={anchors[i]}>
                  <Link href={`#${anchors[i]}`} color="fg.muted" _hover={{ color: "brand.fg" }} display="flex" gap="2">
                    <Box as="span" color="brand.fg" minW="6" flexShrink={0} fontVariantNumeric="tabular-nums">
                      {i + 1}.
                    </Box>{" "}
                    {section.heading}
                  </Link>
                </li>
              ))}
            </chakra.ol>
          </Box>
          <Stack gap={{ base: "10", md: "12" }} maxW="3xl">
            {block.sections.map((section, i) => (
              <Section key={anchors[i]} section={section} number={i + 1} anchor={anchors[i]} />
            ))}
          </Stack>
        </Grid>
      </Container>
    </Box>
  );
}
