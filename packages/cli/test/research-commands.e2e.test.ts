import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService } from '../../research/test/helpers.ts';
import { runHikma } from './run-hikma.ts';
import { freePort } from '../../service-kit/src/testing.ts';

// `hikma research …` run in-process against the real research service on its embedded
// defaults (SQLite, the offline LLM); answers come through the command's standard input.

let svc: RunningService;
let dir: string;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hikma-cli-research-'));
  svc = await startService();
});
after(async () => {
  await svc?.close();
  rmSync(dir, { recursive: true, force: true });
});

const hikma = (args: string[], input: string[] = []) => runHikma(dir, args, input);

test('research run: a topic to a PDF and its LaTeX, the pauses answered on standard input', async () => {
  const run = await hikma(
    ['research', 'run', 'Pollinator decline in cities', '--user', 'ada', '--url', svc.api],
    ['\n', 'use a stronger baseline\n'],
  );
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /^created user ada \(general science\)$/m);
  assert.match(run.stdout, /── ideation is ready for your feedback ──/);
  assert.match(run.stdout, /Continuing\./);
  assert.match(run.stdout, /Sent: use a stronger baseline/);
  // Substantive feedback revises planning once before the run moves on.
  assert.match(run.stdout, /reworking the planning stage/);
  for (const stage of ['ideation', 'planning', 'coding', 'analysis', 'writing', 'review']) {
    assert.match(run.stdout, new RegExp(`^\\[${stage}\\] done$`, 'm'));
  }
  const tex = readFileSync(join(dir, 'pollinator-decline-in-cities.tex'), 'utf8');
  assert.match(tex, /\\documentclass/);
  assert.match(run.stdout, /^LaTeX: .*pollinator-decline-in-cities\.tex$/m);
  if (/^paper: /m.test(run.stdout)) {
    const pdf = readFileSync(join(dir, 'pollinator-decline-in-cities.pdf'));
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
  } else {
    assert.match(run.stderr, /^no PDF: /m);
  }
});

test('research run with no input left accepts each pause; --yes never asks', async () => {
  const eof = await hikma([
    'research',
    'run',
    'Urban heat islands',
    '--user',
    'ada',
    '--url',
    svc.api,
  ]);
  assert.equal(eof.code, 0, eof.stderr);
  assert.equal(eof.stdout.match(/\(no input: accepted\)/g)?.length, 2);
  assert.doesNotMatch(eof.stdout, /created user/, 'an existing user is reused');

  const yes = await hikma([
    'research',
    'run',
    'Coral bleaching',
    '--user',
    'grace',
    '--domain',
    'marine biology',
    '--pause-after',
    'analysis',
    '--yes',
    '--url',
    svc.api,
  ]);
  assert.equal(yes.code, 0, yes.stderr);
  assert.match(yes.stdout, /^created user grace \(marine biology\)$/m);
  assert.match(yes.stdout, /── analysis is ready for your feedback ──\n\(accepted: --yes\)/);
  assert.doesNotMatch(yes.stdout, /ideation is ready/);
});

test('research status, list and paper', async () => {
  const list = await hikma(['research', 'list', '--user', 'ada', '--url', svc.api]);
  assert.equal(list.code, 0, list.stderr);
  const lines = list.stdout.trim().split('\n');
  assert.match(lines[0]!, /^RUN\s+USER\s+STATUS\s+STAGE\s+UPDATED\s+TOPIC$/);
  assert.equal(lines.length, 3, 'a header and the two runs of ada');
  assert.match(lines[1]!, /^run-\S+\s+ada\s+completed\s+—\s+\S+Z\s+Urban heat islands$/);

  const json = await hikma(['research', 'list', '--json', '--url', svc.api]);
  const runs = JSON.parse(json.stdout) as { run_id: string; topic: string }[];
  assert.equal(runs.length, 3);
  const first = runs.find((r) => r.topic === 'Pollinator decline in cities')!;

  const status = await hikma(['research', 'status', first.run_id, '--url', svc.api]);
  assert.equal(status.code, 0, status.stderr);
  assert.match(status.stdout, /^status\s+completed$/m);
  assert.match(
    status.stdout,
    /^completed\s+ideation, planning, coding, analysis, writing, review$/m,
  );

  rmSync(join(dir, 'pollinator-decline-in-cities.tex'));
  const paper = await hikma(['research', 'paper', first.run_id, '--url', svc.api]);
  assert.equal(paper.code, 0, paper.stderr);
  assert.match(
    readFileSync(join(dir, 'pollinator-decline-in-cities.tex'), 'utf8'),
    /\\begin\{document\}/,
  );
});

test('an unknown run, a bad topic, an unreachable service: a clear line and an exit code', async () => {
  const unknown = await hikma(['research', 'status', 'run-none', '--url', svc.api]);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /answered 404: .*run-none/);

  const short = await hikma(['research', 'run', 'ab', '--user', 'ada', '--url', svc.api]);
  assert.equal(short.code, 2);
  assert.match(short.stderr, /answered 422: topic: /);

  const stage = await hikma([
    'research',
    'run',
    'Good topic',
    '--user',
    'ada',
    '--pause-after',
    'x',
  ]);
  assert.equal(stage.code, 2);
  assert.match(stage.stderr, /unknown stage "x"/);

  const port = await freePort(); // nothing listens there
  const down = await hikma(['research', 'list', '--url', `http://127.0.0.1:${port}/api`]);
  assert.equal(down.code, 4);
  assert.match(down.stderr, /cannot reach the research service .*ECONNREFUSED.*\[unreachable\]/);
});
