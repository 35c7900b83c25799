import type pg from 'pg';

/** A pool or one of its connections (inside a transaction). */
export type Sql = pg.Pool | pg.PoolClient;

/** Runs `fn` in one transaction on one connection of the pool; rolls back if it throws. */
export async function transaction<T>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  // The pool listens for errors on idle connections only: one that drops while checked out
  // (Postgres restarted between two queries) would emit an error nobody hears and crash the
  // process. Its queries fail instead, and the connection is not given back.
  const lost = (err: Error) => (broken = err);
  client.on('error', lost);
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    // A connection that cannot even roll back is dropped instead of going back to the pool.
    await client.query('ROLLBACK').catch((rollbackErr: Error) => (broken = rollbackErr));
    throw err;
  } finally {
    client.off('error', lost);
    client.release(broken);
  }
}

/** Whether a query failed on a unique or primary key constraint. */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === '23505';
}

/**
 * Free text as a `text` column can hold it: Postgres refuses the NUL character, which an
 * error message quoting a program's output or a user's input may contain, and a write must
 * not fail for it; NUL becomes U+FFFD (the replacement character). JSON columns keep NUL
 * exactly (it is escaped in the JSON).
 */
export function storableText<T extends string | null>(text: T): T {
  return (text?.includes('\u0000') ? text.replaceAll('\u0000', '\uFFFD') : text) as T;
}
