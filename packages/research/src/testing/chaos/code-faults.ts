// Faults in the code a model writes: each takes the tidy project (the answer to a coding or
// code-repair request) and breaks it the way a real model's project breaks.
import type { GeneratedProject } from '../../domain/artefacts.ts';
import type { ContentFault, ContentFaultRequest } from './fault-types.ts';

type Edit = (project: GeneratedProject) => boolean;

/** Replaces `find` in the entry file; false when the entry does not contain it. */
function inEntry(find: string | RegExp, replace: string): Edit {
  return (project) => {
    const entry = project.files.find((f) => f.path === project.entry);
    if (!entry) return false;
    const next = entry.content.replace(find, replace);
    if (next === entry.content) return false;
    entry.content = next;
    return true;
  };
}

/** First statement of main(): where a fault goes so it runs before results are written. */
const MAIN = /def main\(\):\n/;

const EDITS: Record<string, Edit> = {
  // Refused by the static check; the repair loop hears which import.
  import_pandas: inEntry(/^import numpy as np$/m, 'import numpy as np\nimport pandas as pd'),
  import_requests: inEntry(/^import json$/m, 'import json\nimport requests'),
  syntax_error: inEntry(MAIN, 'def main(:\n'),
  name_error: inEntry(MAIN, 'def main():\n    total = sample_count + 1\n'),
  infinite_loop: inEntry(MAIN, 'def main():\n    while True:\n        pass\n'),
  no_results: inEntry(/"results\.json"/, '"output.json"'),
  // Python's json writes NaN and Infinity, which JSON does not have.
  nan_infinity: inEntry(
    'per_metric[metric["name"]].append(round(value, 6))',
    'per_metric[metric["name"]].append(float("nan") if seed == CONFIG["seeds"][0] else float("inf") if seed == CONFIG["seeds"][-1] else round(value, 6))',
  ),
  wrong_conditions: inEntry(
    'results["conditions"][condition] = per_metric',
    'results["conditions"]["group_" + str(index)] = per_metric',
  ),
  // 50 MB on stdout, then the normal results: the sandbox keeps only the output's tail.
  print_flood: inEntry(
    MAIN,
    'def main():\n    for _ in range(5_000):\n        print(("x" * 99 + "\\n") * 100, end="")\n',
  ),
};

/** The code fault kinds, in a stable order. */
export const CODE_FAULT_KINDS = Object.keys(EDITS);

/** One content fault per code fault kind, each at `rate` on coding and code-repair answers. */
export function codeFaults(
  rates: Partial<Record<string, number>> = {},
  rate = 0.03,
): ContentFault[] {
  return CODE_FAULT_KINDS.map((kind) => ({
    kind: `code.${kind}`,
    family: 'code',
    rate: rates[kind] ?? rate,
    apply(request: ContentFaultRequest, tidy: string): string | null {
      if (request.schemaName !== 'generated_project') return null;
      let project: GeneratedProject;
      try {
        project = JSON.parse(tidy) as GeneratedProject;
      } catch {
        return null;
      }
      return EDITS[kind]!(project) ? JSON.stringify(project) : null;
    },
  }));
}
