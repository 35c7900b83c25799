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
    client.release(broken);
  }
}

/** Whether a query failed on a unique or primary key constraint. */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === '23505';
}
