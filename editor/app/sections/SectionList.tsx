import { Link } from "react-router";
import { editorSectionLines, messageOf } from "../../../contract/errors.ts";
import { editAddress } from "../../protocol.ts";
import type { SectionSummary } from "../api.ts";
import "../page-table.css";
import "./sections.css";

/**
 * The shared sections, beside the pages: each by its name (opens it, to edit it like a page), its id and how many pages
 * it changes (docs/sections.md). A locale's own version of a section follows, its locale named beside its id.
 */
export function SectionList({ sections }: { sections: SectionSummary[] }) {
  if (sections.length === 0) return null;
  return (
    <section className="section-list" aria-labelledby="section-list-title">
      <h2 id="section-list-title">Shared sections</h2>
      <p className="muted">{editorSectionLines.usage.hint}</p>
      <table className="page-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Id</th>
            <th scope="col">Pages</th>
          </tr>
        </thead>
        <tbody>
          {sections.map((section) => (
            <tr key={section.file}>
              <td>
                <Link to={editAddress(section.file)}>{section.name}</Link>
              </td>
              <td>
                <code>{section.id}</code>
                {section.locale && <span className="muted"> {section.locale} version</span>}
              </td>
              <td>{messageOf(editorSectionLines.usage, { pages: section.pages.length })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
