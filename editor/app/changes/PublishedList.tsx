import { ExternalLink } from "lucide-react";
import type { PublishedBranch, RequestState } from "../../protocol.ts";
import type { Refusal } from "../api.ts";
import { CatalogueAlert } from "../CatalogueAlert.tsx";
import { requestName } from "./requests.ts";
import "./changes.css";

const STATE_WORDS: Record<RequestState, string> = { open: "Open", merged: "Merged", closed: "Closed" };

/** The changes published from this checkout and not in it yet: branch, request and its state (open, merged, closed). */
export function PublishedList({
  published,
  failure,
}: {
  published: PublishedBranch[] | null;
  failure: Refusal | null;
}) {
  return (
    <section className="changes-card" aria-labelledby="published-title">
      <h2 id="published-title">Published changes</h2>
      <p className="muted">Sent for review from here, and not in your copy of the site yet.</p>
      {failure && <CatalogueAlert refusal={failure} />}
      {published === null && !failure && <p className="muted">Loading…</p>}
      {published?.length === 0 && <p className="muted">None waiting for review.</p>}
      {published && published.length > 0 && (
        <ul className="published-list">
          {published.map((change) => (
            <li key={change.branch}>
              <code>{change.branch}</code>
              <span className={`state state-${change.state}`}>{STATE_WORDS[change.state]}</span>
              {change.request && (
                <a href={change.request.url} target="_blank" rel="noreferrer">
                  {requestName(change.request)}
                  <ExternalLink size={13} aria-hidden />
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
