import fs from "node:fs";
import path from "node:path";

export class UnsafePathError extends Error {}

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
    throw new UnsafePathError("no file was named");
  if (path.isAbsolute(relative) || /^[a-zA-Z]:/.test(relative) || relative.startsWith("\\"))
    throw new UnsafePathError(`'${relative}' is an absolute path — name a file inside the project`);
  const file = path.resolve(projectDir, relative);
  const real = realExisting(file);
  const allowed = roots.map((root) => realExisting(path.resolve(projectDir, root)));
  if (
    !roots.some((root) => inside(path.resolve(projectDir, root), file)) ||
    !allowed.some((root) => inside(root, real))
  )
    throw new UnsafePathError(`'${relative}' is outside ${roots.join(" and ")} — the editor writes only there`);
  return file;
}
