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
