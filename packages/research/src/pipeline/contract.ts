// A stage's declaration (`needs`, `produces`) is a contract the engine holds it to. Breaking
// it is a programming error, not bad luck: the run fails with `stage_contract_violated`
// naming the stage and the kind, and nothing the stage returned is stored.
import { z } from 'zod';
import { ARTEFACTS, isArtefactKind, type ArtefactKind } from '../domain/artefact-map.ts';
import { ResearchError } from '../errors.ts';
import type { PipelineStage } from './stage.ts';

type Declared = Pick<PipelineStage, 'name' | 'needs' | 'produces'>;

/** Refuses a read of a kind the stage did not declare in `needs`. */
export function checkRead(stage: Declared, kind: ArtefactKind): void {
  if (!stage.needs.includes(kind)) {
    throw new ResearchError(
      'stage_contract_violated',
      `stage contract: ${stage.name} read the '${kind}' artefact, which it does not declare in needs (${list(stage.needs)})`,
    );
  }
}

/**
 * Checks what a stage returned: exactly the kinds it declared in `produces`, each valid
 * against its schema. The data is stored as returned (validation strips nothing).
 */
export function checkOutput(stage: Declared, artefacts: Record<string, unknown>): void {
  const violation = (what: string) =>
    new ResearchError('stage_contract_violated', `stage contract: ${stage.name} ${what}`);
  for (const kind of Object.keys(artefacts)) {
    if (!isArtefactKind(kind) || !stage.produces.includes(kind)) {
      throw violation(
        `returned a '${kind}' artefact, which it does not declare in produces (${list(stage.produces)})`,
      );
    }
  }
  for (const kind of stage.produces) {
    if (artefacts[kind] === undefined) throw violation(`did not return its '${kind}' artefact`);
    const checked = ARTEFACTS[kind].safeParse(artefacts[kind]);
    if (!checked.success) {
      throw violation(
        `returned a '${kind}' artefact that fails its schema: ${z.prettifyError(checked.error)}`,
      );
    }
  }
}

const list = (kinds: readonly string[]) => (kinds.length > 0 ? kinds.join(', ') : 'none');
