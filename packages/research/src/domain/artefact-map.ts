import type { z } from 'zod';
import * as schemas from './artefacts.ts';

/**
 * Every kind of stored artefact (spec §2 "Stage artefacts", plus the review) with the schema
 * its data must satisfy. Stages declare which kinds they read and write; the engine checks
 * what they return against these schemas before anything is stored.
 */
export const ARTEFACTS = {
  ideation: schemas.IdeationArtefacts,
  blueprint: schemas.Blueprint,
  project: schemas.GeneratedProject,
  execution: schemas.ExecutionResult,
  analysis: schemas.AnalysisReport,
  paper_draft: schemas.PaperDraft,
  compiled_paper: schemas.CompiledPaper,
  review: schemas.ReviewBundle,
} as const satisfies Record<string, z.ZodType>;

export type ArtefactMap = typeof ARTEFACTS;
/** Names of stored artefacts. */
export type ArtefactKind = keyof ArtefactMap;
/** The data of an artefact of kind `K`. */
export type Artefact<K extends ArtefactKind> = z.infer<ArtefactMap[K]>;
/** Artefacts of the kinds `K`, each present. */
export type ArtefactSet<K extends ArtefactKind> = { [P in K]: Artefact<P> };

/** Whether `kind` names an artefact kind. */
export function isArtefactKind(kind: string): kind is ArtefactKind {
  return Object.hasOwn(ARTEFACTS, kind);
}
