/**
 * A scheduler's instance that claims the due schedule of the database at SCHEDULER_DATABASE_URL and hangs in the
 * forge's merge, saying "merging" when it gets there: the test kills it with SIGKILL while it holds the claim.
 */
import type { Forge } from "../../../../editor/forge/forge.ts";
import { createPostgresTeamStore } from "../../../../editor/team/postgres-store.ts";
import { createScheduler } from "../../../../editor/team/scheduler.ts";

const store = await createPostgresTeamStore(process.env.SCHEDULER_DATABASE_URL!);
const never = () => new Promise<never>(() => undefined);
const hanging: Forge = {
  name: "GitHub",
  open: never,
  findOpen: never,
  comment: never,
  state: async (number) => ({ number, url: `https://github.example.test/voxa/site/pull/${number}`, state: "open" }),
  listOpen: async () => [],
  listMerged: async () => [],
  merge: async () => {
    process.stdout.write("merging\n");
    return never();
  },
};
// The hung merge holds nothing open by itself: this keeps the process alive until it is killed.
setInterval(() => undefined, 60_000);
const quiet = () => undefined;
await createScheduler({
  store,
  now: Date.now,
  instance: "the-instance-that-dies",
  forge: async () => hanging,
  log: { info: quiet, warn: quiet },
}).runDue();
