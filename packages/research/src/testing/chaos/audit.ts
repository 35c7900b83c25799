// The guarantees a chaos run is held to, checked from outside the pipeline: through the HTTP
// API and the files the run left in its directory, with the paper's own checks.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type {
  AnalysisReport,
  Blueprint,
  CompiledPaper,
  ExecutionResult,
  PaperDraft,
} from '../../domain/artefacts.ts';
import { STAGES } from '../../domain/artefacts.ts';
import { numbersAllowedInPaper } from '../../pipeline/stages/writing.ts';
import { checkNumbers } from '../../paper/number-check.ts';
import { assertCitationsExist } from '../../citations/check.ts';
import { OUTSIDE_FILES_ERROR } from '../../paper/compile.ts';
import { filesOutside, texTrees } from '../../paper/tex-reads.ts';
import { ResearchError } from '../../errors.ts';

/** What one run came to, and every guarantee it broke. */
export interface RunAudit {
  runId: string;
  status: string;
  error: string | null;
  /** Completed with a compiled PDF. */
  completedWithPdf: boolean;
  /** Why the paper has no PDF, when it has none. */
  compileError: string | null;
  /** Failed with an error that names the stage and gives a cause. */
  failedCleanly: boolean;
  /** Numbers in the final paper's text that the executed results do not support. */
  unsupportedNumbers: string[];
  /** \cite keys in paper.tex that refs.bib does not define. */
  missingCiteKeys: string[];
  /** Files the last compile opened outside the run, and compiles refused for doing so. */
  readsOutside: string[];
}

const FAILURE = new RegExp(`^(${STAGES.join('|')}) failed: \\S.{8,}`);

async function readOr(path: string, fallback: string): Promise<string> {
  return readFile(path, 'utf8').catch(() => fallback);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- read as a client would
async function getJson(url: string): Promise<any> {
  const res = await fetch(url);
  if (!res.ok) throw new ResearchError('internal_error', `GET ${url} answered ${res.status}`);
  return res.json();
}

/** Audits a finished run of the service at `api` (e.g. http://127.0.0.1:8000/api). */
export async function auditRun(api: string, runId: string): Promise<RunAudit> {
  const snapshot = await getJson(`${api}/runs/${runId}`);
  const artefacts = await getJson(`${api}/runs/${runId}/artefacts`);
  const audit: RunAudit = {
    runId,
    status: snapshot.status,
    error: snapshot.error,
    completedWithPdf: false,
    compileError: null,
    failedCleanly: snapshot.status === 'failed' && FAILURE.test(snapshot.error ?? ''),
    unsupportedNumbers: [],
    missingCiteKeys: [],
    readsOutside: [],
  };
  const paper = artefacts.compiled_paper as CompiledPaper | undefined;
  const draft = artefacts.paper_draft as PaperDraft | undefined;
  if (!paper || !draft) return audit;
  audit.completedWithPdf = snapshot.status === 'completed' && paper.compiled;
  audit.compileError = paper.compile_error;

  const allowed = numbersAllowedInPaper(
    artefacts.blueprint as Blueprint,
    artefacts.execution as ExecutionResult,
    artefacts.analysis as AnalysisReport,
    draft,
  );
  audit.unsupportedNumbers = checkNumbers(draft, allowed).findings.flatMap((f) => f.unknown);

  const dir = dirname(paper.tex_path);
  const tex = await readOr(paper.tex_path, '');
  audit.missingCiteKeys = assertCitationsExist(tex, await readOr(join(dir, 'refs.bib'), ''));
  audit.readsOutside = [
    ...filesOutside(await readOr(join(dir, 'paper.fls'), ''), dir, await texTrees()),
    ...(paper.attempts ?? [])
      .filter((a) => a.error?.startsWith(OUTSIDE_FILES_ERROR))
      .map((a) => a.error!),
  ];
  return audit;
}
