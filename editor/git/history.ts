import type { FileVersion } from "../protocol.ts";
import { editorGitErrors } from "../../contract/errors.ts";
import { isContentFile } from "./content-files.ts";
import { refusal } from "./failure.ts";
import type { Repository } from "./repository.ts";

const FIELD = "\x1f";
const RECORD = "\x1e";

/** The commits that changed a content file, newest first, following it through renames (`git log --follow`). */
export async function fileHistory(repo: Repository, file: string): Promise<FileVersion[]> {
  if (!isContentFile(file)) throw refusal(editorGitErrors.notContent, { files: [file] });
  const log = await repo.run([
    "log",
    "--follow",
    "--name-only",
    `--format=${RECORD}%H${FIELD}%an${FIELD}%ae${FIELD}%aI${FIELD}%s`,
    "--",
    repo.fromProject(file),
  ]);
  return log
    .split(RECORD)
    .filter((record) => record.trim())
    .map((record) => {
      const [header, ...names] = record.split("\n").filter(Boolean);
      const [commit, author, email, date, summary] = header.split(FIELD);
      return { commit, author, email, date, summary, file: repo.toProject(names[0] ?? repo.fromProject(file)) };
    });
}

/** The text of a content file in one version (a commit's full id, as the history lists it). */
export async function versionOf(repo: Repository, commit: string, file: string): Promise<string> {
  if (!isContentFile(file)) throw refusal(editorGitErrors.notContent, { files: [file] });
  if (!/^[0-9a-f]{40}$/.test(commit)) throw refusal(editorGitErrors.unknownVersion);
  const content = await repo.fileAt(commit, repo.fromProject(file));
  if (content === undefined) throw refusal(editorGitErrors.unknownVersion);
  return content.toString("utf8");
}
