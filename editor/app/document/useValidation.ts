import { useCallback, useEffect, useRef, useState } from "react";
import { type Problem, api } from "../api.ts";
import { type Doc, same } from "./drafts.ts";

export const VALIDATE_DELAY_MS = 150;

/**
 * The problems the server's validator finds in `value`, asked for once the marketer pauses typing. `isChecked` tells
 * whether the problems shown were found in this very document (saving refuses on them at once only then).
 *
 * One question at a time: a site's validation takes seconds at 10,000 pages, and a question asked at each pause while
 * the last is being answered queued on the server behind the others (a minute of them after twenty keys), the save
 * behind them all. While one is answered, the document shown last waits, and is asked about once it is answered.
 */
export function useValidation(file: string, value: Doc | null) {
  const [problems, setProblems] = useState<Problem[]>([]);
  const checked = useRef<Doc | null>(null);
  const asking = useRef<Promise<void> | null>(null);
  useEffect(() => {
    if (!value) return;
    let current = true;
    const ask = () => {
      if (!current) return;
      if (asking.current) {
        void asking.current.then(ask);
        return;
      }
      const answered = api
        .validate(file, value)
        .then(
          (result) => {
            // An answer about a document since changed would show problems the marketer already fixed.
            if (!current) return;
            checked.current = value;
            // The same problems keep the same list, so that the fields and the outline need not render again.
            setProblems((shown) => (same(shown, result.problems) ? shown : result.problems));
          },
          () => undefined,
        )
        .finally(() => {
          if (asking.current === answered) asking.current = null;
        });
      asking.current = answered;
    };
    const timer = setTimeout(ask, VALIDATE_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [value, file]);
  const isChecked = useCallback((doc: Doc) => checked.current === doc, []);
  return { problems, isChecked };
}
