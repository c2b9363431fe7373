import { useState } from "react";
import { Mail } from "lucide-react";
import type { NoticesAnswer, SignedInPerson } from "../../protocol.ts";
import { teamNoticeErrors } from "../../../contract/errors.ts";
import { type Refusal, api, catalogueLine, refusalOf } from "../api.ts";
import { CatalogueAlert, CatalogueWords } from "../CatalogueAlert.tsx";
import "./notice-menu.css";

type Choice = "reviewRequested" | "ownRequests";

/**
 * The signed-in person's e-mail notices, beside their name: a publisher's when a review is requested, and anyone's
 * who publishes when their request is merged or sent back. Read when opened, saved at each tick.
 */
export function NoticeMenu({ role }: { role: SignedInPerson["role"] }) {
  const [answer, setAnswer] = useState<NoticesAnswer>();
  const [refusal, setRefusal] = useState<Refusal>();
  // A viewer publishes nothing and reviews nothing: no notice is theirs.
  if (role === "viewer") return null;
  const choices: [Choice, string][] = [
    ...(role === "publisher" || role === "admin"
      ? [["reviewRequested", "E-mail me when a review is requested"] as [Choice, string]]
      : []),
    ["ownRequests", "E-mail me when my request is merged or sent back"],
  ];
  const answered = (next: Promise<NoticesAnswer>) =>
    void next.then(
      (value) => {
        setAnswer(value);
        setRefusal(undefined);
      },
      (error: unknown) => setRefusal(refusalOf(error)),
    );
  return (
    <details
      className="notice-menu"
      onToggle={(event) => {
        if (event.currentTarget.open && !answer) answered(api.notices());
      }}
    >
      <summary className="button button-ghost">
        <Mail size={16} aria-hidden /> E-mail notices
      </summary>
      <div className="notice-panel">
        {answer && (
          <fieldset>
            <legend>E-mail notices</legend>
            {choices.map(([choice, label]) => (
              <label key={choice} className="notice-choice">
                <input
                  type="checkbox"
                  checked={answer[choice]}
                  onChange={(event) => answered(api.setNotices({ [choice]: event.currentTarget.checked }))}
                />
                {label}
              </label>
            ))}
          </fieldset>
        )}
        {answer && !answer.sending && (
          <p className="muted notice-off">
            <CatalogueWords line={catalogueLine(teamNoticeErrors.offInEditor)} />
          </p>
        )}
        {refusal && <CatalogueAlert refusal={refusal} />}
      </div>
    </details>
  );
}
