import { readFileSync } from 'node:fs';
import { hashString, type ChatRequest, type OfflineLLM, type OfflineResponder } from '@hikma/llm';
import type {
  AnalysisReport,
  Blueprint,
  BlueprintReview,
  GeneratedProject,
  Hypothesis,
  IdeationArtefacts,
  PaperDraft,
  Review,
} from '../domain/artefacts.ts';
import type { AnalysisFacts } from '../pipeline/stages/analysis.ts';
import type { Distilled } from '../pipeline/distill.ts';

/**
 * Deterministic responders for every task the research pipeline sends, so the whole
 * pipeline runs offline with the `offline` LLM provider. They build their output from the
 * structured `context` each stage passes, never from a model.
 */
export function registerResearchResponders(llm: OfflineLLM): void {
  for (const [task, responder] of Object.entries(researchResponders()))
    llm.register(task, responder);
}

/** The responders by task name, for `createLLM`'s offline provider. */
export function researchResponders(): Record<string, OfflineResponder> {
  return Object.fromEntries(
    Object.entries(RESEARCH_BUILDERS).map(([task, build]) => [
      task,
      (r: ChatRequest) => json(build(r.context ?? {})),
    ]),
  );
}

/**
 * What each task answers, built from the structured context the stage passes. Exported so
 * test doubles that see only the wire (the chaos model) answer like the offline provider.
 */
export const RESEARCH_BUILDERS: Readonly<Record<string, (context: Ctx) => unknown>> = {
  'research.ideation': ideation,
  'research.blueprint': blueprint,
  'research.blueprint_review': blueprintReview,
  'research.code': project,
  'research.code_repair': project,
  'research.analysis': analysisText,
  'research.paper': paperText,
  'research.review': review,
  'research.meta_review': metaReview,
  // Offline there is no model to rephrase with: a sentence with an unmeasured number is dropped.
  'research.paper_numbers': () => ({ sentence: '' }),
  // Offline, a failing document is returned unchanged; the math-as-text fallback remains.
  'research.paper_fix': () => ({ tex: '' }),
  'research.distill': distill,
};

type Ctx = Record<string, unknown>;
const json = (value: unknown): string => JSON.stringify(value);
const str = (v: unknown, fallback: string): string =>
  typeof v === 'string' && v.trim() ? v.trim() : fallback;

/** A stable score in [0.4, 0.95] from a text, so ratings differ per topic but never per call. */
function score(text: string): number {
  return 0.4 + ((hashString(text) % 1000) / 1000) * 0.55;
}

function ideation(c: Ctx): IdeationArtefacts {
  const topic = str(c.topic, 'the topic');
  const domain = str(c.domain, 'the field');
  const revision = typeof c.revision === 'string' ? c.revision : null;
  const hypotheses: Hypothesis[] = [
    {
      id: 'h1',
      title: `Adaptive strategies for ${topic}`,
      statement: `In ${topic}, an adaptive strategy that adjusts to observed conditions achieves better outcomes than a fixed baseline.`,
      rationale: `Work in ${domain} often assumes fixed conditions; adapting to what is observed should pay off when conditions vary.`,
      novelty: round2(score(`${topic}:h1:n`)),
      feasibility: round2(score(`${topic}:h1:f`)),
    },
    {
      id: 'h2',
      title: `Robustness of ${topic} to noise`,
      statement: `In ${topic}, adding redundancy makes outcomes degrade more gracefully as measurement noise grows.`,
      rationale: `Noise is a common threat to validity in ${domain}; redundancy is a cheap remedy worth quantifying.`,
      novelty: round2(score(`${topic}:h2:n`)),
      feasibility: round2(score(`${topic}:h2:f`)),
    },
    {
      id: 'h3',
      title: `Sample efficiency in ${topic}`,
      statement: `In ${topic}, combining prior structure with data reaches a target outcome with fewer observations than data alone.`,
      rationale: `Data are costly in ${domain}; prior structure may substitute for part of the sample.`,
      novelty: round2(score(`${topic}:h3:n`)),
      feasibility: round2(score(`${topic}:h3:f`)),
    },
  ];
  let selected = hypotheses.reduce((a, b) =>
    b.novelty + b.feasibility > a.novelty + a.feasibility ? b : a,
  );
  let reason = 'It has the best balance of novelty and feasibility for a small simulation study.';
  if (revision) {
    // Prefer the hypothesis the feedback talks about; otherwise fold the request into the chosen one.
    const words = new Set(
      revision
        .toLowerCase()
        .split(/\W+/)
        .filter((w) => w.length > 3),
    );
    const mentioned = hypotheses.find((h) =>
      h.title
        .toLowerCase()
        .split(/\W+/)
        .some((w) => words.has(w)),
    );
    if (mentioned && mentioned.id !== selected.id) selected = mentioned;
    else
      selected.statement = `${selected.statement.replace(/\.$/, '')}, taking into account that ${revision.replace(/[.!]+$/, '')}.`;
    reason = `Revised after the researcher's feedback: "${revision}".`;
  }
  return {
    research_question: `What measurably improves outcomes in ${topic}, and by how much?`,
    hypotheses,
    selected_id: selected.id,
    selection_reason: reason,
  };
}

