import type { LeadFormWords } from "../../contract/generated/schema-types.ts";
import { leadFormErrors, leadFormToasts } from "../../contract/lead-form-messages.ts";

/** The ways a submission fails, each with its banner message (contract/lead-form-messages.ts). */
export type LeadErrorKind = keyof typeof leadFormErrors;

/** The banner's message for each kind of failure. */
export const leadErrorMessages = Object.fromEntries(
  Object.entries(leadFormErrors).map(([kind, { message }]) => [kind, message]),
) as { readonly [K in LeadErrorKind]: (typeof leadFormErrors)[K]["message"] };

/** The toasts after a submission, as the toaster takes them. */
export const leadToastMessages = {
  success: { title: leadFormToasts.success.title, description: leadFormToasts.success.message },
  failure: { title: leadFormToasts.failure.title, description: leadFormToasts.failure.message },
} as const;

/** A toast stays until it is dismissed or replaced by the next one. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

/** What the submit button reads while a submission is in flight. */
export const SUBMITTING_LABEL = "Submitting...";

/**
 * The lead form's words in the page's language: the spec's British English, with each message the locale writes in
 * its site.json (`chrome.leadForm`, docs/localisation.md) over it.
 */
export function leadWords(own?: LeadFormWords) {
  return {
    errors: { ...leadErrorMessages, ...own?.errors } as { readonly [K in LeadErrorKind]: string },
    success: {
      title: own?.success?.title ?? leadToastMessages.success.title,
      description: own?.success?.message ?? leadToastMessages.success.description,
    },
    failure: {
      title: own?.failure?.title ?? leadToastMessages.failure.title,
      description: own?.failure?.message ?? leadToastMessages.failure.description,
    },
    submitting: own?.submitting ?? SUBMITTING_LABEL,
  };
}

export type LeadWords = ReturnType<typeof leadWords>;
