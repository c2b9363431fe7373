import { useState } from "react";
import { asSentence, editorErrors, migrationErrors } from "../../contract/errors.ts";
import { ApiError, type Problem, api, failureOf } from "./api.ts";

interface Props {
  file: string;
  value: unknown;
  problems: Problem[];
  /** Takes the migrated document as an unsaved change, to review and save like any other. */
  onMigrated: (value: Record<string, unknown>) => void;
}

/**
 * Says that blocks of the page are in an older shape of their type (MIG001, from a branch made before a block type
 * changed), and offers to migrate them on the spot.
 */
export function MigrationBanner({ file, value, problems, onMigrated }: Props) {
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const older = problems.filter((problem) => problem.code === migrationErrors.olderBlock.code);
  if (older.length === 0) return null;
  const migrate = () => {
    setBusy(true);
    api.migratePreview(file, value).then(
      (migrated) => {
        setBusy(false);
        setFailure(null);
        onMigrated(migrated.value);
      },
      (error: unknown) => {
        setBusy(false);
        const detail = error instanceof ApiError ? error.body.detail : undefined;
        setFailure([failureOf(error).message, typeof detail === "string" ? detail : ""].join(" ").trim());
      },
    );
  };
  return (
    <div className="alert" role="alert">
      <p>
        <strong>{editorErrors.olderBlocks.title}.</strong> {asSentence(editorErrors.olderBlocks.message)}
      </p>
      <ul>
        {older.map((problem) => (
          <li key={problem.pointer}>{problem.message}</li>
        ))}
      </ul>
      <p>
        {editorErrors.olderBlocks.hint}{" "}
        <button type="button" className="button" disabled={busy} onClick={migrate}>
          Migrate {older.length === 1 ? "this block" : `these ${older.length} blocks`}
        </button>
      </p>
      {failure ? <p>{failure}</p> : null}
    </div>
  );
}
