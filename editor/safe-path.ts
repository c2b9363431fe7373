import fs from "node:fs";
import path from "node:path";
import { type AnyEntry, type ArgsOf, CatalogueError, editorPathErrors, messageOf } from "../contract/errors.ts";

/** A file name the editor refuses, with the catalogue's reason (sent with EDIT_UNSAFE_PATH). */
export class UnsafePathError extends CatalogueError {
  constructor(entry: AnyEntry, message: string) {
    super(entry, message);
    this.name = "UnsafePathError";
  }
}

export const unsafePath = <E extends AnyEntry>(entry: E, ...args: ArgsOf<E>) =>
  new UnsafePathError(entry, messageOf(entry, ...args));

/** The nearest part of `file` that exists, resolved through symlinks. */
function realExisting(file: string): string {
  let probe = file;
  const rest: string[] = [];
  while (!fs.existsSync(probe)) {
    rest.unshift(path.basename(probe));
    const parent = path.dirname(probe);
    if (parent === probe) break;
    probe = parent;
  }
  return path.join(fs.realpathSync(probe), ...rest);
}

const inside = (dir: string, file: string) => file === dir || file.startsWith(dir + path.sep);

/**
 * The absolute file that `relative` (a path from the project folder, with forward slashes) names, if it lies inside
 * one of the `roots`; otherwise an UnsafePathError. Absolute paths, `..` that leaves a root and symlinks that lead
 * out of it are refused, so a request can only ever touch the content folders.
 */
export function resolveInside(projectDir: string, roots: string[], relative: string): string {
  if (typeof relative !== "string" || relative === "" || relative.includes("\0"))
    throw unsafePath(editorPathErrors.noName);
  if (path.isAbsolute(relative) || /^[a-zA-Z]:/.test(relative) || relative.startsWith("\\"))
    throw unsafePath(editorPathErrors.absolute, { file: relative });
  const file = path.resolve(projectDir, relative);
  const real = realExisting(file);
  const allowed = roots.map((root) => realExisting(path.resolve(projectDir, root)));
  if (
    !roots.some((root) => inside(path.resolve(projectDir, root), file)) ||
    !allowed.some((root) => inside(root, real))
  )
    throw unsafePath(editorPathErrors.outside, { file: relative, roots });
  return file;
}
