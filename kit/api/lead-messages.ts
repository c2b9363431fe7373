/**
 * Every message the lead form shows, verbatim from the product specification's error catalogue and toasts. The exact wording is
 * part of the product: change it here and nowhere else.
 */
export const leadErrorMessages = {
  /** The request never reached a server: offline, DNS, CORS, connection reset. */
  network: "Unable to connect to our servers. Please check your internet connection and try again.",
  /** The token call answered with an error status. */
  tokenFailed: "We're experiencing technical difficulties. Please try again in a few moments.",
  /** The lead call answered 2xx but says the lead was not created (`success: false`). */
  leadNotCreated: "We couldn't process your request at this time. Please try again or contact us directly.",
  /** 401 again after one fresh token and one retry. */
  sessionExpired: "Session expired. Please refresh the page and try again.",
  /** 400, and 413 (the information sent is too large to accept). */
  badRequest: "Please check your information and try again.",
  /** 500 and above, and 429 (the server asks us to come back later, like a 503). */
  server: "Our servers are experiencing issues. Please try again in a few moments.",
  /** Any other failure. */
  unknown: "We're having trouble submitting your request. Please try again or contact us directly.",
  /** The token call answered 2xx without a usable token (missing, or already expired). */
  noToken: "Failed to obtain valid authentication token.",
} as const;

export type LeadErrorKind = keyof typeof leadErrorMessages;

export const leadToastMessages = {
  success: {
    title: "Request Submitted Successfully!",
    description: "We'll contact you within 24 hours to start building your free pilot AI agent.",
  },
  failure: { title: "Submission Failed", description: "Please try again or contact us directly." },
} as const;

/** A toast stays until it is dismissed or replaced by the next one. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

/** What the submit button reads while a submission is in flight. */
export const SUBMITTING_LABEL = "Submitting...";
