import { Alert, Box, Flex, Stack, Text } from "@chakra-ui/react";
import type { LeadWords } from "../../kit/api/lead-messages.ts";
import type { Benefit } from "../../contract/generated/schema-types.ts";
import { Icon } from "../../kit/icons/Icon.tsx";
import { SmartLink } from "../../kit/ui/SmartLink.tsx";
import type { SubmissionState } from "./useLeadSubmission.ts";

/** The benefit blurbs beside the form, their titles one level below the block's heading. */
export function Benefits({ benefits, headingLevel }: { benefits: Benefit[]; headingLevel: "h2" | "h3" }) {
  return (
    <Stack as="ul" gridArea="benefits" listStyleType="none" gap="6">
      {benefits.map((benefit) => (
        <Flex as="li" key={benefit.title} gap="4" align="flex-start">
          <Flex
            flexShrink="0"
            w="11"
            h="11"
            rounded="xl"
            bg="bg.card"
            color="brand.fg"
            shadow="card"
            align="center"
            justify="center"
          >
            <Icon name={benefit.icon} size={22} />
          </Flex>
          <Box>
            <Text as={headingLevel} fontWeight="semibold" fontSize="lg">
              {benefit.href ? <SmartLink href={benefit.href}>{benefit.title}</SmartLink> : benefit.title}
            </Text>
            {benefit.description ? <Text color="fg.muted">{benefit.description}</Text> : null}
          </Box>
        </Flex>
      ))}
    </Stack>
  );
}

/**
 * The outcome of a submission. Both live regions are always in the page, so that screen readers announce the
 * message when it appears: success politely (status), failure at once (alert).
 */
export function OutcomeBanners({ state, words }: { state: SubmissionState; words: LeadWords }) {
  return (
    <>
      <Box role="status">
        {state.status === "success" ? (
          <Alert.Root status="success" rounded="lg" role="presentation" mb="5">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title fontWeight="semibold">{words.success.title}</Alert.Title>
              <Alert.Description>{words.success.description}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
      </Box>
      <Box role="alert">
        {state.status === "error" ? (
          <Alert.Root status="error" rounded="lg" role="presentation" mb="5">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title fontWeight="semibold">{words.failure.title}</Alert.Title>
              <Alert.Description>{state.message}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
      </Box>
    </>
  );
}
