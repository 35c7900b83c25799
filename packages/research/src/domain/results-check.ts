// The checks results.json must pass before analysis sees it. A failed check is a failed
// attempt of the coding stage: its message goes back to the model, so it says in plain words
// what is wrong and what the file should hold.
import { ExperimentResults, type Blueprint } from './artefacts.ts';

export const RESULTS_FILE = 'results.json';
/** Problems listed in one message at most; the rest are counted. */
const MAX_PROBLEMS = 6;

const PYTHON_JSON_TOKENS = /"(?:[^"\\]|\\.)*"|-?Infinity|NaN/g;

/**
 * Parses JSON as Python's `json.dump` writes it: the bare tokens `NaN`, `Infinity` and
 * `-Infinity` (not valid JSON) become null, so the checks below can say which values are
 * not finite instead of failing on a syntax error the model cannot place.
 */
export function parsePythonJson(
  text: string,
): { ok: true; value: unknown } | { ok: false; error: string } {
  // Strings are matched whole, so a "NaN" inside one stays as written.
  const out = text.replace(PYTHON_JSON_TOKENS, (m) => (m.startsWith('"') ? m : 'null'));
  try {
    return { ok: true, value: JSON.parse(out) };
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const list = (names: string[]): string => names.map((n) => `"${n}"`).join(', ');

/**
 * Checks parsed results against the blueprint: exactly its conditions, each with exactly its
 * metrics, one finite number per seed, and finite curve points. Returns the typed results or
 * a plain-words error.
 */
export function checkResults(
  json: unknown,
  blueprint: Blueprint,
): { results: ExperimentResults } | { error: string } {
  const fail = (why: string) => ({ error: `${RESULTS_FILE} ${why}` });
  if (!isObject(json) || !isObject(json.conditions)) {
    return fail(
      'must be an object with a "conditions" object: {"conditions": {<condition>: {<metric>: [one value per seed]}}}',
    );
  }
  const expectedConditions = blueprint.conditions.map((c) => c.name);
  const expectedMetrics = blueprint.metrics.map((m) => m.name);
  const seeds = blueprint.seeds.length;
  const problems: string[] = [];

  const written = Object.keys(json.conditions);
  const missing = expectedConditions.filter((c) => !written.includes(c));
  const extra = written.filter((c) => !expectedConditions.includes(c));
  if (missing.length > 0) problems.push(`has no results for the condition(s) ${list(missing)}`);
  if (extra.length > 0)
    problems.push(
      `has condition(s) the blueprint does not have: ${list(extra)} (use exactly ${list(expectedConditions)})`,
    );

  for (const condition of expectedConditions.filter((c) => written.includes(c))) {
    const metrics = json.conditions[condition];
    if (!isObject(metrics)) {
      problems.push(`condition "${condition}" must map each metric to a list of numbers`);
      continue;
    }
    const names = Object.keys(metrics);
    const absent = expectedMetrics.filter((m) => !names.includes(m));
    const unknown = names.filter((m) => !expectedMetrics.includes(m));
    if (absent.length > 0)
      problems.push(`condition "${condition}" has no values for ${list(absent)}`);
    if (unknown.length > 0)
      problems.push(
        `condition "${condition}" has metric(s) the blueprint does not have: ${list(unknown)}`,
      );
    for (const metric of expectedMetrics.filter((m) => names.includes(m))) {
      const values = metrics[metric];
      const where = `condition "${condition}" metric "${metric}"`;
      if (!Array.isArray(values)) problems.push(`${where} must be a list of numbers`);
      else if (values.some((v) => v === null || (typeof v === 'number' && !Number.isFinite(v))))
        problems.push(
          `${where} has NaN or Infinity values (often a division by zero or the mean of an empty list); every value must be a finite number`,
        );
      else if (values.some((v) => typeof v !== 'number'))
        problems.push(`${where} has values that are not numbers`);
      else if (values.length !== seeds)
        problems.push(
          `${where} has ${values.length} value(s); the blueprint has ${seeds} seeds, one value each`,
        );
    }
  }

  if (json.curves !== undefined) {
    const curves = json.curves;
    const finitePoint = (p: unknown) =>
      Array.isArray(p) &&
      p.length === 2 &&
      p.every((x) => typeof x === 'number' && Number.isFinite(x));
    if (!isObject(curves) || Object.values(curves).some((c) => !Array.isArray(c)))
      problems.push('"curves" must map each condition to a list of [x, y] points');
    else if (Object.values(curves).some((c) => !(c as unknown[]).every(finitePoint)))
      problems.push(
        '"curves" has points that are not two finite numbers [x, y] (NaN or Infinity?)',
      );
  }

  if (problems.length > 0) {
    const shown = problems.slice(0, MAX_PROBLEMS);
    const more = problems.length - shown.length;
    return fail(`${shown.join('; ')}${more > 0 ? `; and ${more} more problem(s)` : ''}`);
  }
  const parsed = ExperimentResults.safeParse(json);
  if (!parsed.success) return fail(`has the wrong shape: ${parsed.error.issues[0]?.message ?? ''}`);
  return { results: parsed.data };
}
