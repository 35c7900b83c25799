import type { RunSnapshot } from '@hikma/research-client';

/** One run, a field per line. */
export function formatRun(run: RunSnapshot): string {
  const rows: [string, string][] = [
    ['run', run.run_id],
    [
      'status',
      run.status + (run.queue_position ? ` (number ${run.queue_position} in the queue)` : ''),
    ],
    ['user', run.user_id],
    ['topic', run.topic],
    ['stage', run.current_stage ?? '—'],
    ['completed', run.stages_completed.join(', ') || '—'],
    ['started', run.started_at],
    ['updated', run.updated_at],
  ];
  if (run.last_summary) rows.push(['summary', run.last_summary]);
  if (run.error) rows.push(['error', run.error]);
  return rows.map(([k, v]) => `${k.padEnd(10)}${v}\n`).join('');
}

/** Runs as a table, newest first. */
export function formatRunList(runs: RunSnapshot[]): string {
  if (runs.length === 0) return 'no runs\n';
  const rows = runs.map((r) => [
    r.run_id,
    r.user_id,
    r.status,
    r.current_stage ?? '—',
    r.updated_at.replace(/\.\d+Z$/, 'Z'),
    r.topic.length > 40 ? `${r.topic.slice(0, 39)}…` : r.topic,
  ]);
  const head = ['RUN', 'USER', 'STATUS', 'STAGE', 'UPDATED', 'TOPIC'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return [head, ...rows]
    .map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  '))
    .join('\n')
    .concat('\n');
}
