import { useId, useState } from "react";
import type { MediaFile } from "../../protocol.ts";
import { type Refusal, api, refusalOf } from "../api.ts";
import { CatalogueAlert } from "../CatalogueAlert.tsx";
import { acceptableMediaName, splitName } from "./media-words.ts";

interface Props {
  file: MediaFile;
  /** The file's new address, and what the rename did in words. */
  onRenamed: (src: string, words: string) => unknown;
}

/**
 * A new name for the file, in the same folder and format: the server renames it and every page and shared section that
 * names it. The name typed is made one the server takes (lower case, hyphens), and the field says so.
 */
export function RenameMedia({ file, onRenamed }: Props) {
  const titleId = useId();
  const fieldId = useId();
  const { stem, ending } = splitName(file.name);
  const [typed, setTyped] = useState(stem);
  const [refusal, setRefusal] = useState<Refusal | undefined>();
  const to = acceptableMediaName(ending ? `${typed}.${ending}` : typed);
  const changed = typed.trim() !== "" && to !== file.name;
  return (
    <section className="media-action" aria-labelledby={titleId}>
      <h3 id={titleId}>Rename</h3>
      <form
        className="media-rename"
        onSubmit={async (event) => {
          event.preventDefault();
          if (!changed) return;
          try {
            const { src, files } = await api.renameMedia(file.src, to);
            const count = files.length;
            await onRenamed(
              src,
              `Renamed to ${src.slice(src.lastIndexOf("/") + 1)}: ${count} file${count === 1 ? "" : "s"} updated.`,
            );
          } catch (error) {
            setRefusal(refusalOf(error));
          }
        }}
      >
        <label htmlFor={fieldId}>Name</label>
        <span className="media-rename-input">
          <input id={fieldId} value={typed} onChange={(event) => setTyped(event.target.value)} />
          {ending && <span className="muted">.{ending}</span>}
        </span>
        <button type="submit" className="button" disabled={!changed}>
          Rename
        </button>
      </form>
      <p className="muted media-rename-help">
        {changed && to !== `${typed}.${ending}`
          ? `Saved as ${to}: names are lower case, with hyphens between words.`
          : "Every page and shared section that shows it is changed to the new name."}
      </p>
      {refusal && <CatalogueAlert refusal={refusal} />}
    </section>
  );
}
