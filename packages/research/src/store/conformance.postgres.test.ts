import pg from 'pg';
import { after } from 'node:test';
import { PostgresStore } from './postgres/store.ts';
import { storeConformance } from './conformance.ts';
import { postgresSkipReason, startPostgres, type TestPostgres } from '../testing/postgres.ts';

const skip = postgresSkipReason();
let cluster: Promise<TestPostgres> | undefined;
let databases = 0;
after(async () => {
  await (await cluster)?.stop();
});

/** Runs a statement on the cluster's maintenance database. */
async function admin(url: string, sql: string, values: unknown[] = []): Promise<void> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    await client.query(sql, values);
  } finally {
    await client.end();
  }
}

storeConformance(
  'postgres',
  async () => {
    cluster ??= startPostgres();
    const postgres = await cluster;
    const name = `conformance_${process.pid}_${++databases}`;
    await admin(postgres.url, `CREATE DATABASE ${name}`);
    const url = postgres.urlOf(name);
    return {
      open: (options) => PostgresStore.open(url, options),
      setSchemaVersion: (version) =>
        admin(url, 'UPDATE research_schema_version SET version = $1', [version]),
      drop: () => admin(postgres.url, `DROP DATABASE ${name} WITH (FORCE)`),
    };
  },
  { skip },
);
