// What a careful model answers to each research pipeline request, built from the request as
// it arrives over the OpenAI wire. The answers come from the offline provider's builders;
// only their inputs are read back out of the prompt text, as a model would read them.
import { RESEARCH_BUILDERS } from '../../offline/responders.ts';
import { REVIEWER_PERSONAS } from '../../pipeline/stages/review.ts';
import { capture, domainOf, firstOf, jsonAfter, type WireMessage } from './wire.ts';
import { fixLatexLikeAModel } from './latex-fixer.ts';

/** The part of a chaos server request the responder reads. */
export interface WireRequest {
  schemaName: string | null;
  messages: readonly WireMessage[];
}

type Context = Record<string, unknown>;

/** Each structured-output name the pipeline sends: its task and how to rebuild its context. */
const READERS: Record<string, { task: string; read: (system: string, user: string) => Context }> = {
  ideation_artefacts: {
    task: 'research.ideation',
    read: (system, user) => ({
      topic: capture(user, /^Topic: "(.*)"\.$/m),
      domain: domainOf(system),
      revision: capture(user, /asked for changes:\n"([\s\S]*)"\nRevise accordingly/) || null,
    }),
  },
  blueprint: {
    task: 'research.blueprint',
    read: (system, user) => {
      const comments = capture(
        user,
        /A peer reviewer asked for these changes:\n([\s\S]*?)(\n\n|$)/,
      );
      return {
        hypothesis: capture(user, /^Hypothesis: "(.*)" \(topic "/m),
        topic: capture(user, /\(topic "(.*)"\)\.$/m),
        domain: domainOf(system),
        review: comments ? comments.split('\n').map((c) => c.replace(/^- /, '')) : null,
      };
    },
  },
  blueprint_review: {
    task: 'research.blueprint_review',
    read: (system, user) => ({
      blueprint: jsonAfter(user, 'concrete comments.'),
      domain: domainOf(system),
      strictness: capture(user, /with "(.*?)" strictness/, 'medium'),
    }),
  },
  generated_project: {
    task: 'research.code',
    read: (_system, user) => ({ blueprint: jsonAfter(user, 'Blueprint:\n') }),
  },
  analysis_text: {
    task: 'research.analysis',
    read: (_system, user) => ({ facts: jsonAfter(user, 'Statistics:\n') }),
  },
  paper_text: {
    task: 'research.paper',
    read: (system, user) => ({
      topic: capture(user, /Write a short paper on "(.*)" for readers in /),
      domain: domainOf(system),
      hypothesis: {
        title: capture(user, /^Hypothesis \((.*)\): /m, 'A simulation study'),
        statement: capture(user, /^Hypothesis \(.*\): (.*)$/m),
        rationale: capture(user, /^Why it matters: (.*)$/m),
      },
      blueprint: jsonAfter(user, '\nBlueprint: '),
      analysis: jsonAfter(user, '\nAnalysis: '),
      figures: user.includes('the figure as @fig:') ? [{}] : [],
      references: [
        ...capture(user, /Cite sources only from this list, as \[@key\]: (.*)\.$/m).matchAll(
          /(?:^|; )([A-Za-z0-9_:-]+) \((.*?), (?:\d{4}|n\.d\.)\)/g,
        ),
      ].map((m) => ({ key: m[1], title: m[2] })),
    }),
  },
  review: {
    task: 'research.review',
    read: (system, user) => ({
      draft: jsonAfter(user, 'Paper: '),
      analysis: jsonAfter(user, '\n\nAnalysis: '),
      persona:
        REVIEWER_PERSONAS.find((p) => system.includes(`You review as ${p.brief}.`))?.id ??
        'reviewer',
    }),
  },
  meta_review: {
    task: 'research.meta_review',
    read: (_system, user) => ({
      reviews: jsonAfter(user, '/10; reviewers'),
      overall: Number(capture(user, /Average score ([\d.]+)\/10/, '5')),
    }),
  },
  rewritten_sentence: { task: 'research.paper_numbers', read: () => ({}) },
  distilled_knowledge: {
    task: 'research.distill',
    read: (_system, user) => {
      const summary = capture(user, /^\[analysis done\] (.*)$/m);
      return {
        topic: capture(user, /^Distil this run on "(.*)" \(/m),
        domain: capture(user, /^Distil this run on ".*" \((.*)\) into/m),
        feedback: jsonAfter(user, '\n\nFeedback: ') ?? [],
        artefacts: summary ? { analysis: { summary } } : {},
      };
    },
  },
};

/**
 * The tidy answer to a research pipeline request: valid JSON for its schema, as the offline
 * provider would build it from the same information. A LaTeX fix request gets a corrected
 * document (see latex-fixer.ts); an unknown request gets an empty object.
 */
export function researchTidyAnswer(request: WireRequest): string {
  const system = firstOf(request.messages, 'system');
  const user = firstOf(request.messages, 'user');
  if (request.schemaName === 'fixed_latex')
    return JSON.stringify({ tex: fixLatexLikeAModel(user) });
  const reader = request.schemaName ? READERS[request.schemaName] : undefined;
  const build = reader ? RESEARCH_BUILDERS[reader.task] : undefined;
  if (!reader || !build) return '{}';
  return JSON.stringify(build(reader.read(system, user)));
}
