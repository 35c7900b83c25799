/**
 * Synthetic users and ideation artefacts for planner tests: a user with a hidden preference
 * answers each run's pause the way a person would ("go with h2", "the one about coral
 * reefs", "ok"), so the whole path feedback text → pairs → model can be measured.
 */
import type { Hypothesis, IdeationArtefacts } from '../domain/artefacts.ts';
import type { ResearchStore } from '../store/contract.ts';
import type { UserProfile } from '../store/types.ts';
import { profilePrior, type PlannerProfile } from './features.ts';
import { seededRandom } from './preference-model.ts';

export const THEMES: Record<string, readonly string[]> = {
  coral: ['coral reefs', 'reef bleaching', 'coral symbionts', 'marine heatwaves', 'reef recovery'],
  soil: ['soil microbiomes', 'nitrogen cycling', 'root exudates', 'fungal networks', 'soil carbon'],
  urban: ['urban heat islands', 'pollen seasons', 'street trees', 'paved surfaces', 'city cooling'],
  epidemic: [
    'vaccination coverage',
    'contact networks',
    'outbreak size',
    'infection waves',
    'herd immunity',
  ],
  language: [
    'language models',
    'token frequency',
    'syntax learning',
    'word embeddings',
    'curriculum order',
  ],
  battery: [
    'battery degradation',
    'lithium plating',
    'charge cycles',
    'electrode cracking',
    'fast charging',
  ],
};

const VERBS = ['increases', 'reduces', 'delays', 'stabilises', 'amplifies', 'predicts', 'shapes'];
const FRAMES = [
  'under gradual warming',
  'in small simulations',
  'across repeated seasons',
  'at low sample sizes',
  'with noisy measurements',
  'over long horizons',
];
const ORDINAL_WORDS = ['first', 'second', 'third', 'fourth', 'fifth'];

export type Random = () => number;

export const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;

function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export interface SyntheticHypothesis extends Hypothesis {
  theme: string;
}

export type SyntheticIdeation = Omit<IdeationArtefacts, 'hypotheses'> & {
  hypotheses: SyntheticHypothesis[];
};

/** One hypothesis about `theme`, with random novelty and feasibility. */
export function syntheticHypothesis(
  random: Random,
  id: string,
  theme: string,
): SyntheticHypothesis {
  const pool = THEMES[theme]!;
  const [a, b, c] = shuffled(random, pool);
  const verb = pick(random, VERBS);
  const round = (x: number) => Math.round(x * 100) / 100;
  return {
    id,
    theme,
    title: `${a![0]!.toUpperCase()}${a!.slice(1)} ${verb} ${b}`,
    statement: `In a synthetic simulation, ${a} ${verb} ${b} ${pick(random, FRAMES)}.`,
    rationale: `Earlier models suggest ${c} matters ${pick(random, FRAMES)}.`,
    novelty: round(0.05 + 0.9 * random()),
    feasibility: round(0.05 + 0.9 * random()),
  };
}

/**
 * An ideation artefact with `count` hypotheses on distinct random themes; the selected one
 * is the profile prior's favourite, as the ideation stage would choose without a model.
 */
export function syntheticIdeation(
  random: Random,
  profile: PlannerProfile,
  count = 3,
): SyntheticIdeation {
  const themes = shuffled(random, Object.keys(THEMES)).slice(0, count);
  const hypotheses = themes.map((t, i) => syntheticHypothesis(random, `h${i + 1}`, t));
  const selected = hypotheses.reduce((a, b) =>
    profilePrior(b, profile) > profilePrior(a, profile) ? b : a,
  );
  return {
    research_question: 'What drives the synthetic outcome?',
    hypotheses,
    selected_id: selected.id,
    selection_reason: 'Best weighted novelty and feasibility.',
  };
}

/** A user who scores hypotheses with a hidden utility and says so in words. */
export class SyntheticUser {
  private readonly random: Random;

  constructor(
    readonly utility: (h: SyntheticHypothesis) => number,
    seed: number,
    /** Share of answers that are off-topic requests (they must yield no pairs). */
    private readonly chatter = 0.1,
    /** Share of answers naming a random candidate: a user is not a perfect oracle. */
    private readonly mistakes = 0,
  ) {
    this.random = seededRandom(seed);
  }

  /** The feedback text for a run paused after ideation. */
  respond(ideation: SyntheticIdeation): string {
    const r = this.random;
    if (r() < this.chatter) {
      return pick(r, [
        'Can you add a control group to the simulation?',
        'Please use more seeds this time.',
        'Remember to report confidence intervals.',
      ]);
    }
    const hs = ideation.hypotheses;
    const mistaken = r() < this.mistakes;
    const best = mistaken
      ? pick(r, hs)
      : hs.reduce((a, b) => (this.utility(b) > this.utility(a) ? b : a));
    const selected = hs.find((h) => h.id === ideation.selected_id)!;
    if (selected === best || (!mistaken && this.utility(selected) >= this.utility(best))) {
      return pick(r, [
        'ok',
        'continue',
        'Looks good, continue.',
        'Great, go ahead.',
        'lgtm',
        'Yes, proceed.',
        'fine by me',
        'I like this one.',
      ]);
    }
    const index = hs.indexOf(best);
    const topic = best.title.split(' ').slice(0, 2).join(' ').toLowerCase();
    return pick(r, [
      `go with ${best.id}`,
      `I prefer the one about ${topic}.`,
      `No, something about ${topic} instead.`,
      `Not this one, ${best.id} please.`,
      `${best.id} instead`,
      `the ${ORDINAL_WORDS[index]} one`,
      `I'd rather do the ${topic} one.`,
      `option ${index + 1}`,
      `prefer ${best.id} over ${selected.id}`,
    ]);
  }
}

/**
 * `count` held-out pairs [better, worse] on fresh artefacts where the hidden utility tells
 * the candidates apart, in random order.
 */
export function heldOutPairs(
  random: Random,
  profile: PlannerProfile,
  utility: (h: SyntheticHypothesis) => number,
  count: number,
): [SyntheticHypothesis, SyntheticHypothesis][] {
  const pairs: [SyntheticHypothesis, SyntheticHypothesis][] = [];
  while (pairs.length < count) {
    const { hypotheses } = syntheticIdeation(random, profile);
    const [a, b] = shuffled(random, hypotheses);
    const ua = utility(a!);
    const ub = utility(b!);
    if (ua === ub) continue;
    pairs.push(ua > ub ? [a!, b!] : [b!, a!]);
  }
  return pairs;
}

/** Creates the user (if needed) and a paused run with `ideation` stored, as the engine would. */
export async function seedRun(
  store: ResearchStore,
  profile: UserProfile,
  runId: string,
  ideation: IdeationArtefacts,
): Promise<void> {
  if (!(await store.users.get(profile.user_id))) await store.users.upsert(profile);
  const now = new Date().toISOString();
  await store.runs.insert({
    run_id: runId,
    user_id: profile.user_id,
    topic: 'synthetic',
    project_id: `proj-${runId}`,
    status: 'awaiting_feedback',
    current_stage: 'ideation',
    stages_completed: ['ideation'],
    last_summary: '',
    started_at: now,
    updated_at: now,
    error: null,
    state: {
      schema_version: 1,
      pause_after: ['ideation'],
      pending_revision: null,
      answered_pauses: [],
      revised: [],
      usage: {},
    },
  });
  await store.artefacts.save(runId, 'ideation', 'ideation', ideation);
}
