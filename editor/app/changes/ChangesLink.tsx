import { GitCompareArrows } from "lucide-react";
import { Link } from "react-router";
import { EDITOR_VIEWS } from "../../protocol.ts";
import { useChangeCount } from "./useChanges.ts";
import "./changes.css";

/**
 * The way to the Changes view, with how many files differ from the published site (when the project is in git), on
 * the page list and in a page's toolbar, where `revision` names the page's saved version and the updates Get latest
 * brought: the count follows both.
 */
export function ChangesLink({ git, revision }: { git: boolean; revision?: string }) {
  const count = useChangeCount(git, revision);
  // The name begins with what the link shows ("Changes 2"), as a person using speech input says it (WCAG 2.5.3).
  const label = count === undefined ? "Changes" : `Changes ${count} (changed file${count === 1 ? "" : "s"})`;
  return (
    <Link className="button" to={EDITOR_VIEWS.changes} aria-label={label} title="Changes">
      <GitCompareArrows size={16} aria-hidden /> <span className="tool-label">Changes</span>
      {count !== undefined && (
        <>
          {" "}
          <span className="count-badge">{count}</span>
        </>
      )}
    </Link>
  );
}
