import { useMemo, useRef, useState } from "react";
import { type LeadSubmission, LeadSubmissionError, createLeadClient } from "../../kit/api/lead-client.ts";
import type { LeadWords } from "../../kit/api/lead-messages.ts";
import { showToast } from "../../kit/ui/Toaster.tsx";

export type SubmissionState =
  { status: "idle" } | { status: "loading" } | { status: "success" } | { status: "error"; message: string };

/** The form's states: idle → loading → success | error, and back to idle on reset; its messages are in `words`. */
export function useLeadSubmission(baseUrl: string, words: LeadWords) {
  const client = useMemo(() => createLeadClient({ baseUrl }), [baseUrl]);
  const [state, setState] = useState<SubmissionState>({ status: "idle" });
  // A second submit event can arrive before React re-renders the disabled button (a double press of Enter).
  const inFlight = useRef(false);

  const submit = async (lead: LeadSubmission): Promise<boolean> => {
    if (inFlight.current) return false;
    inFlight.current = true;
    setState({ status: "loading" });
    try {
      await client.submit(lead);
      setState({ status: "success" });
      showToast({ ...words.success, type: "success" });
      return true;
    } catch (error) {
      const message = words.errors[error instanceof LeadSubmissionError ? error.kind : "unknown"];
      setState({ status: "error", message });
      showToast({ ...words.failure, type: "error" });
      return false;
    } finally {
      inFlight.current = false;
    }
  };

  const reset = () => setState((current) => (current.status === "loading" ? current : { status: "idle" }));

  return { state, submit, reset };
}
