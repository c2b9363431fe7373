import { Link } from "react-router";
import { type MediaUse, editAddress } from "../../protocol.ts";
import { usageOf } from "./media-words.ts";

/** The pages and shared sections that show a file, each a link to edit it. */
export function UsedOn({ uses }: { uses: MediaUse[] }) {
  return (
    <section className="media-used-on" aria-labelledby="media-used-on-title">
      <h3 id="media-used-on-title">{usageOf({ usedOn: uses })}</h3>
      {uses.length === 0 ? (
        <p className="muted">No page or shared section shows it.</p>
      ) : (
        <ul>
          {uses.map((use) => (
            <li key={use.file}>
              <Link to={editAddress(use.file)}>{use.title}</Link>{" "}
              {use.path.startsWith("section:") ? (
                <span className="muted">shared section</span>
              ) : (
                <code>{use.path}</code>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