function blueprint(c: Ctx): Blueprint {
  const topic = str(c.topic, 'the topic');
  const hypothesis = str(c.hypothesis, `An intervention improves outcomes in ${topic}.`);
  const reviewed = Array.isArray(c.review) && c.review.length > 0;
  const conditions = [
    {
      name: 'proposed_method',
      description: `The intervention the hypothesis proposes for ${topic}.`,
    },
    { name: 'baseline', description: 'The standard approach without the intervention.' },
    { name: 'ablation', description: 'The proposed method with its key component removed.' },
  ];
  if (reviewed)
    conditions.push({
      name: 'strong_baseline',
      description: "A tuned baseline, added at the reviewer's request.",
    });
  return {
    title: `A simulation study of ${topic}`,
    objective: `Test whether ${hypothesis.charAt(0).toLowerCase()}${hypothesis.slice(1)}`,
    hypothesis,
    conditions,
    metrics: [
      {
        name: 'success_rate',
        description: 'Share of simulated cases that reach the target outcome.',
        higher_is_better: true,
      },
      {
        name: 'mean_error',
        description: 'Mean absolute deviation from the target outcome.',
        higher_is_better: false,
      },
    ],
    primary_metric: 'success_rate',
    seeds: [0, 1, 2, 3, 4],
    procedure: [
      'Generate synthetic cases for each condition with a fixed noise level.',
      'Apply each condition to the same number of cases for every seed.',
      'Compute the metrics per condition and seed.',
      "Compare the proposed method with the best other condition using Welch's t-test.",
    ],
    expected_outcome:
      'The proposed method reaches a higher success rate and a lower mean error than the other conditions.',
    risks: [
      'Synthetic data may not reflect real-world variability.',
      'Effect sizes are assumed, not estimated.',
    ],
  };
}

function blueprintReview(c: Ctx): BlueprintReview {
  const bp = c.blueprint as Blueprint | undefined;
  const strict = str(c.strictness, 'medium').toLowerCase() === 'high';
  const hasStrong = bp?.conditions.some((x) => x.name === 'strong_baseline') ?? false;
  if (strict && !hasStrong) {
    return {
      verdict: 'revise',
      score: 5,
      comments: ['Add a tuned, strong baseline so the comparison is fair.'],
    };
  }
  return {
    verdict: 'accept',
    score: hasStrong ? 8 : 7,
    comments: [
      'The conditions isolate the proposed component through the ablation.',
      'Five seeds are adequate for a first simulation study.',
    ],
  };
}

