import { useEffect, useState } from "react";
import { Users } from "lucide-react";
import type { OthersDraftsAnswer } from "../../protocol.ts";
import { api } from "../api.ts";
import { when } from "./when.ts";
import "./others-drafts.css";

/**
 * Other people's unpublished drafts of the open page (the team editor): who, when, and which fields, so that two people
 * do not rewrite the same paragraph unknowingly. Says nothing when nobody else has one.
 */
export function OthersDrafts({ file }: { file: string }) {
  const [drafts, setDrafts] = useState<OthersDraftsAnswer["drafts"]>([]);
  useEffect(() => {
    let current = true;
    api.othersDrafts(file).then(
      (answer) => current && setDrafts(answer.drafts),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [file]);
  if (drafts.length === 0) return null;
  return (
    <div className="notice others-drafts" role="status">
      <Users size={16} aria-hidden />{" "}
      <span>
        <strong>Also changed by others, not yet published:</strong>
        <ul>
          {drafts.map((draft) => (
            <li key={draft.email}>
              {draft.name} ({draft.email}), saved {when(draft.at)}
              {draft.kind === "deleted"
                ? ": deleted the page"
                : draft.fields.length > 0
                  ? `: ${draft.fields.join("; ")}`
                  : ""}
            </li>
          ))}
        </ul>
      </span>
    </div>
  );
}
