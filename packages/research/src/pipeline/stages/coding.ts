import { join } from 'node:path';
import {
  GeneratedProject,
  type ExperimentResults,
  type Blueprint,
  type ExecutionResult,
} from '../../domain/artefacts.ts';
import { ResearchError } from '../../errors.ts';
import { defineStage, generateForStage, type StageContext } from '../stage.ts';
import { stageMessages } from '../prompts.ts';
import {
  checkProject,
  InvalidProjectError,
  readResultFile,
  runPythonProject,
  UnsafePathError,
} from '../../sandbox/index.ts';
import { checkResults, parsePythonJson, RESULTS_FILE } from '../../domain/results-check.ts';

const TAIL_CHARS = 4000;
const MAX_RESULTS_BYTES = 5 * 1024 * 1024;

/**
 * Coding and execution: generate a Python 3 + NumPy project from the blueprint, check its
 * imports, run it in the sandbox, and feed failures back to the LLM for a bounded number of
 * repairs. The stage fails when no attempt produces valid results.
 */
export const codingStage = defineStage({
  name: 'coding',
  needs: ['blueprint'],
  produces: ['project', 'execution'],
  async run(ctx) {
    const blueprint = ctx.artefact('blueprint');
    let project: GeneratedProject | null = null;
    let problem: string | null = null;
    let last: ExecutionResult | null = null;
    const maxAttempts = ctx.config.maxCodeAttempts;

    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      project = await generateProject(ctx, blueprint, project, problem);
      await ctx.trace(
        'code_generated',
        `Generated project (attempt ${attempt})`,
        project.description,
        {
          attempt,
          files: project.files.map((f) => f.path),
        },
      );

      const violations = await checkProject(project.files);
      if (violations.length > 0) {
        problem = `the static check refused the code:\n${violations.map((v) => `${v.file}:${v.line}: ${v.message}`).join('\n')}`;
        await ctx.trace(
          'static_check_failed',
          'The code uses something the sandbox forbids',
          problem,
          {
            attempt,
          },
        );
        last = failedResult(attempt, problem);
      } else {
        try {
          last = await execute(ctx, project, attempt, blueprint);
        } catch (err) {
          // A project the sandbox will not write (entry not among the files, a bad path) is
          // the model's mistake to repair, not a reason to stop the run.
          if (!(err instanceof InvalidProjectError || err instanceof UnsafePathError)) throw err;
          last = failedResult(attempt, `the project is not valid: ${clip(err.message)}`);
        }
        if (last.ok) break;
        problem = last.error;
      }
      if (attempt < maxAttempts) {
        await ctx.trace(
          'repair_attempt',
          `Repairing the project (attempt ${attempt + 1} of ${maxAttempts})`,
          problem ?? '',
          {
            attempt: attempt + 1,
          },
        );
      }
    }

    if (!project || !last?.ok) {
      throw new ResearchError(
        'experiment_failed',
        `the experiment did not produce valid results after ${maxAttempts} attempt(s); the last attempt failed because ${summarize(problem ?? 'of an unknown error')}`,
      );
    }
    const conditions = Object.keys(last.results!.conditions);
    return {
      artefacts: { project, execution: last },
      summary: `The experiment ran in ${(last.duration_ms / 1000).toFixed(1)} s (attempt ${last.attempts}) and produced results for ${conditions.length} conditions.`,
    };
  },
});

async function generateProject(
  ctx: StageContext,
  blueprint: Blueprint,
  previous: GeneratedProject | null,
  problem: string | null,
): Promise<GeneratedProject> {
  const spec =
    'Write a small Python 3 project that uses only the standard library and NumPy, no network and no ' +
    'subprocesses. It simulates synthetic data for the blueprint below and its entry file writes ' +
    `"${RESULTS_FILE}" in the working directory with this shape: {"conditions": {<condition>: {<metric>: ` +
    '[one value per seed]}}, "curves": {<condition>: [[x, y], ...]}, "curve_x_label": str, "curve_y_label": str}. ' +
    'Use every condition and metric of the blueprint and every seed. Also write the curves as CSV ' +
    '(one x column, one column per condition) for the figures. Split the code into small modules ' +
    '(simulation, metrics, main). Keep the run under 30 seconds.\n\n' +
    `Blueprint:\n${JSON.stringify(blueprint, null, 2)}`;
  const repair =
    previous && problem
      ? `\n\nThe previous version failed. Fix it.\nError:\n${problem.slice(-TAIL_CHARS)}\n\nPrevious files:\n` +
        previous.files.map((f) => `--- ${f.path}\n${f.content}`).join('\n')
      : '';
  return generateForStage(ctx, {
    schema: GeneratedProject,
    name: 'generated_project',
    task: previous ? 'research.code_repair' : 'research.code',
    context: { blueprint, problem, previous },
    messages: stageMessages(ctx.user, 'a careful research software engineer', spec + repair, ctx),
  });
}

