import { useState } from "react";
import { editorSectionLines, messageOf } from "../../../contract/errors.ts";
import { ApiError, type Refusal, type SectionSummary, api, catalogueLine, refusalOf } from "../api.ts";
import { CatalogueAlert, CatalogueWords } from "../CatalogueAlert.tsx";
import "./sections.css";

type PageUsing = SectionSummary["pages"][number];

interface Props {
  section: SectionSummary;
  /** The page the preview shows with the section as edited, if one is picked. */
  previewing: string | undefined;
  onPreview: (page: PageUsing | undefined) => void;
  /** Whether the person may write (a viewer only reads). */
  writes: boolean;
  /** After a rename: the section's new file, which the editor opens. */
  onRenamed: (file: string) => void;
  onDeleted: () => void;
}

/**
 * What a section's settings show above its fields: the pages it changes, each previewable with the section as edited,
 * and its rename (every reference changes with it) and deletion (refused while a page places it).
 */
export function SectionPanel({ section, previewing, onPreview, writes, onRenamed, onDeleted }: Props) {
  const [to, setTo] = useState(section.id);
  const [outcome, setOutcome] = useState<{ refusal?: Refusal; done?: Refusal }>({});
  const ask = async (request: () => Promise<Refusal>) => {
    try {
      setOutcome({ done: await request() });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setOutcome({ refusal: refusalOf(error) });
    }
  };
  return (
    <section className="section-usage" aria-labelledby="section-usage-title">
      <h3 id="section-usage-title">{messageOf(editorSectionLines.usage, { pages: section.pages.length })}</h3>
      <p className="muted">{editorSectionLines.usage.hint}</p>
      <ul className="section-pages">
        {section.pages.map((page) => (
          <li key={page.file}>
            <span>
              {page.title} <code>{page.path}</code>
            </span>
            <button
              type="button"
              className="button button-ghost"
              aria-pressed={previewing === page.file}
              aria-label={`Preview ${page.title}`}
              onClick={() => onPreview(previewing === page.file ? undefined : page)}
            >
              Preview
            </button>
          </li>
        ))}
      </ul>
      {writes && (
        <form
          className="section-rename"
          onSubmit={(event) => {
            event.preventDefault();
            void ask(async () => {
              const { file, files } = await api.renameSection(section.id, to);
              onRenamed(file);
              return catalogueLine(editorSectionLines.renamed, { from: section.id, to, files });
            });
          }}
        >
          <label>
            Id (the file's name, which pages place)
            <input required value={to} onChange={(event) => setTo(event.target.value)} />
          </label>
          <button type="submit" className="button">
            Rename
          </button>
          <button
            type="button"
            className="button button-danger"
            onClick={() =>
              void ask(async () => {
                await api.deleteSection(section.id);
                onDeleted();
                return catalogueLine(editorSectionLines.deleted, { section: section.id });
              })
            }
          >
            Delete section
          </button>
        </form>
      )}
      {outcome.refusal && <CatalogueAlert refusal={outcome.refusal} />}
      {outcome.done && (
        <p role="status">
          <CatalogueWords line={outcome.done} />
        </p>
      )}
    </section>
  );
}
