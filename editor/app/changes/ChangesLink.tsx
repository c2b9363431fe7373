import { GitCompareArrows } from "lucide-react";
import { useChangeCount } from "./useChanges.ts";

export const CHANGES_HASH = "#/changes";

/** The way to the Changes view, with how many files differ from the published site. */
export function ChangesLink() {
  const count = useChangeCount();
  return (
    <a className="button" href={CHANGES_HASH}>
      <GitCompareArrows size={16} aria-hidden /> Changes
      {count !== undefined && (
        <>
          <span className="count-badge" aria-hidden>
            {count}
          </span>
          <span className="visually-hidden">{`, ${count} changed file${count === 1 ? "" : "s"}`}</span>
        </>
      )}
    </a>
  );
}