async function execute(
  ctx: StageContext,
  project: GeneratedProject,
  attempt: number,
  blueprint: Blueprint,
): Promise<ExecutionResult> {
  const workDir = join(ctx.runDir, 'project', `attempt-${attempt}`);
  const run = await ctx.slots.experiment(async () => {
    await ctx.trace(
      'execution_started',
      `Running the experiment (attempt ${attempt})`,
      `Entry point ${project.entry}`,
      { attempt },
    );
    return runPythonProject({
      files: project.files,
      entry: project.entry,
      workDir,
      limits: ctx.config.sandbox,
      signal: ctx.signal,
    });
  });
  ctx.signal.throwIfAborted();
  let error: string | null = null;
  let results: ExperimentResults | null = null;
  if (run.timedOut)
    error = `the run was stopped at its time limit of ${ctx.config.sandbox.timeoutMs / 1000} s (an endless loop, or too much work for the limit)`;
  else if (run.exitCode !== 0)
    error = `the run exited with code ${run.exitCode ?? run.signal}:\n${run.stderr.slice(-TAIL_CHARS)}`;
  else {
    const checked = await loadResults(workDir, blueprint);
    if ('error' in checked) error = checked.error;
    else results = checked.results;
  }
  const result: ExecutionResult = {
    ok: error === null,
    attempts: attempt,
    exit_code: run.exitCode,
    duration_ms: Math.round(run.durationMs),
    timed_out: run.timedOut,
    stdout_tail: run.stdout.slice(-TAIL_CHARS),
    stderr_tail: run.stderr.slice(-TAIL_CHARS),
    error,
    results,
  };
  await ctx.trace(
    'execution_finished',
    result.ok
      ? `Experiment finished in ${(run.durationMs / 1000).toFixed(1)} s`
      : 'Experiment failed',
    result.ok ? `Results for ${Object.keys(results!.conditions).join(', ')}` : (error ?? ''),
    {
      attempt,
      ok: result.ok,
      exit_code: run.exitCode,
      duration_ms: result.duration_ms,
      timed_out: run.timedOut,
    },
  );
  return result;
}

/** Reads results.json from the work directory and checks it against the blueprint. */
async function loadResults(
  workDir: string,
  blueprint: Blueprint,
): Promise<{ results: ExperimentResults } | { error: string }> {
  let raw: string;
  try {
    raw = await readResultFile(workDir, RESULTS_FILE, MAX_RESULTS_BYTES);
  } catch (err) {
    return {
      error: `the run finished without a usable ${RESULTS_FILE} (${(err as Error).message}); the entry file must write it in the working directory`,
    };
  }
  const parsed = parsePythonJson(raw);
  if (!parsed.ok) return { error: `${RESULTS_FILE} is not valid JSON: ${parsed.error}` };
  return checkResults(parsed.value, blueprint);
}

function clip(text: string, max = 300): string {
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}

/**
 * A problem in one line for the run's error: its first line and, for a traceback, the
 * exception at its end ("the run exited with code 1: NameError: name 'x' is not defined").
 */
export function summarize(problem: string): string {
  const lines = problem
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const first = (lines[0] ?? '').replace(/:$/, '');
  const last = lines.length > 1 ? lines.at(-1)! : '';
  return clip(last && last !== first ? `${first}: ${last}` : first, 400);
}

function failedResult(attempt: number, error: string): ExecutionResult {
  return {
    ok: false,
    attempts: attempt,
    exit_code: null,
    duration_ms: 0,
    timed_out: false,
    stdout_tail: '',
    stderr_tail: '',
    error,
    results: null,
  };
}
