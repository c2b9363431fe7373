import { useCallback, useState } from "react";
import type { MergeChoices, MergeConflict } from "../../protocol.ts";
import { asSentence, editorErrors } from "../../../contract/errors.ts";
import { ApiError, type Problem, api } from "../api.ts";
import type { Doc } from "./drafts.ts";
import type { Saved } from "./useOpenedDocument.ts";

interface SaveOptions {
  file: string;
  value: Doc | null;
  saved: Saved | null;
  problems: Problem[];
  /** Whether `problems` were found in this very document. */
  isChecked: (doc: Doc) => boolean;
  markSaved: (value: Doc, version: string) => void;
  /** The file now holds `merged`: what was sent, merged with changes saved meanwhile. */
  adopt: (sent: Doc, merged: Doc, version: string) => void;
  onSaved: () => void;
}

/**
 * Saving: refused at once on problems known in this document, else sent with the version it was made on and what that
 * version held, so that the server merges it with changes saved meanwhile. It reports what happened in a status line,
 * the problems the server refused it for, and the fields both changed, for the person to choose which value to keep.
 */
export function useSave({ file, value, saved, problems, isChecked, markSaved, adopt, onSaved }: SaveOptions) {
  // What the status line says, and the document a save's result was about: once it changes again, "Saved" is old news.
  // A line set from outside (an upload refused) is about no document and stays until the next one.
  const [said, setSaid] = useState<{ text: string; about?: Doc | null }>({ text: "" });
  const setStatus = useCallback((text: string) => setSaid({ text }), []);
  const [refused, setRefused] = useState<Problem[] | null>(null);
  const [conflicts, setConflicts] = useState<MergeConflict[] | null>(null);

  const save = useCallback(
    async (choices?: MergeChoices) => {
      if (!value || !saved) return;
      if (problems.length > 0 && isChecked(value)) {
        setRefused(problems);
        return;
      }
      // Said about the document saved, even if it changes while the request is out.
      const say = (text: string, about: Doc = value) => setSaid({ text, about });
      say("Saving…");
      try {
        const base = saved.baseUnknown ? undefined : saved.value;
        const result = await api.save(file, value, saved.version, base, choices);
        setRefused(null);
        setConflicts(null);
        if (result.merged) {
          adopt(value, result.merged, result.version);
          say(editorErrors.merged.message, result.merged);
        } else {
          markSaved(value, result.version);
          say(result.changed ? "Saved" : "No changes to save");
        }
        onSaved();
      } catch (error) {
        say("");
        if (!(error instanceof ApiError)) throw error;
        if (error.status === 409 && Array.isArray(error.body.conflicts))
          setConflicts(error.body.conflicts as MergeConflict[]);
        else if (error.status === 422) setRefused(error.body.problems as Problem[]);
        else say(`${error.error.title}: ${asSentence(error.error.message)} ${error.error.hint}`);
      }
    },
    [value, saved, problems, isChecked, file, markSaved, adopt, onSaved],
  );

  return {
    save,
    status: said.about === undefined || said.about === value ? said.text : "",
    setStatus,
    refused,
    dismissRefused: useCallback(() => setRefused(null), []),
    /** The fields both changed, while the person is asked which value of each to keep. */
    conflicts,
    dismissConflicts: useCallback(() => setConflicts(null), []),
  };
}
