import type { z } from 'zod';
import {
  AnalysisReport,
  Blueprint,
  CompiledPaper,
  ExecutionResult,
  GeneratedProject,
  IdeationArtefacts,
  PaperDraft,
  ReviewBundle,
} from './artefacts.ts';

/**
 * Every kind of stored artefact (spec §2 "Stage artefacts", plus the review) with the schema
 * its data must satisfy. Stages declare which kinds they read and write; the engine checks
 * what they return against these schemas before anything is stored.
 */
export const ARTEFACTS = {
  ideation: IdeationArtefacts,
  blueprint: Blueprint,
  project: GeneratedProject,
  execution: ExecutionResult,
  analysis: AnalysisReport,
  paper_draft: PaperDraft,
  compiled_paper: CompiledPaper,
  review: ReviewBundle,
} as const satisfies Record<string, z.ZodType>;

export type ArtefactMap = typeof ARTEFACTS;
/** Names of stored artefacts. */
export type ArtefactKind = keyof ArtefactMap;
/** The data of an artefact of kind `K`. */
export type Artefact<K extends ArtefactKind> = z.infer<ArtefactMap[K]>;
/** Artefacts of the kinds `K`, each present. */
export type ArtefactSet<K extends ArtefactKind> = { [P in K]: Artefact<P> };

export const ARTEFACT_KINDS = Object.keys(ARTEFACTS) as ArtefactKind[];

/** Whether `kind` names an artefact kind. */
export function isArtefactKind(kind: string): kind is ArtefactKind {
  return Object.hasOwn(ARTEFACTS, kind);
}
