import { createReadStream, existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { HttpDeps } from '../deps.ts';
import { validate } from '../errors.ts';
import { ResearchError } from '../../errors.ts';
import { STAGES, type CompiledPaper } from '../../domain/artefacts.ts';
import { totalUsage } from '../../pipeline/usage.ts';
import { toSnapshot } from '../../store/runs.ts';
import type { RunRecord } from '../../store/types.ts';

const CreateRun = z.object({
  user_id: z.string().min(1).max(64),
  topic: z.string().trim().min(3).max(500),
  /** Extension: stages after which this run pauses for feedback (default from config). */
  pause_after: z.array(z.enum(STAGES)).optional(),
});
const Feedback = z.object({ text: z.string().trim().min(1).max(10_000) });
const RunParams = z.object({ run_id: z.string().min(1).max(100) });
const ListQuery = z.object({ user_id: z.string().min(1).max(64).optional() });
const EventsQuery = z.object({ after: z.coerce.number().int().min(0).default(0) });

/** Runs: create, list, inspect, answer pauses, and download the paper. */
export function runRoutes(app: FastifyInstance, { store, engine, tokenBudget }: HttpDeps): void {
  const requireRun = (params: unknown) => {
    const { run_id } = validate(RunParams, params, 'path');
    return engine.getRun(run_id);
  };
  const snapshot = (run: RunRecord) =>
    toSnapshot(
      run,
      run.status === 'pending' ? (engine.queuePlace(run.run_id)?.position ?? null) : null,
    );

  app.post('/runs', async (request, reply) => {
    const body = validate(CreateRun, request.body, 'body');
    const run = engine.startRun(body.user_id, body.topic, body.pause_after);
    return reply.status(201).send(snapshot(engine.getRun(run.run_id)));
  });

  app.get('/runs', async (request) => {
    const { user_id } = validate(ListQuery, request.query, 'query');
    return store.runs.list(user_id).map(snapshot);
  });

  app.get('/runs/:run_id', async (request) => snapshot(requireRun(request.params)));

  app.post('/runs/:run_id/feedback', async (request) => {
    const run = requireRun(request.params);
    const { text } = validate(Feedback, request.body, 'body');
    return snapshot(engine.submitFeedback(run.run_id, text));
  });

  // Extension: the latest artefact of each stage, by kind.
  app.get('/runs/:run_id/artefacts', async (request) => {
    const run = requireRun(request.params);
    return Object.fromEntries(store.artefacts.latestAll(run.run_id).map((a) => [a.kind, a.data]));
  });

  // Extension: LLM tokens used per stage and in total, against the run's budget.
  app.get('/runs/:run_id/usage', async (request) => {
    const run = requireRun(request.params);
    const total = totalUsage(run.state);
    return { run_id: run.run_id, stages: run.state.usage, total, budget: tokenBudget || null };
  });

  // Extension: the audit trail as JSON (the stream sends the same records).
  app.get('/runs/:run_id/events', async (request) => {
    const run = requireRun(request.params);
    const { after } = validate(EventsQuery, request.query, 'query');
    return store.events.list(run.run_id, after);
  });

  app.get('/runs/:run_id/paper.tex', async (request, reply) => {
    const run = requireRun(request.params);
    const paper = store.artefacts.latest<CompiledPaper>(run.run_id, 'compiled_paper')?.data;
    if (!paper || !existsSync(paper.tex_path)) {
      throw new ResearchError(
        'paper_not_ready',
        `run '${run.run_id}' has no paper yet: the writing stage has not completed`,
      );
    }
    return reply
      .type('application/x-tex; charset=utf-8')
      .header('Content-Disposition', `inline; filename="${run.run_id}.tex"`)
      .send(createReadStream(paper.tex_path));
  });

  app.get('/runs/:run_id/paper.pdf', async (request, reply) => {
    const run = requireRun(request.params);
    const paper = store.artefacts.latest<CompiledPaper>(run.run_id, 'compiled_paper')?.data;
    if (!paper)
      throw new ResearchError(
        'paper_not_ready',
        `run '${run.run_id}' has no paper yet: the writing stage has not completed`,
      );
    if (!paper.compiled || !paper.pdf_path || !existsSync(paper.pdf_path)) {
      throw new ResearchError(
        'pdf_unavailable',
        `run '${run.run_id}' has no PDF: ${paper.compile_error ?? 'compilation failed'}`,
      );
    }
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `inline; filename="${run.run_id}.pdf"`)
      .send(createReadStream(paper.pdf_path));
  });
}
