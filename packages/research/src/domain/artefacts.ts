import { z } from 'zod';

/** Stage names in pipeline order. */
export const STAGES = ['ideation', 'planning', 'coding', 'analysis', 'writing', 'review'] as const;
export type StageName = (typeof STAGES)[number];

/**
 * Upper bounds of model-written text, in characters. A runaway answer (the same sentence
 * thousands of times) fails validation and is asked for again, instead of reaching the
 * paper, where TeX stops on input lines over its buffer size.
 */
export const TEXT_LIMITS = { name: 300, sentence: 1_000, paragraph: 3_000, section: 20_000 };
const text = (max: number) => z.string().min(1).max(max);

export const Hypothesis = z.object({
  id: z.string().min(1).max(TEXT_LIMITS.name),
  title: text(TEXT_LIMITS.name),
  statement: text(TEXT_LIMITS.paragraph),
  rationale: text(TEXT_LIMITS.paragraph),
  novelty: z.number().min(0).max(1),
  feasibility: z.number().min(0).max(1),
});
export type Hypothesis = z.infer<typeof Hypothesis>;

/** Output of ideation: candidate hypotheses and the selected one. */
export const IdeationArtefacts = z.object({
  research_question: text(TEXT_LIMITS.paragraph),
  hypotheses: z.array(Hypothesis).min(1).max(10),
  selected_id: z.string().min(1),
  selection_reason: text(TEXT_LIMITS.paragraph),
});
export type IdeationArtefacts = z.infer<typeof IdeationArtefacts>;

const identifier = z
  .string()
  .max(64)
  .regex(/^[a-z][a-z0-9_]*$/, 'snake_case identifier');

export const Condition = z.object({ name: identifier, description: text(TEXT_LIMITS.sentence) });
export const Metric = z.object({
  name: identifier,
  description: text(TEXT_LIMITS.sentence),
  higher_is_better: z.boolean(),
});

export const BlueprintReview = z.object({
  verdict: z.enum(['accept', 'revise']),
  score: z.number().min(1).max(10),
  comments: z.array(text(TEXT_LIMITS.paragraph)).min(1).max(20),
});
export type BlueprintReview = z.infer<typeof BlueprintReview>;

/** Output of planning: the experiment plan, peer-reviewed. */
export const Blueprint = z.object({
  title: text(TEXT_LIMITS.name),
  objective: text(TEXT_LIMITS.paragraph),
  hypothesis: text(TEXT_LIMITS.paragraph),
  conditions: z.array(Condition).min(2).max(12),
  metrics: z.array(Metric).min(1).max(8),
  primary_metric: z.string().min(1),
  seeds: z.array(z.number().int().min(0)).min(1).max(10),
  procedure: z.array(text(TEXT_LIMITS.sentence)).min(1).max(20),
  expected_outcome: text(TEXT_LIMITS.paragraph),
  risks: z.array(z.string().max(TEXT_LIMITS.sentence)).max(20),
  review: BlueprintReview.optional(),
});
export type Blueprint = z.infer<typeof Blueprint>;

export const ProjectFile = z.object({
  path: z
    .string()
    .max(TEXT_LIMITS.name)
    .regex(/^[A-Za-z0-9_][A-Za-z0-9_./-]*\.py$/, 'relative .py path'),
  content: z.string().min(1),
});

/** Output of coding: a Python 3 + NumPy project whose entry writes results.json. */
export const GeneratedProject = z.object({
  language: z.literal('python'),
  entry: z.string().min(1).max(TEXT_LIMITS.name),
  description: text(TEXT_LIMITS.paragraph),
  files: z.array(ProjectFile).min(1).max(50),
});
export type GeneratedProject = z.infer<typeof GeneratedProject>;

/**
 * The file an experiment writes: for each condition, each metric's value per seed,
 * and optional curves (x, y points per condition) for figures.
 */
export const ExperimentResults = z.object({
  conditions: z.record(z.string(), z.record(z.string(), z.array(z.number()).min(1))),
  curves: z.record(z.string(), z.array(z.tuple([z.number(), z.number()]))).optional(),
  curve_x_label: z.string().optional(),
  curve_y_label: z.string().optional(),
});
export type ExperimentResults = z.infer<typeof ExperimentResults>;

