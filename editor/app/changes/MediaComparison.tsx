import { useCallback, useState } from "react";
import type { ChangedFile } from "../../protocol.ts";
import { api } from "../api.ts";
import { useAnswer } from "../useAnswer.ts";
import { CompareSection, CompareSide, DELETED } from "./Comparison.tsx";
import "./comparison.css";

/** Where the editor serves a file of the project's public/ folder: public/media/a.png at /media/a.png. */
const servedAt = (file: string) => `/${file.slice("public/".length)}`;

/** One version of an image or video, as the site shows it. */
function Media({ src, type, label }: { src: string; type: string; label: string }) {
  return (
    <figure className="compare-media">
      {type.startsWith("video/") ? (
        <video src={src} controls muted preload="metadata" aria-label={label} />
      ) : (
        <img src={src} alt={label} />
      )}
    </figure>
  );
}

/** A changed image or video before (the base's bytes) and after (the file as saved), side by side. */
export function MediaComparison({ file, kind, name, base }: ChangedFile & { name: string; base: string }) {
  // The saved file is asked for afresh each time the comparison opens: the browser may hold an older one at that URL.
  const [opened] = useState(() => Date.now());

  const { answer: before, failure } = useAnswer(useCallback(() => api.baseMedia(file), [file]));

  return (
    <CompareSection name={name} failure={failure}>
      <CompareSide
        label="Published version"
        caption={base}
        loaded={before !== null}
        missing="Not on the published site: a new file."
      >
        {before?.data && (
          <Media src={`data:${before.type};base64,${before.data}`} type={before.type} label={`${name}, published`} />
        )}
      </CompareSide>
      <CompareSide label="Your version" caption="saved" loaded={before !== null} missing={DELETED}>
        {before && kind !== "deleted" && (
          <Media src={`${servedAt(file)}?opened=${opened}`} type={before.type} label={`${name}, saved`} />
        )}
      </CompareSide>
    </CompareSection>
  );
}
