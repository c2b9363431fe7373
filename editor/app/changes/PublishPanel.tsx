import { useRef, useState } from "react";
import { ExternalLink, Send } from "lucide-react";
import type { PublishAnswer } from "../../protocol.ts";
import { asSentence, editorPublishLines, messageOf } from "../../../contract/errors.ts";
import { type ApiError, type Refusal, api, asApiError, refusalOf } from "../api.ts";
import { focusAfterRender } from "../focus.ts";
import { CatalogueAlert } from "../CatalogueAlert.tsx";
import { IdentityDialog } from "./IdentityDialog.tsx";
import { openRequestLabel, requestName } from "./requests.ts";
import "../fields.css";
import "./changes.css";

/** A link to GitHub or GitLab, in a new tab (said to screen readers too). */
function OutLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noreferrer">
      {children}
      <ExternalLink size={13} aria-hidden />
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/** Where the marketer opens the review request by hand: the forge's page, or the git command on another host. */
function ByHand({ link }: { link: Pick<PublishAnswer, "compareUrl" | "command"> }) {
  if (link.compareUrl) return <OutLink href={link.compareUrl}>{openRequestLabel(link.compareUrl)}</OutLink>;
  if (link.command) return <code className="command">{link.command}</code>;
  return null;
}

/** What publishing did: the request opened or added to (with its link), or the branch pushed and how to open one. */
function Published({ answer }: { answer: PublishAnswer }) {
  const { request } = answer;
  const added = request && !answer.created ? editorPublishLines.addedToRequest : editorPublishLines.published;
  // Without a request, the hint says what is shown above it: the forge's page that opens one, or the git command.
  const pushed = answer.command ? editorPublishLines.pushedCommand : editorPublishLines.pushed;
  const entry = request ? added : pushed;
  const line = request
    ? messageOf(added, { request: requestName(request) })
    : messageOf(pushed, { branch: answer.branch });
  return (
    <>
      <p>
        <strong>{entry.title}.</strong> {asSentence(line)}
      </p>
      <p className="publish-links">
        {request ? <OutLink href={request.url}>{`Open ${requestName(request)}`}</OutLink> : <ByHand link={answer} />}
        <span className="muted">
          Branch <code>{answer.branch}</code>
        </span>
      </p>
      <p className="muted">{entry.hint}</p>
    </>
  );
}

/**
 * Publish for review: a one-line summary and one button. The first time, git's missing name and e-mail are asked for.
 * What came of it is said in a status region (success) or an alert (the catalogue's refusal, files untouched).
 */
export function PublishPanel({ onPublished }: { onPublished: () => void }) {
  const [summary, setSummary] = useState("");
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<PublishAnswer | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [askIdentity, setAskIdentity] = useState(false);
  const result = useRef<HTMLDivElement>(null);

  /** Publishes; a refusal of the identity entered is handed back to its dialog, any other is shown here. */
  const publish = async (identity?: { name: string; email: string }): Promise<Refusal | undefined> => {
    if (busy) return undefined;
    setBusy(true);
    setFailure(null);
    setAnswer(null);
    try {
      setAnswer(await api.publish({ summary, identity }));
      setSummary("");
      onPublished();
      focusAfterRender(() => result.current);
      return undefined;
    } catch (error) {
      const refusal = asApiError(error);
      if (refusal.error.code === "EDIT_GIT_NO_IDENTITY") setAskIdentity(true);
      else if (identity && refusal.error.code === "EDIT_GIT_BAD_IDENTITY") return refusalOf(refusal);
      else {
        setFailure(refusal);
        focusAfterRender(() => result.current);
      }
      return undefined;
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="changes-card publish" aria-labelledby="publish-title">
      <h2 id="publish-title">Publish for review</h2>
      <p className="muted">
        Your saved changes go to a reviewer as one request; once it is merged, they are live. Unsaved edits are not
        sent.
      </p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void publish();
        }}
      >
        <label htmlFor="publish-summary">Summary of the change</label>
        <input
          id="publish-summary"
          required
          aria-describedby="publish-summary-help"
          // A prompt, never an example summary: a made-up change in the box reads as a wrong summary filled in.
          placeholder="What changed, in a few words"
          value={summary}
          onChange={(event) => setSummary(event.target.value)}
        />
        <p id="publish-summary-help" className="field-help">
          One line: it becomes the title of the review request.
        </p>
        <button type="submit" className="button button-primary button-wide" aria-disabled={busy || undefined}>
          <Send size={16} aria-hidden /> {busy ? "Publishing…" : "Publish for review"}
        </button>
      </form>
      <div className="publish-result" ref={result} tabIndex={-1}>
        <div role="status">{answer && <Published answer={answer} />}</div>
        {failure && (
          <>
            <CatalogueAlert refusal={refusalOf(failure)} />
            {typeof failure.body.branch === "string" && (
              <p className="publish-links">
                <ByHand link={failure.body as Pick<PublishAnswer, "compareUrl" | "command">} />
                <span className="muted">
                  Branch <code>{failure.body.branch}</code>
                </span>
              </p>
            )}
          </>
        )}
      </div>
      {askIdentity && <IdentityDialog onPublish={publish} onClose={() => setAskIdentity(false)} />}
    </section>
  );
}
