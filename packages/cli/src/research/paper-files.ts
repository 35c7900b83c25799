import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ResearchApiError, type ResearchClient } from '@hikma/research-client';
import { CliError, EXIT } from '../errors.ts';

/** A file name from a topic: lower-case ASCII words joined by `-`, at most 60 characters. */
export function slugify(topic: string, fallback: string): string {
  const slug = topic
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || fallback;
}

export interface PaperFiles {
  tex: string;
  /** null when the service has no PDF (no LaTeX compiler, or the compile failed). */
  pdf: string | null;
}

/** Downloads a run's paper into `dir` as `<slug>.tex` and, when there is one, `<slug>.pdf`. */
export async function savePaper(
  research: ResearchClient,
  runId: string,
  dir: string,
  slug: string,
): Promise<PaperFiles> {
  let tex: string;
  try {
    tex = await research.paperTex(runId);
  } catch (err) {
    if (err instanceof ResearchApiError && err.status === 404) {
      const run = await research.getRun(runId);
      throw new CliError(
        'no_paper',
        `run ${runId} has no paper yet (it is ${run.status}${run.current_stage ? ` at ${run.current_stage}` : ''})`,
        EXIT.service,
      );
    }
    throw err;
  }
  const texPath = join(dir, `${slug}.tex`);
  await writeOut(texPath, tex);
  let pdf: Uint8Array;
  try {
    pdf = await research.paperPdf(runId);
  } catch (err) {
    if (err instanceof ResearchApiError && err.status === 404) return { tex: texPath, pdf: null };
    throw err;
  }
  const pdfPath = join(dir, `${slug}.pdf`);
  await writeOut(pdfPath, pdf);
  return { tex: texPath, pdf: pdfPath };
}

async function writeOut(path: string, data: string | Uint8Array): Promise<void> {
  try {
    await writeFile(path, data);
  } catch (err) {
    throw new CliError(
      'write_failed',
      `cannot write ${path}: ${(err as Error).message}`,
      EXIT.usage,
    );
  }
}
