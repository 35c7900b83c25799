import { describe, it, type TestContext } from 'node:test';
import type { ResearchStore } from './contract.ts';
import { usersAndRuns } from './conformance/users-runs.ts';
import { artefactsAndFiles } from './conformance/artefacts-files.ts';
import { events } from './conformance/events.ts';
import { feedbackSkillsMemories } from './conformance/feedback-skills-memories.ts';
import { plannerStagesDatabase } from './conformance/planner-stages-database.ts';

/** One empty database of a backend, on which the suite opens one store or several. */
export interface ConformanceDatabase {
  /** Opens a store on this database; a second call opens another instance beside the first. */
  open(options?: { onBackgroundError?: (err: unknown) => void }): Promise<ResearchStore>;
  /** Records a schema version in the database (with no store open), to test refusal. */
  setSchemaVersion(version: number): Promise<void>;
  /** Removes the database (its stores are closed). */
  drop(): Promise<void>;
}

export interface ConformanceOptions {
  /** Skips the whole suite, with this reason. */
  skip?: string | false;
  /**
   * Tests (by name) that this backend is known to fail, with why: they still run and report,
   * but do not fail the suite.
   */
  knownFailures?: Record<string, string>;
}

/**
 * The storage conformance suite: registers `node:test` tests that hold a backend to the
 * `ResearchStore` contract, every method with exact assertions, each test on a fresh
 * database from `database()`. Run by `conformance.sqlite.test.ts` and
 * `conformance.postgres.test.ts`.
 */
export function storeConformance(
  name: string,
  database: () => Promise<ConformanceDatabase>,
  options: ConformanceOptions = {},
): void {
  const known = options.knownFailures ?? {};
  const test = (title: string, fn: (t: TestContext) => Promise<void>) =>
    it(title, known[title] ? { todo: known[title] } : {}, fn);

  /** A fresh database with one store open on it; everything is closed and dropped after the test. */
  async function setup(t: TestContext) {
    const db = await database();
    const opened: ResearchStore[] = [];
    const errors: unknown[] = [];
    const open = async (onError: unknown[] = errors) => {
      const store = await db.open({ onBackgroundError: (err) => void onError.push(err) });
      opened.push(store);
      return store;
    };
    t.after(async () => {
      for (const store of opened) await store.close().catch(() => {});
      await db.drop();
    });
    const store = await open();
    return { db, store, open, errors };
  }

  describe(`${name} store conformance`, { skip: options.skip || false }, () => {
    const suite = { test, setup };
    usersAndRuns(suite);
    artefactsAndFiles(suite);
    events(suite);
    feedbackSkillsMemories(suite);
    plannerStagesDatabase(suite);
  });
}

export { until } from './conformance/fixtures.ts';
