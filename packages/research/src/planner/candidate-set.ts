import type { IdeationArtefacts } from '../domain/artefacts.ts';
import type { Candidate } from './features.ts';

/** Candidates the user saw when giving feedback, and the one the pipeline had selected. */
export interface CandidateSet<C extends Candidate = Candidate> {
  items: readonly { id: string; candidate: C }[];
  selected_id: string;
}

/** The candidate set of an ideation artefact: its hypotheses and the selected one. */
export function ideationCandidates(ideation: IdeationArtefacts): CandidateSet {
  return {
    items: ideation.hypotheses.map((h) => ({ id: h.id, candidate: h })),
    selected_id: ideation.selected_id,
  };
}
