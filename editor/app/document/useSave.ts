import { useCallback, useRef, useState } from "react";
import { asSentence } from "../../../contract/errors.ts";
import { ApiError, type Problem, api } from "../api.ts";
import type { Doc, Draft } from "./drafts.ts";

interface SaveOptions {
  file: string;
  value: Doc | null;
  saved: Draft | null;
  problems: Problem[];
  /** Whether `problems` were found in this very document. */
  isChecked: (doc: Doc) => boolean;
  markSaved: (value: Doc, version: string) => void;
  onSaved: () => void;
}

/**
 * Saving: refused at once on problems known in this document, else sent with the version it was made on. It reports
 * what happened in a status line, the problems the server refused it for, and a conflict when the file changed on disk.
 */
export function useSave({ file, value, saved, problems, isChecked, markSaved, onSaved }: SaveOptions) {
  // What the status line says, and the document a save's result was about: once it changes again, "Saved" is old news.
  // A line set from outside (an upload refused) is about no document and stays until the next one.
  const [said, setSaid] = useState<{ text: string; about?: Doc | null }>({ text: "" });
  const setStatus = useCallback((text: string) => setSaid({ text }), []);
  const [refused, setRefused] = useState<Problem[] | null>(null);
  const [conflict, setConflict] = useState(false);
  const conflictDialog = useRef<HTMLDialogElement>(null);

  const save = useCallback(
    async (force = false) => {
      if (!value || !saved) return;
      if (problems.length > 0 && isChecked(value)) {
        setRefused(problems);
        return;
      }
      // Said about the document saved, even if it changes while the request is out.
      const say = (text: string) => setSaid({ text, about: value });
      say("Saving…");
      try {
        const result = await api.save(file, value, saved.version, force);
        markSaved(value, result.version);
        setRefused(null);
        say(result.changed ? "Saved" : "No changes to save");
        onSaved();
      } catch (error) {
        say("");
        if (!(error instanceof ApiError)) throw error;
        if (error.status === 409) {
          setConflict(true);
          conflictDialog.current?.showModal();
        } else if (error.status === 422) setRefused(error.body.problems as Problem[]);
        else say(`${error.error.title}: ${asSentence(error.error.message)} ${error.error.hint}`);
      }
    },
    [value, saved, problems, isChecked, file, markSaved, onSaved],
  );

  return {
    save,
    status: said.about === undefined || said.about === value ? said.text : "",
    setStatus,
    refused,
    dismissRefused: useCallback(() => setRefused(null), []),
    conflict: { shown: conflict, dialog: conflictDialog, closed: useCallback(() => setConflict(false), []) },
  };
}
