import { addUsage, type Usage } from '@hikma/llm';
import type { StageName } from '../domain/artefacts.ts';
import type { RunState } from '../store/types.ts';

/** Token usage as stored with a run, per stage. */
export type StoredUsage = RunState['usage'][string];

const NONE: Usage = { promptTokens: 0, completionTokens: 0 };

/** The run's state with `usage` added to what `stage` has used so far. */
export function withStageUsage(state: RunState, stage: StageName, usage: Usage): RunState {
  const sum = addUsage(fromStored(state.usage[stage]), usage);
  return {
    ...state,
    usage: {
      ...state.usage,
      [stage]: { prompt_tokens: sum.promptTokens, completion_tokens: sum.completionTokens },
    },
  };
}

/** What the run's stages have used together. */
export function totalUsage(state: RunState): StoredUsage {
  const sum = Object.values(state.usage).map(fromStored).reduce(addUsage, NONE);
  return { prompt_tokens: sum.promptTokens, completion_tokens: sum.completionTokens };
}

/** Tokens a run has used in the stages it has finished (or stopped in). */
export function tokensUsed(state: RunState): number {
  const total = totalUsage(state);
  return total.prompt_tokens + total.completion_tokens;
}

function fromStored(usage: StoredUsage | undefined): Usage {
  return usage
    ? { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens }
    : NONE;
}
