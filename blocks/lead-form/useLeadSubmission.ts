import { useMemo, useRef, useState } from "react";
import { type LeadSubmission, LeadSubmissionError, createLeadClient } from "../../kit/api/lead-client.ts";
import { leadErrorMessages, leadToastMessages } from "../../kit/api/lead-messages.ts";
import { showToast } from "../../kit/ui/Toaster.tsx";

export type SubmissionState =
  { status: "idle" } | { status: "loading" } | { status: "success" } | { status: "error"; message: string };

/** The form's states: idle → loading → success | error, and back to idle on reset. */
export function useLeadSubmission(baseUrl: string) {
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
      showToast({ ...leadToastMessages.success, type: "success" });
      return true;
    } catch (error) {
      const message = error instanceof LeadSubmissionError ? error.message : leadErrorMessages.unknown;
      setState({ status: "error", message });
      showToast({ ...leadToastMessages.failure, type: "error" });
      return false;
    } finally {
      inFlight.current = false;
    }
  };

  const reset = () => setState((current) => (current.status === "loading" ? current : { status: "idle" }));

  return { state, submit, reset };
}
