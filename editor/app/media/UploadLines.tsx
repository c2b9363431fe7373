import { CircleAlert, CircleCheck, LoaderCircle } from "lucide-react";
import { CatalogueWords } from "../CatalogueAlert.tsx";
import type { Uploads } from "./useUploads.ts";

const STATE_WORDS = { waiting: "Waiting", uploading: "Uploading…", done: "Uploaded", refused: "Not uploaded" } as const;
const ICONS = { waiting: LoaderCircle, uploading: LoaderCircle, done: CircleCheck, refused: CircleAlert } as const;

/**
 * Each file given to upload on a line of its own: waiting, on its way, uploaded, or refused in the server's words. A
 * renamed file says the name it takes. Announced as each changes.
 */
export function UploadLines({ uploads }: { uploads: Uploads }) {
  const { lines, busy, clear } = uploads;
  return (
    <div className="media-uploads" role="status">
      {lines.length > 0 && (
        <>
          <ul aria-label="Uploads">
            {lines.map((line) => {
              const Icon = ICONS[line.state];
              return (
                <li key={line.id} className={`upload-line upload-${line.state}`}>
                  <Icon size={16} aria-hidden className="upload-icon" />
                  <span className="upload-name">
                    <strong>{line.name}</strong>
                    {line.picked !== line.name && <span className="muted"> (from “{line.picked}”)</span>}
                  </span>
                  <span className="upload-state">
                    {line.state === "refused" && line.refusal ? (
                      <CatalogueWords line={line.refusal} />
                    ) : (
                      STATE_WORDS[line.state]
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
          {!busy && (
            <button type="button" className="link-button" onClick={clear}>
              Clear these lines
            </button>
          )}
        </>
      )}
    </div>
  );
}
