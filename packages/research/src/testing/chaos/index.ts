// The chaos model for the research pipeline: the LLM package's chaos server, answering like
// a careful model (tidy-responder.ts) spoiled by JSON, transport, code and LaTeX faults.
import {
  DEFAULT_JSON_FAULT_RATES,
  DEFAULT_TRANSPORT_FAULT_RATES,
  startChaosOpenAIServer,
  type ChaosOpenAIServer,
  type ChaosServerOptions,
  type ContentFault,
} from '@hikma/llm/testing';
import { codeFaults, CODE_FAULT_KINDS } from './code-faults.ts';
import { latexFaults, LATEX_FAULT_KINDS } from './latex-faults.ts';
import { researchTidyAnswer } from './tidy-responder.ts';

export { auditRun, type RunAudit } from './audit.ts';
export { researchTidyAnswer } from './tidy-responder.ts';
export { codeFaults, CODE_FAULT_KINDS } from './code-faults.ts';
export { latexFaults, LATEX_FAULT_KINDS } from './latex-faults.ts';

/** Rates of each fault kind: per request for JSON and transport, per answer it applies to for code and LaTeX. */
export interface ChaosRates {
  json: ChaosServerOptions['jsonFaults'];
  transport: ChaosServerOptions['transportFaults'];
  /** Each code fault kind, on coding and code-repair answers. */
  code: number;
  /** Each LaTeX fault kind, on paper and paper-fix answers. */
  latex: number;
}

/**
 * Rates a sloppy but working model and gateway might show: about one request in five with
 * JSON trouble, one in twelve with a transport fault, a quarter of coding answers and of
 * paper drafts with a fault of their own.
 */
export const REALISTIC_RATES: ChaosRates = {
  json: DEFAULT_JSON_FAULT_RATES,
  transport: DEFAULT_TRANSPORT_FAULT_RATES,
  code: 0.03,
  latex: 0.035,
};

export interface ResearchChaosOptions {
  seed: number;
  rates?: ChaosRates;
  /** Replaces the code and LaTeX faults of `rates` (e.g. a forced plan). */
  contentFaults?: ContentFault[];
  stallMs?: number;
}

/** Starts a chaos server that answers research pipeline requests. */
export function startResearchChaosServer(
  options: ResearchChaosOptions,
): Promise<ChaosOpenAIServer> {
  const rates = options.rates ?? REALISTIC_RATES;
  return startChaosOpenAIServer({
    seed: options.seed,
    tidy: researchTidyAnswer,
    jsonFaults: rates.json,
    transportFaults: rates.transport,
    contentFaults: options.contentFaults ?? [
      ...codeFaults({}, rates.code),
      ...latexFaults({}, rates.latex),
    ],
    stallMs: options.stallMs,
  });
}

/** Every fault kind the research chaos model can inject, by family. */
export const ALL_FAULT_KINDS = {
  json: Object.keys(DEFAULT_JSON_FAULT_RATES),
  transport: Object.keys(DEFAULT_TRANSPORT_FAULT_RATES),
  code: CODE_FAULT_KINDS.map((k) => `code.${k}`),
  latex: LATEX_FAULT_KINDS.map((k) => `latex.${k}`),
};

/**
 * A content fault that follows a plan instead of chance: each entry is applied, in order, to
 * the next answer it applies to (give it no other content faults: its rate is 1). An entry
 * `a+b` applies both kinds to the same answer.
 */
export function plannedFaults(
  plan: string[],
  pool: ContentFault[],
): ContentFault & { applied: string[] } {
  const queue = [...plan];
  const applied: string[] = [];
  const applyEntry = (entry: string, ...args: Parameters<ContentFault['apply']>) => {
    const [request, tidy, rng] = args;
    let text: string | null = tidy;
    for (const kind of entry.split('+')) {
      const fault = pool.find((f) => f.kind === kind);
      text = text === null || !fault ? null : fault.apply(request, text, rng);
    }
    return text;
  };
  return {
    kind: 'planned',
    family: 'planned',
    rate: 1,
    applied,
    apply(request, tidy, rng) {
      for (let i = 0; i < queue.length; i++) {
        const text = applyEntry(queue[i]!, request, tidy, rng);
        if (text === null) continue;
        applied.push(...queue.splice(i, 1)[0]!.split('+'));
        return text;
      }
      return null;
    },
  };
}
