/**
 * The lead form's messages to the visitor: the code and exact text of each. The form's bundle includes this module, so
 * it imports nothing and holds only what the browser shows; contract/errors/lead.ts adds each entry's title and hint
 * (what to check when it appears) for the catalogue and its docs. The exact wording is part of the product: change
 * it here and nowhere else.
 */

/** The banner's message for each way a submission fails. */
export const leadFormErrors = {
  network: {
    code: "FORM001",
    message: "Unable to connect to our servers. Please check your internet connection and try again.",
  },
  tokenFailed: {
    code: "FORM002",
    message: "We're experiencing technical difficulties. Please try again in a few moments.",
  },
  leadNotCreated: {
    code: "FORM003",
    message: "We couldn't process your request at this time. Please try again or contact us directly.",
  },
  sessionExpired: { code: "FORM004", message: "Session expired. Please refresh the page and try again." },
  badRequest: { code: "FORM005", message: "Please check your information and try again." },
  server: { code: "FORM006", message: "Our servers are experiencing issues. Please try again in a few moments." },
  unknown: {
    code: "FORM007",
    message: "We're having trouble submitting your request. Please try again or contact us directly.",
  },
  noToken: { code: "FORM008", message: "Failed to obtain valid authentication token." },
} as const;

/** The toasts after a submission: the entry's title and message are the toast's title and description. */
export const leadFormToasts = {
  success: {
    code: "FORM009",
    title: "Request Submitted Successfully!",
    message: "We'll contact you within 24 hours to start building your free pilot AI agent.",
  },
  failure: { code: "FORM010", title: "Submission Failed", message: "Please try again or contact us directly." },
} as const;