export const ExecutionResult = z.object({
  ok: z.boolean(),
  attempts: z.number().int().min(1),
  exit_code: z.number().int().nullable(),
  duration_ms: z.number().int().min(0),
  timed_out: z.boolean(),
  stdout_tail: z.string(),
  stderr_tail: z.string(),
  error: z.string().nullable(),
  results: ExperimentResults.nullable(),
});
export type ExecutionResult = z.infer<typeof ExecutionResult>;

export const MetricSummary = z.object({
  condition: z.string(),
  metric: z.string(),
  mean: z.number(),
  std: z.number(),
  n: z.number().int(),
  /** 95% confidence interval of the mean (Student's t). */
  ci95: z.tuple([z.number(), z.number()]).optional(),
});

/** Output of analysis: statistics from the execution result and what they support. */
export const AnalysisReport = z.object({
  summary: z.string().min(1),
  statistics: z.array(MetricSummary),
  best_condition: z.string().nullable(),
  hypothesis_supported: z.boolean().nullable(),
  findings: z.array(z.string().min(1)),
});
export type AnalysisReport = z.infer<typeof AnalysisReport>;

export const PaperTable = z.object({
  label: z.string(),
  caption: z.string(),
  columns: z.array(z.string()).min(1),
  rows: z.array(z.array(z.string())),
});
export const PaperFigure = z.object({
  label: z.string(),
  caption: z.string(),
  x_label: z.string(),
  y_label: z.string(),
  series: z.array(
    z.object({ name: z.string(), points: z.array(z.tuple([z.number(), z.number()])) }),
  ),
});
export const Reference = z.object({
  key: z.string().regex(/^[A-Za-z0-9_:-]+$/),
  title: z.string(),
  authors: z.array(z.string()),
  year: z.number().int().nullable(),
  venue: z.string().nullable(),
  url: z.string().nullable(),
});

/** Output of writing: the paper's content, rendered to LaTeX by paper/. */
export const PaperDraft = z.object({
  title: z.string().min(1),
  authors: z.array(z.string()),
  abstract: z.string().min(1),
  sections: z.array(z.object({ heading: z.string().min(1), body: z.string().min(1) })).min(1),
  tables: z.array(PaperTable),
  figures: z.array(PaperFigure),
  references: z.array(Reference),
});
export type PaperDraft = z.infer<typeof PaperDraft>;
export type PaperTable = z.infer<typeof PaperTable>;
export type PaperFigure = z.infer<typeof PaperFigure>;
export type Reference = z.infer<typeof Reference>;

export const PaperWarning = z.object({
  code: z.enum(['page_limit_exceeded', 'missing_citations']),
  message: z.string(),
});
export const CompileAttempt = z.object({
  source: z.enum(['render', 'fix', 'math_as_text']),
  outcome: z.enum(['compiled', 'failed', 'timed_out', 'no_compiler', 'refused', 'no_fix']),
  error: z.string().nullable(),
});

export const CompiledPaper = z.object({
  compiled: z.boolean(),
  tex_path: z.string(),
  pdf_path: z.string().nullable(),
  compile_error: z.string().nullable(),
  /** Pages of the PDF (null without one). */
  pages: z.number().int().nullable().optional(),
  warnings: z.array(PaperWarning).optional(),
  /** Every compilation tried: the first render, LLM fixes, the math-as-text fallback. */
  attempts: z.array(CompileAttempt).optional(),
});
export type CompiledPaper = z.infer<typeof CompiledPaper>;

/** Output of review. */
export const Review = z.object({
  summary: z.string().min(1),
  strengths: z.array(z.string().min(1)),
  weaknesses: z.array(z.string().min(1)),
  soundness: z.number().int().min(1).max(4),
  presentation: z.number().int().min(1).max(4),
  contribution: z.number().int().min(1).max(4),
  overall: z.number().int().min(1).max(10),
  confidence: z.number().int().min(1).max(5),
  decision: z.enum(['accept', 'weak_accept', 'borderline', 'weak_reject', 'reject']),
});
export type Review = z.infer<typeof Review>;

/** One reviewer's review, with the persona it was written from. */
export const PersonaReview = Review.extend({ persona: z.string().min(1) });
export type PersonaReview = z.infer<typeof PersonaReview>;

/** The review artefact: several reviewers and the area chair's meta-review. */
export const ReviewBundle = z.object({
  reviews: z.array(PersonaReview).min(1),
  meta: z.object({
    summary: z.string().min(1),
    overall: z.number().min(1).max(10),
    decision: Review.shape.decision,
    consensus: z.enum(['agree', 'mixed', 'split']),
  }),
});
export type ReviewBundle = z.infer<typeof ReviewBundle>;
