import type pg from "pg";

/** Runs `work` on `client` in one transaction: committed when it ends, rolled back (and its error passed on) when it throws. */
export async function transactionOn<T>(client: pg.PoolClient, work: () => Promise<T>): Promise<T> {
  await client.query("BEGIN");
  try {
    const result = await work();
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  }
}

/** Runs `work` in one transaction on one connection of the pool, which goes back to the pool afterwards. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    return await transactionOn(client, () => work(client));
  } finally {
    client.release();
  }
}
