import type { TestContext } from 'node:test';
import type { ResearchStore } from '../contract.ts';
import type { ConformanceDatabase } from '../conformance.ts';

/** What each part of the conformance suite registers its tests with. */
export interface SuiteContext {
  /** Registers a test (a known failure of the backend is marked todo). */
  test(title: string, fn: (t: TestContext) => Promise<void>): void;
  /** A fresh database with one store open on it; everything is closed and dropped after the test. */
  setup(t: TestContext): Promise<{
    db: ConformanceDatabase;
    store: ResearchStore;
    open(onError?: unknown[]): Promise<ResearchStore>;
    errors: unknown[];
  }>;
}
