import { useId, useState } from "react";
import type { MediaFile } from "../../protocol.ts";
import { type Refusal, api, refusalOf } from "../api.ts";
import { CatalogueAlert } from "../CatalogueAlert.tsx";
import { splitName } from "./media-words.ts";
import { UploadButton } from "./UploadButton.tsx";

/**
 * Puts new bytes under the file's name: every page keeps naming it and shows the new picture. The server takes only
 * the same format (its refusal says so); the chooser offers that format first.
 */
export function ReplaceMedia({ file, onReplaced }: { file: MediaFile; onReplaced: () => unknown }) {
  const titleId = useId();
  const [outcome, setOutcome] = useState<{ done?: string; refusal?: Refusal; busy?: boolean }>({});
  const ending = splitName(file.name).ending.toLowerCase();
  const replace = async (picked: File | undefined) => {
    if (!picked) return;
    setOutcome({ busy: true });
    try {
      await api.replaceMedia(file.src, picked);
      await onReplaced();
      setOutcome({ done: `Replaced with ${picked.name}: every page that shows ${file.name} shows the new file.` });
    } catch (error) {
      setOutcome({ refusal: refusalOf(error) });
    }
  };
  return (
    <section className="media-action" aria-labelledby={titleId}>
      <h3 id={titleId}>Replace</h3>
      <p className="muted">
        Upload a new version under the same name; the pages that use it need no change. It must be a{" "}
        {ending.toUpperCase()} file too.
      </p>
      <UploadButton
        label="Replace file"
        multiple={false}
        accept={`.${ending},${file.type}`}
        onFiles={([picked]) => void replace(picked)}
      />
      <p role="status" className="media-notice">
        {outcome.busy ? "Uploading…" : outcome.done}
      </p>
      {outcome.refusal && <CatalogueAlert refusal={outcome.refusal} />}
    </section>
  );
}
