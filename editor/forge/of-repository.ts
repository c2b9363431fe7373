import { CatalogueError, catalogueError, editorForgeErrors, editorReviewErrors } from "../../contract/errors.ts";
import type { Base, Repository } from "../git/repository.ts";
import { type ForgeChoice, detectForge } from "./detect.ts";
import type { Forge } from "./forge.ts";
import { shownAddress } from "./forge-site.ts";

const remoteUrlOf = (repo: Repository, base: Base) => repo.probe(["config", "--get", `remote.${base.remote}.url`]);

/** The forge that hosts the base's remote, with its client when `env` holds a token. */
export async function forgeOfRepository(
  repo: Repository,
  base: Base,
  env: NodeJS.ProcessEnv,
): Promise<ForgeChoice | undefined> {
  const url = await remoteUrlOf(repo, base);
  return url ? detectForge(url, env) : undefined;
}

/** A forge client whose refused token is said in a review's words: nothing was being published. */
function reviewing(forge: Forge): Forge {
  const words =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(...args);
      } catch (error) {
        if (error instanceof CatalogueError && error.code === editorForgeErrors.tokenRefused.code)
          throw catalogueError(editorReviewErrors.tokenRefused, { forge: forge.name });
        throw error;
      }
    };
  return {
    name: forge.name,
    open: words(forge.open),
    findOpen: words(forge.findOpen),
    state: words(forge.state),
    listOpen: words(forge.listOpen),
    listMerged: words(forge.listMerged),
    merge: words(forge.merge),
    comment: words(forge.comment),
  };
}

/**
 * The client a publisher's review goes through, or the refusal that says which of its three parts is missing: a forge
 * recognised in the remote's address (the address shown), a token for it, or (when asked) the forge's acceptance of
 * the token.
 */
export async function reviewForgeOf(repo: Repository, base: Base, env: NodeJS.ProcessEnv): Promise<Forge> {
  const url = await remoteUrlOf(repo, base);
  if (!url) throw catalogueError(editorReviewErrors.noForge, { address: base.remote });
  return reviewForgeAt(url, env);
}

/** The review client of the repository at `address` (the team editor's source, which its scheduler merges on). */
export async function reviewForgeAt(address: string, env: NodeJS.ProcessEnv): Promise<Forge> {
  const choice = await detectForge(address, env);
  if (!choice) throw catalogueError(editorReviewErrors.noForge, { address: shownAddress(address) });
  if (!choice.forge)
    throw catalogueError(editorReviewErrors.noToken, { forge: choice.site.name, repository: choice.site.repository });
  return reviewing(choice.forge);
}
