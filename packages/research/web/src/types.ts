// The service's own types, imported type-only so the app and the API cannot drift apart.
export type {
  AnalysisReport,
  Blueprint,
  CompiledPaper,
  ExecutionResult,
  GeneratedProject,
  IdeationArtefacts,
  PaperDraft,
  ReviewBundle,
  StageName,
} from '../../src/domain/artefacts.ts';
export type { RunEvent, RunEventType, RunStatus } from '../../src/domain/events.ts';
export type {
  Intent,
  IntentResponse,
  IntentSession,
  ProfilePatch,
} from '../../src/intent/schema.ts';
export type { Memory, RunSnapshot, Skill, UserProfile } from '../../src/store/types.ts';

import type { Understanding } from './understanding.ts';

import type {
  AnalysisReport,
  Blueprint,
  CompiledPaper,
  ExecutionResult,
  GeneratedProject,
  IdeationArtefacts,
  PaperDraft,
  ReviewBundle,
} from '../../src/domain/artefacts.ts';

/** Stage names in pipeline order (the client's list, which a test holds to the service's). */
export { STAGES } from '@hikma/research-client';

/** Every event type the stream sends, so the app can listen for each by name. */
export { RUN_EVENT_TYPES as EVENT_TYPES } from '../../src/domain/events.ts';

/** GET /runs/{id}/artefacts: the latest artefact of each kind that exists so far. */
export interface Artefacts {
  ideation?: IdeationArtefacts;
  blueprint?: Blueprint;
  project?: GeneratedProject;
  execution?: ExecutionResult;
  analysis?: AnalysisReport;
  paper_draft?: PaperDraft;
  compiled_paper?: CompiledPaper;
  review?: ReviewBundle;
}

/** GET /runs/{id}/usage. */
export interface RunUsage {
  run_id: string;
  stages: Record<string, { prompt_tokens: number; completion_tokens: number }>;
  total: { prompt_tokens: number; completion_tokens: number };
  budget: number | null;
}

/** A link shown under a chat message. */
export interface ChatLink {
  href: string;
  label: string;
}

/** One chat bubble. `narration` comes from the run's stream, the rest from the chat. */
export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant' | 'narration' | 'error';
  text: string;
  /** Extra lines shown as a list (users, skills, memories, status). */
  items?: string[];
  links?: ChatLink[];
  /** On the assistant's reply to a message: what the router understood from it. */
  understood?: Understanding;
}
