import { z } from 'zod';
import { PROMETHEUS_CONTENT_TYPE } from '@hikma/service-kit';
import { IntentRequest, IntentResponse } from '../intent/schema.ts';
import { UserProfile } from '../store/types.ts';
import {
  CreateRun,
  EventsQuery,
  Feedback,
  ListRunsQuery,
  RunParams,
  StreamQuery,
  UserParams,
} from './request-schemas.ts';
import {
  Health,
  Memory,
  PlannerStatus,
  PlannerTraining,
  Ready,
  RunArtefacts,
  RunEvent,
  RunSnapshot,
  RunUsage,
  Skill,
} from './response-schemas.ts';

/** A schema for a content type: a zod schema, or plain JSON Schema for non-JSON bodies. */
type BodySchema = z.ZodType | Record<string, unknown>;

/** One operation of the API, keyed like ROUTE_ERRORS (`METHOD /path` under `/api`). */
export interface ApiOperation {
  operationId: string;
  tag: 'users' | 'runs' | 'intent' | 'service';
  summary: string;
  description?: string;
  path?: z.ZodObject;
  query?: z.ZodObject;
  header?: z.ZodObject;
  body?: z.ZodType;
  success: {
    status: 200 | 201;
    description: string;
    content: Record<string, BodySchema>;
    headers?: z.ZodObject;
  };
}

const json = (schema: z.ZodType) => ({ 'application/json': schema });
const ok = (description: string, schema: z.ZodType) =>
  ({ status: 200, description, content: json(schema) }) as const;

// The profile is accepted with only `user_id` (the rest default) and answered whole.
const UserProfileBody = UserProfile.meta({ id: 'UserProfileInput', outputId: 'UserProfile' });
const CreateRunBody = CreateRun.meta({ id: 'CreateRunRequest' });
const FeedbackBody = Feedback.meta({ id: 'FeedbackRequest' });

const inlineFile = z.object({
  'Content-Disposition': z.string().meta({ example: 'inline; filename="run-….pdf"' }),
});

