import { z } from 'zod';
import { STAGES } from '../domain/artefacts.ts';

/**
 * What the API's routes validate their path, query and body with. The routes parse with these
 * (through `validate`) and the OpenAPI document is generated from the same objects, so the
 * document says what the server accepts.
 */

export const UserParams = z.object({ user_id: z.string().min(1).max(64) });

export const RunParams = z.object({ run_id: z.string().min(1).max(100) });

/** Body of POST /runs. */
export const CreateRun = z.object({
  user_id: z.string().min(1).max(64),
  topic: z.string().trim().min(3).max(500),
  /** Extension: stages after which this run pauses for feedback (default from config). */
  pause_after: z
    .array(z.enum(STAGES))
    .optional()
    .meta({ description: 'Stages after which this run pauses for feedback (default: config).' }),
});

/** Body of POST /runs/{run_id}/feedback. */
export const Feedback = z.object({ text: z.string().trim().min(1).max(10_000) });

/** Query of GET /runs. */
export const ListRunsQuery = z.object({
  user_id: z.string().min(1).max(64).optional().meta({ description: "Only this user's runs." }),
});

/** Query of GET /runs/{run_id}/events. */
export const EventsQuery = z.object({
  after: z.coerce
    .number()
    .int()
    .min(0)
    .default(0)
    .meta({ description: 'Only events whose `seq` is greater than this.' }),
});

/** Query of GET /runs/{run_id}/stream. */
export const StreamQuery = z.object({
  after: z.coerce.number().int().min(0).optional().meta({
    description: 'Replay events whose `seq` is greater than this (`Last-Event-ID` wins).',
  }),
});
