import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Store } from './store.ts';
import { storeConformance } from './conformance.ts';

storeConformance('sqlite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'research-conformance-'));
  const file = join(dir, 'research.db');
  return {
    // Checkpoints on the event loop: a worker thread per store is not what is tested here.
    open: async (options) => Store.open(file, { ...options, checkpointThread: 'main' }),
    setSchemaVersion: async (version) => {
      const db = new Database(file);
      try {
        db.pragma(`user_version = ${version}`);
      } finally {
        db.close();
      }
    },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
});