/** Every operation of the API. A test holds this table to the routes Fastify registers. */
export const OPERATIONS: Readonly<Record<string, ApiOperation>> = {
  'GET /health': {
    operationId: 'getHealth',
    tag: 'service',
    summary: 'Liveness, version and the LLM provider in use',
    success: ok('The service is up.', Health),
  },
  'GET /readyz': {
    operationId: 'getReadiness',
    tag: 'service',
    summary: 'Readiness: the store and queue answer and runs are taken',
    success: ok('Ready for new runs.', Ready),
  },
  'GET /metrics': {
    operationId: 'getMetrics',
    tag: 'service',
    summary: 'Metrics in the Prometheus text format',
    success: {
      status: 200,
      description: 'Prometheus text exposition.',
      content: { [PROMETHEUS_CONTENT_TYPE]: { type: 'string' } },
    },
  },
  'POST /users': {
    operationId: 'upsertUser',
    tag: 'users',
    summary: 'Create or update a user profile',
    description: 'Only `user_id` is required; the other fields default.',
    body: UserProfileBody,
    success: { status: 201, description: 'The stored profile.', content: json(UserProfileBody) },
  },
  'GET /users': {
    operationId: 'listUsers',
    tag: 'users',
    summary: 'Every user id',
    success: ok('User ids.', z.array(z.string())),
  },
  'GET /users/:user_id': {
    operationId: 'getUser',
    tag: 'users',
    summary: "A user's profile",
    path: UserParams,
    success: ok('The profile.', UserProfileBody),
  },
  'GET /users/:user_id/skills': {
    operationId: 'listUserSkills',
    tag: 'users',
    summary: "The user's skill bank",
    path: UserParams,
    success: ok('Skills distilled from earlier runs.', z.array(Skill)),
  },
  'GET /users/:user_id/memories': {
    operationId: 'listUserMemories',
    tag: 'users',
    summary: "The user's memories",
    path: UserParams,
    success: ok('Facts, preferences and outcomes.', z.array(Memory)),
  },
  'POST /users/:user_id/planner/train': {
    operationId: 'trainPlanner',
    tag: 'users',
    summary: "Train the user's planner from the queued feedback",
    path: UserParams,
    success: ok('What the training did.', PlannerTraining),
  },
  'GET /users/:user_id/planner': {
    operationId: 'getPlanner',
    tag: 'users',
    summary: "The state of the user's planner",
    path: UserParams,
    success: ok('Version, training figures and the strongest features.', PlannerStatus),
  },
  'POST /intent': {
    operationId: 'routeIntent',
    tag: 'intent',
    summary: 'Turn a chat message into an action',
    description:
      'The client carries the action out; when `intent.missing` is set it shows the reply instead.',
    body: IntentRequest,
    success: ok('The action, its slots and a reply.', IntentResponse),
  },
  'POST /runs': {
    operationId: 'createRun',
    tag: 'runs',
    summary: 'Start a run',
    description: 'The run is `pending` until a worker slot is free, then `running`.',
    body: CreateRunBody,
    success: { status: 201, description: 'The new run.', content: json(RunSnapshot) },
  },
  'GET /runs': {
    operationId: 'listRuns',
    tag: 'runs',
    summary: 'Every run, or one user’s',
    query: ListRunsQuery,
    success: ok('Runs.', z.array(RunSnapshot)),
  },
  'GET /runs/:run_id': {
    operationId: 'getRun',
    tag: 'runs',
    summary: 'A run',
    path: RunParams,
    success: ok('The run.', RunSnapshot),
  },
  'POST /runs/:run_id/feedback': {
    operationId: 'submitFeedback',
    tag: 'runs',
    summary: 'Answer a run paused for feedback',
    description: 'Resumes the run; the feedback is queued for planner training.',
    path: RunParams,
    body: FeedbackBody,
    success: ok('The run, resumed.', RunSnapshot),
  },
  'GET /runs/:run_id/artefacts': {
    operationId: 'getRunArtefacts',
    tag: 'runs',
    summary: 'The latest artefact of each stage, by kind',
    path: RunParams,
    success: ok('Artefacts of the stages that have completed.', RunArtefacts),
  },
  'GET /runs/:run_id/usage': {
    operationId: 'getRunUsage',
    tag: 'runs',
    summary: 'LLM tokens used, per stage and in total, against the budget',
    path: RunParams,
    success: ok('Token usage.', RunUsage),
  },
  'GET /runs/:run_id/events': {
    operationId: 'listRunEvents',
    tag: 'runs',
    summary: "The run's audit trail",
    description: 'The same records the stream sends.',
    path: RunParams,
    query: EventsQuery,
    success: ok('Events in `seq` order.', z.array(RunEvent)),
  },
  'GET /runs/:run_id/paper.tex': {
    operationId: 'getPaperTex',
    tag: 'runs',
    summary: "The paper's LaTeX source",
    path: RunParams,
    success: {
      status: 200,
      description: 'LaTeX source, once the writing stage has completed.',
      content: { 'application/x-tex': { type: 'string' } },
      headers: inlineFile,
    },
  },
  'GET /runs/:run_id/paper.pdf': {
    operationId: 'getPaperPdf',
    tag: 'runs',
    summary: 'The compiled paper',
    path: RunParams,
    success: {
      status: 200,
      description: 'The PDF.',
      content: { 'application/pdf': { type: 'string', format: 'binary' } },
      headers: inlineFile,
    },
  },
  'GET /runs/:run_id/stream': {
    operationId: 'streamRunEvents',
    tag: 'runs',
    summary: "The run's events as Server-Sent Events",
    description: [
      'Replays the audit trail after `Last-Event-ID` (or `?after=`), then sends live events;',
      'ends after `stream_end`. Each message is `id: <seq>`, `event: <type>` and',
      '`data: <RunEvent as JSON>`. A client too slow to read is disconnected and comes back',
      'with `Last-Event-ID`.',
    ].join(' '),
    path: RunParams,
    query: StreamQuery,
    header: z.object({
      'Last-Event-ID': z
        .string()
        .optional()
        .meta({ description: 'The `seq` of the last event received; replay starts after it.' }),
    }),
    success: {
      status: 200,
      description: 'An event stream of RunEvent messages.',
      content: {
        'text/event-stream': {
          type: 'string',
          description: 'Server-Sent Events; each `data:` line is a RunEvent.',
          'x-sse-data': { $ref: '#/components/schemas/RunEvent' },
        },
      },
    },
  },
};