function project(c: Ctx): GeneratedProject {
  const bp = c.blueprint as Blueprint;
  const effects = bp.conditions.map((_, i) =>
    i === 0 ? 1.0 : Math.max(0.1, 0.7 - 0.15 * (i - 1)),
  );
  const config = {
    conditions: bp.conditions.map((x) => x.name),
    metrics: bp.metrics.map((m) => ({ name: m.name, higher_is_better: m.higher_is_better })),
    seeds: bp.seeds,
    effects,
    noise: 1.0,
    samples: 400,
    threshold: 0.5,
  };
  const file = (name: string) => readFileSync(new URL(`./python/${name}`, import.meta.url), 'utf8');
  return {
    language: 'python',
    entry: 'main.py',
    description: `Simulates ${bp.conditions.length} conditions over ${bp.seeds.length} seeds and writes results.json.`,
    files: [
      { path: 'main.py', content: file('main.py').replace('__CONFIG__', JSON.stringify(config)) },
      { path: 'simulate.py', content: file('simulate.py') },
      { path: 'metrics.py', content: file('metrics.py') },
    ],
  };
}

function analysisText(c: Ctx): { summary: string; findings: string[] } {
  const facts = c.facts as AnalysisFacts;
  const verdict =
    facts.hypothesis_supported === true
      ? 'The results support the hypothesis.'
      : facts.hypothesis_supported === false
        ? 'The results do not support the hypothesis.'
        : 'The results are inconclusive.';
  const findings = facts.statistics
    .filter((s) => s.metric === facts.primary_metric)
    .map(
      (s) =>
        `${s.condition.replace(/_/g, ' ')} reached ${facts.primary_metric.replace(/_/g, ' ')} ${s.mean} ± ${s.std} over ${s.n} seeds.`,
    );
  return {
    summary: `${verdict} ${facts.comparison ?? ''}`.trim(),
    findings: findings.length > 0 ? findings : ['No condition produced the primary metric.'],
  };
}

function paperText(c: Ctx): Pick<PaperDraft, 'title' | 'abstract' | 'sections'> {
  const topic = str(c.topic, 'the topic');
  const domain = str(c.domain, 'the field');
  const hyp = c.hypothesis as Hypothesis;
  const bp = c.blueprint as Blueprint;
  const analysis = c.analysis as AnalysisReport;
  const figures = (c.figures as unknown[] | undefined) ?? [];
  const references = (c.references as { key: string; title: string }[] | undefined) ?? [];
  const related =
    references.length > 0
      ? `\n\nRelated work includes ${references
          .slice(0, 3)
          .map((r) => `${r.title} [@${r.key}]`)
          .join('; ')}.`
      : '';
  const conditions = bp.conditions.map((x) => x.name.replace(/_/g, ' ')).join(', ');
  const metrics = bp.metrics.map((m) => m.name.replace(/_/g, ' ')).join(' and ');
  return {
    title: hyp.title,
    abstract:
      `We study ${topic} in ${domain} through a controlled simulation on synthetic data. ${hyp.statement} ` +
      `We compare ${bp.conditions.length} conditions over ${bp.seeds.length} seeds. ${analysis.summary}`,
    sections: [
      {
        heading: 'Introduction',
        body: `${hyp.rationale}\n\nThis paper asks: ${hyp.statement} We answer it with a small, fully reproducible simulation.${related}`,
      },
      {
        heading: 'Method',
        body:
          `${bp.objective.replace(/\.$/, '')}. We compare the conditions ${conditions}, measuring ${metrics}.\n\n` +
          bp.procedure.map((p) => `- ${p}`).join('\n'),
      },
      {
        heading: 'Results',
        body:
          `@tab:results lists every condition's mean and standard deviation.${figures.length ? ' @fig:curves shows the measured curves.' : ''}\n\n` +
          analysis.findings.map((f) => `- ${f}`).join('\n'),
      },
      {
        heading: 'Discussion',
        body: `${analysis.summary} ${bp.risks.length ? `Limitations: ${bp.risks.join(' ')}` : ''}`.trim(),
      },
      {
        heading: 'Conclusion',
        body:
          analysis.hypothesis_supported === true
            ? `The simulation supports the hypothesis for ${topic}. Experiments on real data are the next step.`
            : `The simulation does not establish the hypothesis for ${topic}; the design or the assumed effects need revisiting.`,
      },
    ],
  };
}

