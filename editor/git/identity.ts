import { editorGitErrors } from "../../contract/errors.ts";
import { refusal } from "./failure.ts";
import type { Repository } from "./repository.ts";

export interface Identity {
  name: string;
  email: string;
}

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/** Who a published change is authored by: git's own settings (the repository's, else the user's), if set. */
export async function readIdentity(repo: Repository): Promise<Identity | undefined> {
  const name = await repo.probe(["config", "--get", "user.name"]);
  const email = await repo.probe(["config", "--get", "user.email"]);
  return name && email ? { name, email } : undefined;
}

/** Keeps the marketer's name and e-mail in this repository's git settings (not the user's), asked once. */
export async function storeIdentity(repo: Repository, identity: Identity): Promise<Identity> {
  const name = identity.name.trim();
  const email = identity.email.trim();
  if (!name || /[\n<>]/.test(name) || !EMAIL.test(email)) throw refusal(editorGitErrors.badIdentity);
  await repo.run(["config", "--local", "user.name", name]);
  await repo.run(["config", "--local", "user.email", email]);
  return { name, email };
}
