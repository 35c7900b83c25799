import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { ResearchStore, RunPatch } from '../contract.ts';
import type { StageName } from '../../domain/artefacts.ts';
import type { ArtefactKind } from '../../domain/artefact-map.ts';
import type { RunRecord } from '../types.ts';
import { migrate } from './migrations.ts';
import { transaction } from './sql.ts';
import { PostgresUserStore } from './users.ts';
import { PostgresRunStore } from './runs.ts';
import { PostgresArtefactStore } from './artefacts.ts';
import { PostgresRunFileStore } from './files.ts';
import { PostgresEventStore } from './events.ts';
import { PostgresFeedbackStore } from './feedback.ts';
import { PostgresSkillStore } from './skills.ts';
import { PostgresMemoryStore } from './memories.ts';
import { PostgresPlannerModelStore } from './planner-models.ts';

/** How long `reachable` waits for the database to answer. */
const REACHABLE_TIMEOUT_MS = 1_000;

export interface PostgresStoreOptions {
  /** Failures of work nobody waits for: background event commits, stale writers, listeners. */
  onBackgroundError?: (err: unknown) => void;
  /** This instance's name in event announcements (default: a random UUID). */
  instanceId?: string;
  /** Most connections in the pool (default 10), besides the one that listens. */
  poolSize?: number;
}

/**
 * The research service's storage on Postgres, shared by every instance of the service: one
 * repository per domain over a connection pool, plus one connection that listens for the
 * events other instances commit (see PostgresEventStore). The pool recovers by itself
 * after Postgres restarts: a connection that drops while idle is discarded, the next query
 * opens a new one.
 */
export class PostgresStore implements ResearchStore {
  readonly backend = 'postgres' as const;
  readonly users: PostgresUserStore;
  readonly runs: PostgresRunStore;
  readonly artefacts: PostgresArtefactStore;
  readonly files: PostgresRunFileStore;
  readonly events: PostgresEventStore;
  readonly feedback: PostgresFeedbackStore;
  readonly skills: PostgresSkillStore;
  readonly memories: PostgresMemoryStore;
  readonly plannerModels: PostgresPlannerModelStore;
  /** This instance's name in event announcements. */
  readonly instanceId: string;
  private closing: Promise<void> | undefined;

  private constructor(
    private readonly pool: pg.Pool,
    url: string,
    options: PostgresStoreOptions,
  ) {
    const onBackgroundError =
      options.onBackgroundError ?? ((err) => process.emitWarning(`research store: ${String(err)}`));
    this.instanceId = options.instanceId ?? randomUUID();
    this.events = new PostgresEventStore(pool, url, this.instanceId, onBackgroundError);
    // Every other write commits queued audit events first, keeping commits in program order.
    const beforeWrite = () => this.events.flush();
    this.users = new PostgresUserStore(pool, beforeWrite);
    this.runs = new PostgresRunStore(pool, beforeWrite);
    this.artefacts = new PostgresArtefactStore(pool, beforeWrite);
    this.files = new PostgresRunFileStore(pool, beforeWrite);
    this.feedback = new PostgresFeedbackStore(pool, beforeWrite);
    this.skills = new PostgresSkillStore(pool, beforeWrite);
    this.memories = new PostgresMemoryStore(pool, beforeWrite);
    this.plannerModels = new PostgresPlannerModelStore(pool, this.feedback, beforeWrite);
  }

  /**
   * Connects to the database at `url` (`postgres://…`), applies pending migrations (refusing
   * a schema newer than this build knows: `store_version_unsupported`) and starts listening
   * to other instances' events.
   */
  static async open(url: string, options: PostgresStoreOptions = {}): Promise<PostgresStore> {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
    });
    // An idle connection that drops (Postgres restarted, say) is discarded by the pool; without
    // a listener its error event would crash the process. Queries report unavailability.
    pool.on('error', () => {});
    try {
      await migrate(pool);
      const store = new PostgresStore(pool, url, options);
      await store.events.start();
      return store;
    } catch (err) {
      await pool.end().catch(() => {});
      throw err;
    }
  }

  async completeStage(
    runId: string,
    stage: StageName,
    artefacts: Partial<Record<ArtefactKind, unknown>>,
    patch: (latest: RunRecord) => RunPatch,
  ): Promise<RunRecord> {
    await this.events.flush();
    return transaction(this.pool, async (client) => {
      const latest = await this.runs.lock(client, runId);
      for (const [kind, data] of Object.entries(artefacts))
        await this.artefacts.saveWith(client, runId, stage, kind as ArtefactKind, data);
      return this.runs.updateWith(client, runId, patch(latest));
    });
  }

  async reachable(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), REACHABLE_TIMEOUT_MS);
    });
    // The read timeout also gives the connection up, so probes of a hung server do not
    // pile up in the pool; the timer covers waiting for a connection.
    const query = { text: 'SELECT 1', query_timeout: REACHABLE_TIMEOUT_MS } as pg.QueryConfig;
    const probe = this.pool.query(query).then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([probe, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Commits queued events, stops listening and closes the pool. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      try {
        await this.events.close();
      } finally {
        await this.pool.end();
      }
    })();
    return this.closing;
  }
}