function review(c: Ctx): Review {
  const analysis = c.analysis as AnalysisReport;
  const draft = c.draft as PaperDraft;
  const persona = str(c.persona, 'reviewer');
  const supported = analysis.hypothesis_supported === true;
  // Each persona weighs a different aspect, so their scores differ in a stable way.
  const lean = persona === 'methodologist' ? -1 : persona === 'clarity' ? 1 : 0;
  const overall = Math.min(10, Math.max(1, (supported ? 5 : 4) + lean));
  const focus: Record<string, { strength: string; weakness: string }> = {
    methodologist: {
      strength:
        'The design includes a baseline and an ablation, over several seeds, with a significance test.',
      weakness:
        'The assumed effect sizes drive the outcome of the simulation; a sensitivity analysis is missing.',
    },
    domain_expert: {
      strength: 'The question matters for the field and is stated as a testable hypothesis.',
      weakness: 'Only synthetic data; external validity is untested.',
    },
    clarity: {
      strength:
        'The paper is short and clear; every reported number comes from the executed experiment.',
      weakness: 'The method section could give the simulation parameters explicitly.',
    },
  };
  const f = focus[persona] ?? focus.domain_expert!;
  return {
    summary: `The paper "${draft.title}" tests its hypothesis with a simulation on synthetic data. ${analysis.summary}`,
    strengths: [f.strength],
    weaknesses: [f.weakness],
    soundness: supported ? 3 : 2,
    presentation: persona === 'clarity' ? 4 : 3,
    contribution: 2,
    overall,
    confidence: 3,
    decision:
      overall >= 6
        ? 'weak_accept'
        : overall >= 5
          ? 'borderline'
          : overall >= 4
            ? 'weak_reject'
            : 'reject',
  };
}

function metaReview(c: Ctx): { summary: string } {
  const reviews = (c.reviews as (Review & { persona: string })[] | undefined) ?? [];
  const overall = Number(c.overall ?? 0);
  const weakest = reviews.reduce<(Review & { persona: string }) | undefined>(
    (w, r) => (!w || r.overall < w.overall ? r : w),
    undefined,
  );
  return {
    summary:
      `The reviewers rate the paper ${overall}/10 on average. They credit ${reviews[0]?.strengths[0]?.replace(/\.$/, '').toLowerCase() ?? 'the design'}. ` +
      `The main concern${weakest ? `, raised by the ${weakest.persona.replace('_', ' ')},` : ''} is that ${weakest?.weaknesses[0]?.replace(/\.$/, '').toLowerCase() ?? 'the evidence is thin'}. ` +
      'Experiments on real data would change the assessment most.',
  };
}

function distill(c: Ctx): Distilled {
  const topic = str(c.topic, 'the topic');
  const domain = str(c.domain, 'the field');
  const artefacts = (c.artefacts ?? {}) as Record<string, unknown>;
  const bp = artefacts.blueprint as Blueprint | undefined;
  const analysis = artefacts.analysis as AnalysisReport | undefined;
  const feedback = (c.feedback as { stage: string; text: string }[] | undefined) ?? [];
  const skills: Distilled['skills'] = [];
  if (bp) {
    skills.push({
      name: `Simulation design with ablation in ${domain}`,
      description: `Design used for ${topic}: a proposed condition, baselines and an ablation, several seeds.`,
      procedure: bp.procedure.join(' '),
      stage: 'planning',
    });
  }
  if (analysis) {
    skills.push({
      name: 'Compare the proposed condition with the best alternative',
      description:
        "Report mean ± standard deviation per condition and test the proposed one against the strongest other with Welch's t-test.",
      procedure:
        "Compute per-condition statistics from results.json; rank by the primary metric; run Welch's t-test; call the hypothesis supported only when p < 0.05 and the direction matches.",
      stage: 'analysis',
    });
  }
  const memories: Distilled['memories'] = [];
  if (analysis)
    memories.push({ kind: 'outcome', content: `Run on "${topic}": ${analysis.summary}` });
  for (const f of feedback) {
    memories.push({
      kind: 'preference',
      content: `Feedback on ${f.stage} for "${topic}": ${f.text}`,
    });
  }
  memories.push({
    kind: 'fact',
    content: `The researcher works in ${domain} and studied "${topic}".`,
  });
  return { skills, memories };
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}
