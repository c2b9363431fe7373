import { Images } from "lucide-react";
import { Link } from "react-router";
import { EDITOR_VIEWS } from "../../protocol.ts";

/** The way to the media library, among the page list's tools: one short word there, its whole name when read. */
export function MediaLink() {
  return (
    <Link className="button" to={EDITOR_VIEWS.media} aria-label="Media library" title="Media library">
      <Images size={16} aria-hidden /> Media
    </Link>
  );
}
