import { STAGES, type RunStatus, type StageName } from '../types.ts';

const LABEL: Record<StageName, string> = {
  ideation: 'Ideation',
  planning: 'Planning',
  coding: 'Coding',
  analysis: 'Analysis',
  writing: 'Writing',
  review: 'Review',
};

type StepState = 'done' | 'active' | 'paused' | 'failed' | 'todo';

const STATE_WORDS: Record<StepState, string> = {
  done: 'done',
  active: 'in progress',
  paused: 'waiting for your feedback',
  failed: 'failed',
  todo: 'not started',
};

/** The six stages as steps, with the run's status. */
export function StageProgress({
  status,
  currentStage,
  completed,
}: {
  status: RunStatus;
  currentStage: StageName | null;
  completed: StageName[];
}) {
  const stateOf = (stage: StageName): StepState => {
    if (stage === currentStage) {
      if (status === 'awaiting_feedback') return 'paused';
      if (status === 'failed') return 'failed';
      if (status === 'running' || status === 'pending') return 'active';
    }
    return completed.includes(stage) ? 'done' : 'todo';
  };
  const done = STAGES.filter((s) => completed.includes(s)).length;

  return (
    <div className="progress">
      <div className="progress-head">
        <span className={`status-badge status-${status}`} data-testid="run-status">
          {status.replace('_', ' ')}
        </span>
        <label className="progress-count">
          <span>
            {done} of {STAGES.length} stages done
          </span>
          <progress max={STAGES.length} value={done} />
        </label>
      </div>
      <ol className="steps" aria-label="Pipeline stages">
        {STAGES.map((stage) => {
          const state = stateOf(stage);
          return (
            <li
              key={stage}
              className={`step step-${state}`}
              data-stage={stage}
              data-state={state}
              aria-current={state === 'active' || state === 'paused' ? 'step' : undefined}
            >
              <span className="step-dot" aria-hidden="true" />
              <span className="step-name">{LABEL[stage]}</span>
              <span className="visually-hidden">: {STATE_WORDS[state]}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
