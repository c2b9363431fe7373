import { Box, Button, Grid, Heading, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useMemo, useRef } from "react";
import { HONEYPOT_FIELD } from "../../contract/lead-api.ts";
import { leadFromForm } from "../../kit/api/lead-client.ts";
import { leadWords } from "../../kit/api/lead-messages.ts";
import type { LeadFormBlock } from "../../contract/generated/schema-types.ts";
import { useSiteData } from "../../kit/site-data.ts";
import { Eyebrow, Section } from "../../kit/ui/Section.tsx";
import { wrappingButton } from "../../kit/ui/CtaButton.tsx";
import { SmartLink } from "../../kit/ui/SmartLink.tsx";
import { SiteToaster } from "../../kit/ui/Toaster.tsx";
import { Benefits, OutcomeBanners } from "./LeadFormParts.tsx";
import { LeadFields } from "./LeadFields.tsx";
import { useLeadSubmission } from "./useLeadSubmission.ts";

export default function LeadForm({ block }: { block: LeadFormBlock }) {
  const { leadApiUrl, site } = useSiteData();
  const own = site.chrome?.leadForm;
  const words = useMemo(() => leadWords(own), [own]);
  const { state, submit, reset } = useLeadSubmission(leadApiUrl, words);
  const formRef = useRef<HTMLFormElement>(null);
  const loading = state.status === "loading";
  const level = block.headingLevel;
  const privacy = block.privacy;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Read before the fields are disabled: a disabled field is left out of FormData.
    const values = Object.fromEntries(
      [...new FormData(event.currentTarget)].map(([key, value]) => [key, String(value)]),
    );
    if (await submit(leadFromForm(values))) formRef.current?.reset();
  };

  return (
    <Section id={block.id} tone="subtle">
      <SiteToaster />
      <Grid
        templateColumns={{ base: "minmax(0, 1fr)", lg: "minmax(0, 5fr) minmax(0, 7fr)" }}
        templateRows={{ lg: "auto 1fr" }}
        templateAreas={{ base: `"intro" "form" "benefits"`, lg: `"intro form" "benefits form"` }}
        columnGap="16"
        rowGap={{ base: "10", lg: "8" }}
      >
        <Box gridArea="intro" pt={{ lg: "6" }}>
          {block.eyebrow ? <Eyebrow>{block.eyebrow}</Eyebrow> : null}
          <Heading
            as={level}
            fontSize={{ base: "4xl", md: level === "h1" ? "5xl" : "4xl" }}
            lineHeight="1.1"
            letterSpacing="-0.03em"
            fontWeight="extrabold"
          >
            {block.heading}
          </Heading>
          {block.text ? (
            <Text mt="5" fontSize={{ base: "lg", md: "xl" }} color="fg.muted">
              {block.text}
            </Text>
          ) : null}
        </Box>

        {block.benefits?.length ? (
          <Benefits benefits={block.benefits} headingLevel={level === "h1" ? "h2" : "h3"} />
        ) : null}

        <Box
          gridArea="form"
          bg="bg.card"
          rounded="2xl"
          shadow="raised"
          borderWidth="1px"
          borderColor="border.subtle"
          p={{ base: "5", sm: "8", lg: "10" }}
        >
          <Heading
            as={level === "h1" ? "h2" : "h3"}
            fontSize={{ base: "2xl", md: "3xl" }}
            letterSpacing="-0.02em"
            fontWeight="bold"
          >
            {block.formHeading}
          </Heading>
          {block.formText ? (
            <Text mt="2" color="fg.muted">
              {block.formText}
            </Text>
          ) : null}
          <form
            ref={formRef}
            onSubmit={onSubmit}
            onInput={state.status === "success" || state.status === "error" ? reset : undefined}
            aria-label={block.formHeading}
          >
            <Stack gap="6" mt="8">
              <LeadFields labels={block.labels} placeholders={block.placeholders} disabled={loading} />
              {/* A trap for bots that fill in every field. Invisible and inert, so neither people nor autofill reach it;
                  the API keeps what fills it in quarantine for review. */}
              <Box
                aria-hidden="true"
                inert
                visibility="hidden"
                position="absolute"
                insetStart="-10000px"
                top="auto"
                w="1px"
                h="1px"
                overflow="hidden"
              >
                <label>
                  Leave this empty
                  <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
                </label>
              </Box>
              <Stack gap="0">
                <OutcomeBanners state={state} words={words} />
                <Button
                  type="submit"
                  size="xl"
                  w="full"
                  {...wrappingButton("xl")}
                  rounded="full"
                  fontWeight="semibold"
                  bg="brand.solid"
                  color="fg.inverted"
                  _hover={{ bg: "brand.emphasis" }}
                  loading={loading}
                  loadingText={words.submitting}
                >
                  {block.submitLabel}
                </Button>
                <Text mt="4" fontSize="sm" color="fg.muted" textAlign="center">
                  {privacy.text}{" "}
                  <Box
                    as="span"
                    color="brand.fg"
                    fontWeight="medium"
                    textDecoration="underline"
                    textUnderlineOffset="2px"
                  >
                    <SmartLink href={privacy.href}>{privacy.linkLabel}</SmartLink>
                  </Box>
                  .
                </Text>
              </Stack>
            </Stack>
          </form>
        </Box>
      </Grid>
    </Section>
  );
}
