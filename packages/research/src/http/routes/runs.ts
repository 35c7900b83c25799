import type { FastifyInstance } from 'fastify';
import type { HttpDeps } from '../deps.ts';
import { validate } from '../errors.ts';
import { CreateRun, EventsQuery, Feedback, ListRunsQuery, RunParams } from '../request-schemas.ts';
import { ResearchError } from '../../errors.ts';
import type { CompiledPaper } from '../../domain/artefacts.ts';
import { totalUsage } from '../../pipeline/usage.ts';
import { toSnapshot } from '../../store/runs.ts';
import type { RunRecord } from '../../store/types.ts';
import { runRelativePath } from '../../pipeline/run-files.ts';

/** Runs: create, list, inspect, answer pauses, and download the paper. */
export function runRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const { store, engine, tokenBudget } = deps;
  const requireRun = (params: unknown) => {
    const { run_id } = validate(RunParams, params, 'path');
    return engine.getRun(run_id);
  };
  const snapshot = async (run: RunRecord) => {
    // A run admitted here a moment ago holds its slot before its status is written.
    if (run.status === 'pending' && engine.isExecuting(run.run_id))
      return toSnapshot({ ...run, status: 'running' });
    return toSnapshot(
      run,
      run.status === 'pending' ? await engine.queuePosition(run.run_id) : null,
    );
  };

  app.post('/runs', async (request, reply) => {
    const body = validate(CreateRun, request.body, 'body');
    const run = await engine.startRun(body.user_id, body.topic, body.pause_after);
    return reply.status(201).send(await snapshot(await engine.getRun(run.run_id)));
  });

  app.get('/runs', async (request) => {
    const { user_id } = validate(ListRunsQuery, request.query, 'query');
    return Promise.all((await store.runs.list(user_id)).map(snapshot));
  });

  app.get('/runs/:run_id', async (request) => snapshot(await requireRun(request.params)));

  app.post('/runs/:run_id/feedback', async (request) => {
    const run = await requireRun(request.params);
    const { text } = validate(Feedback, request.body, 'body');
    return snapshot(await engine.submitFeedback(run.run_id, text));
  });

  // Extension: the latest artefact of each stage, by kind.
  app.get('/runs/:run_id/artefacts', async (request) => {
    const run = await requireRun(request.params);
    const artefacts = await store.artefacts.latestAll(run.run_id);
    return Object.fromEntries(artefacts.map((a) => [a.kind, a.data]));
  });

  // Extension: LLM tokens used per stage and in total, against the run's budget.
  app.get('/runs/:run_id/usage', async (request) => {
    const run = await requireRun(request.params);
    const total = totalUsage(run.state);
    return { run_id: run.run_id, stages: run.state.usage, total, budget: tokenBudget || null };
  });

  // Extension: the audit trail as JSON (the stream sends the same records).
  app.get('/runs/:run_id/events', async (request) => {
    const run = await requireRun(request.params);
    const { after } = validate(EventsQuery, request.query, 'query');
    return store.events.list(run.run_id, after);
  });

  const paperOf = async (runId: string): Promise<CompiledPaper> => {
    const paper = (await store.artefacts.latest<CompiledPaper>(runId, 'compiled_paper'))?.data;
    if (!paper) {
      throw new ResearchError(
        'paper_not_ready',
        `run '${runId}' has no paper yet: the writing stage has not completed`,
      );
    }
    return paper;
  };

  app.get('/runs/:run_id/paper.tex', async (request, reply) => {
    const run = await requireRun(request.params);
    const paper = await paperOf(run.run_id);
    const tex = await runFile(deps, run.run_id, paper.tex_path);
    if (!tex) {
      throw new ResearchError(
        'paper_not_ready',
        `run '${run.run_id}' has no paper yet: the writing stage has not completed`,
      );
    }
    return reply
      .type('application/x-tex; charset=utf-8')
      .header('Content-Disposition', `inline; filename="${run.run_id}.tex"`)
      .send(tex);
  });

  app.get('/runs/:run_id/paper.pdf', async (request, reply) => {
    const run = await requireRun(request.params);
    const paper = await paperOf(run.run_id);
    const pdf =
      paper.compiled && paper.pdf_path
        ? await runFile(deps, run.run_id, paper.pdf_path)
        : undefined;
    if (!pdf) {
      throw new ResearchError(
        'pdf_unavailable',
        `run '${run.run_id}' has no PDF: ${paper.compile_error ?? 'compilation failed'}`,
      );
    }
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `inline; filename="${run.run_id}.pdf"`)
      .send(pdf);
  });
}

/**
 * A file the run produced, named by the path an artefact recorded: from the database, which
 * every instance shares (the run may have been written on another machine).
 */
async function runFile(
  { store }: HttpDeps,
  runId: string,
  recorded: string,
): Promise<Buffer | undefined> {
  const path = runRelativePath(runId, recorded);
  return path === null ? undefined : store.files.get(runId, path);
}
