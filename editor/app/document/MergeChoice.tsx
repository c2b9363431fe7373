import { type FormEvent, useEffect, useRef, useState } from "react";
import type { FileConflicts, MergeChoices } from "../../protocol.ts";
import type { BlockMeta } from "../../block-meta.ts";
import type { Refusal } from "../api.ts";
import { valueWords } from "./valueWords.ts";
import "./merge-choice.css";

interface Props {
  /** What happened and what to do, in the catalogue's words. */
  words: Refusal;
  /** The conflicts, file by file (a save's are of one file, whose name is then not shown). */
  files: FileConflicts[];
  metas: Map<string, BlockMeta>;
  /** The button that goes on with the choices: "Save with these choices". */
  action: string;
  onChosen: (choices: Record<string, MergeChoices>) => void;
  onCancel: () => void;
}

const SIDES = [
  { side: "mine", label: "Yours" },
  { side: "theirs", label: "Theirs" },
] as const;

/**
 * Asks which value to keep of each field both the person and someone else changed: the two values side by side, in
 * words, under the field's name; nothing goes on until every field has a choice.
 */
export function MergeChoice({ words, files, metas, action, onChosen, onCancel }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [choices, setChoices] = useState<Record<string, MergeChoices>>({});
  useEffect(() => {
    // The dialog leaves the page once answered or put off: the focus goes back where it was, as a closed dialog's does.
    const before = document.activeElement;
    if (!dialog.current?.open) dialog.current?.showModal();
    return () => {
      if (before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, []);
  const count = files.reduce((sum, { conflicts }) => sum + conflicts.length, 0);
  const chosen = Object.values(choices).reduce((sum, sides) => sum + Object.keys(sides).length, 0);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen === count) onChosen(choices);
  };
  const choose = (file: string, path: string, side: "theirs" | "mine") =>
    setChoices((earlier) => ({ ...earlier, [file]: { ...earlier[file], [path]: side } }));

  return (
    <dialog
      ref={dialog}
      className="merge-choice"
      aria-labelledby="merge-choice-title"
      aria-describedby="merge-choice-message"
      onCancel={onCancel}
    >
      <form onSubmit={submit}>
        <h2 id="merge-choice-title">{words.title}</h2>
        <p id="merge-choice-message">{words.message}</p>
        <p className="muted">{words.hint}</p>
        {files.map(({ file, conflicts }) => (
          <section key={file} className="merge-file" aria-label={files.length > 1 ? file : undefined}>
            {files.length > 1 && <h3 className="merge-file-name">{file}</h3>}
            {conflicts.map((conflict, n) => (
              <fieldset key={conflict.path} className="merge-field">
                <legend>{conflict.field}</legend>
                {conflict.base !== undefined && (
                  <p className="merge-before">Before: {valueWords(conflict.base, metas)}</p>
                )}
                <div className="merge-sides">
                  {SIDES.map(({ side, label }) => {
                    const id = `merge-${file}-${n}-${side}`.replace(/[^\w-]/g, "-");
                    return (
                      <label key={side} className="merge-side">
                        <span className="merge-side-head">
                          <input
                            type="radio"
                            name={`merge-${file}-${n}`}
                            value={side}
                            checked={choices[file]?.[conflict.path] === side}
                            onChange={() => choose(file, conflict.path, side)}
                            aria-label={`Keep ${label.toLowerCase()}`}
                            aria-describedby={`${id}-value`}
                          />
                          {label}
                        </span>
                        <span id={`${id}-value`} className="merge-value">
                          {valueWords(conflict[side], metas)}
                        </span>
                      </label>
                    );
                  })}
                </div>
              </fieldset>
            ))}
          </section>
        ))}
        <div className="dialog-actions">
          <span className="muted merge-count" aria-live="polite">
            {chosen} of {count} chosen
          </span>
          <button type="button" className="button" onClick={onCancel}>
            Not now
          </button>
          <button type="submit" className="button button-primary" disabled={chosen < count}>
            {action}
          </button>
        </div>
      </form>
    </dialog>
  );
}
