// The research service against the chaos model: every fault kind at least once, each run
// held to the guarantees of docs/reliability.md. JSON and transport faults come by chance
// (a fixed seed); code and LaTeX faults follow a plan, so each one meets a known attempt.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import type { ChaosOpenAIServer } from '@hikma/llm/testing';
import {
  ALL_FAULT_KINDS,
  auditRun,
  codeFaults,
  latexFaults,
  plannedFaults,
  startResearchChaosServer,
  type RunAudit,
} from '../src/testing/chaos/index.ts';
import { call, readSse, startService, type RunningService } from './helpers.ts';

/** Each run must end within this (the engine's own deadline is RUN_TIMEOUT_MS). */
const RUN_BOUND_MS = 45_000;
const RUN_TIMEOUT_MS = 40_000;

function serviceEnv(server: ChaosOpenAIServer): Record<string, string> {
  return {
    RESEARCH_LLM_BASE_URL: server.baseURL,
    RESEARCH_LLM_MODEL: 'chaos',
    RESEARCH_LLM_TIMEOUT_MS: '1500',
    RESEARCH_LLM_MAX_RETRIES: '3',
    RESEARCH_SANDBOX_TIMEOUT_MS: '3000',
    RESEARCH_RUN_TIMEOUT_MS: String(RUN_TIMEOUT_MS),
    RESEARCH_PAUSE_AFTER: '',
  };
}

/** Runs topics one after another, each to its end, and audits each. */
async function runAll(svc: RunningService, topics: string[]): Promise<RunAudit[]> {
  await call('POST', `${svc.api}/users`, { user_id: 'chaos', domain: 'epidemiology' });
  const audits: RunAudit[] = [];
  for (const topic of topics) {
    const started = Date.now();
    const run = await call('POST', `${svc.api}/runs`, { user_id: 'chaos', topic });
    assert.equal(run.status, 201);
    const { messages } = await readSse(`${svc.api}/runs/${run.body.run_id}/stream`, {
      timeoutMs: RUN_BOUND_MS,
    });
    assert.ok(Date.now() - started < RUN_BOUND_MS, `${topic}: the run ended within the bound`);
    assert.equal(messages.at(-1)?.event, 'stream_end');
    audits.push(await auditRun(svc.api, run.body.run_id));
  }
  const health = await call('GET', `${svc.api}/health`);
  assert.equal(health.status, 200, 'the service is still up');
  return audits;
}

function assertGuarantees(audits: RunAudit[]): void {
  for (const a of audits) {
    assert.ok(
      a.completedWithPdf || a.failedCleanly,
      `${a.runId}: completed with a PDF or failed naming stage and cause (${a.status}: ${a.error ?? a.compileError})`,
    );
    assert.deepEqual(a.unsupportedNumbers, [], `${a.runId}: numbers not in the results`);
    assert.deepEqual(a.missingCiteKeys, [], `${a.runId}: \\cite keys missing from refs.bib`);
    assert.deepEqual(a.readsOutside, [], `${a.runId}: TeX opened files outside the run`);
  }
  assert.equal(existsSync('/tmp/chaos-pwned'), false, 'no \\write18 ran');
}

/** The service, talking to `server`; both closed when the test ends. */
async function serviceFor(t: TestContext, server: ChaosOpenAIServer) {
  const svc = await startService(serviceEnv(server));
  t.after(async () => {
    await svc.close();
    await server.close();
  });
  return svc;
}

const PLAN = [
  // Run 1: two broken projects, then a tidy one; LaTeX specials and unbalanced braces in the prose.
  'code.import_pandas',
  'code.syntax_error',
  'tidy',
  'latex.unescaped_specials+latex.unbalanced_braces',
  // Run 2
  'code.name_error',
  'code.infinite_loop',
  'tidy',
  'latex.undefined_command+latex.input_passwd',
  // Run 3
  'code.no_results',
  'code.nan_infinity',
  'tidy',
  'latex.write18+latex.missing_end_document',
  // Run 4: the third answer floods stdout with 50 MB and still counts.
  'code.wrong_conditions',
  'code.import_requests',
  'code.print_flood',
  'latex.missing_figure+latex.unknown_citation',
];

test('code and LaTeX faults on a forced plan: every run repairs them and completes with a PDF', async (t) => {
  const tidy = {
    kind: 'tidy',
    family: 'none',
    rate: 0,
    apply: (request: { schemaName: string | null }, text: string) =>
      request.schemaName === 'generated_project' ? text : null,
  };
  const planned = plannedFaults(PLAN, [...codeFaults(), ...latexFaults(), tidy]);
  const server = await startResearchChaosServer({
    seed: 1,
    rates: { json: {}, transport: {}, code: 0, latex: 0 },
    contentFaults: [planned],
  });
  const svc = await serviceFor(t, server);

  const audits = await runAll(
    svc,
    ['a', 'b', 'c', 'd'].map((x) => `vaccine uptake ${x}`),
  );
  assertGuarantees(audits);
  for (const a of audits) assert.ok(a.completedWithPdf, `${a.runId}: ${a.error}`);
  const applied = planned.applied.filter((k) => k !== 'tidy');
  assert.deepEqual(
    [...new Set(applied)].sort(),
    [...ALL_FAULT_KINDS.code, ...ALL_FAULT_KINDS.latex].sort(),
  );
  for (const a of audits) {
    const execution = (await call('GET', `${svc.api}/runs/${a.runId}/artefacts`)).body.execution;
    assert.equal(execution.attempts, 3, 'two failed attempts, repaired by the third');
  }
});

test('JSON and transport faults by chance: every kind injected, every run ends well or cleanly', async (t) => {
  const server = await startResearchChaosServer({
    seed: 1046,
    rates: {
      json: Object.fromEntries(ALL_FAULT_KINDS.json.map((k) => [k, 0.04])),
      transport: Object.fromEntries(ALL_FAULT_KINDS.transport.map((k) => [k, 0.03])),
      code: 0,
      latex: 0,
    },
    contentFaults: [],
    stallMs: 90_000,
  });
  const svc = await serviceFor(t, server);

  const audits = await runAll(
    svc,
    ['x', 'y', 'z'].map((x) => `hospital wait times ${x}`),
  );
  assertGuarantees(audits);
  const kinds = new Set(server.injected.map((f) => f.kind));
  for (const kind of [...ALL_FAULT_KINDS.json, ...ALL_FAULT_KINDS.transport])
    assert.ok(kinds.has(kind), `${kind} was injected (${[...kinds].join(', ')})`);
});
