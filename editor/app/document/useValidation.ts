import { useCallback, useEffect, useRef, useState } from "react";
import { type Problem, api } from "../api.ts";
import { type Doc, same } from "./drafts.ts";

export const VALIDATE_DELAY_MS = 150;

/**
 * The problems the server's validator finds in `value`, asked for once the marketer pauses typing. `isChecked` tells
 * whether the problems shown were found in this very document (saving refuses on them at once only then).
 */
export function useValidation(file: string, value: Doc | null) {
  const [problems, setProblems] = useState<Problem[]>([]);
  const checked = useRef<Doc | null>(null);
  useEffect(() => {
    if (!value) return;
    let current = true;
    const timer = setTimeout(() => {
      api.validate(file, value).then(
        (result) => {
          // An answer about a document since changed would show problems the marketer already fixed.
          if (!current) return;
          checked.current = value;
          // The same problems keep the same list, so that the fields and the outline need not render again.
          setProblems((shown) => (same(shown, result.problems) ? shown : result.problems));
        },
        () => undefined,
      );
    }, VALIDATE_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [value, file]);
  const isChecked = useCallback((doc: Doc) => checked.current === doc, []);
  return { problems, isChecked };
}
