import { useCallback, useEffect, useState } from "react";
import type { BranchAnswer, BranchChoice } from "../../protocol.ts";
import { editorHistoryLines } from "../../../contract/errors.ts";
import { type Refusal, api, catalogueLine, refusalOf } from "../api.ts";

/**
 * The developer's choice when the editor runs on a branch other than the base: asked once per branch and run (the
 * server keeps it), so a reload does not ask again. Outside git, or on the base, there is nothing to ask.
 */
export function useBranchChoice() {
  const [branch, setBranch] = useState<BranchAnswer | null>(null);
  const [outcome, setOutcome] = useState<Refusal | null>(null);
  const [refused, setRefused] = useState<Refusal | null>(null);

  useEffect(() => {
    let current = true;
    api.branch().then(
      (answer) => current && setBranch(answer),
      // No git here (or no answer): Get latest and publishing say why when they are used.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);

  const choose = useCallback(async (choice: BranchChoice) => {
    try {
      const answer = await api.chooseBranch(choice);
      setBranch(answer);
      setRefused(null);
      setOutcome(
        choice === "publish"
          ? catalogueLine(editorHistoryLines.publishChosen, { base: answer.base })
          : catalogueLine(editorHistoryLines.filesChosen),
      );
    } catch (error) {
      setRefused(refusalOf(error));
    }
  }, []);

  const ask = branch !== null && branch.branch !== null && !branch.onBase && branch.choice === null;
  return { branch, ask, choose, outcome, dismiss: useCallback(() => setOutcome(null), []), refused };
}
