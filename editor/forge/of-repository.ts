import type { Base, Repository } from "../git/repository.ts";
import { type ForgeChoice, detectForge } from "./detect.ts";

/** The forge that hosts the base's remote, with its client when `env` holds a token. */
export async function forgeOfRepository(
  repo: Repository,
  base: Base,
  env: NodeJS.ProcessEnv,
): Promise<ForgeChoice | undefined> {
  const url = await repo.probe(["config", "--get", `remote.${base.remote}.url`]);
  return url ? detectForge(url, env) : undefined;
}
