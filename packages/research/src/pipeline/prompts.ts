import type { ChatMessage } from '@hikma/llm';
import type { Memory, Skill, UserProfile } from '../store/types.ts';

/**
 * The system prompt every stage shares. It is field-agnostic on purpose: the user's
 * domain and profile decide the vocabulary, methods and standards of evidence.
 */
export function systemPrompt(user: UserProfile, role: string): string {
  return [
    `You are ${role} working with a researcher in ${user.domain}.`,
    `Adapt terminology, methods, baselines and standards of evidence to ${user.domain}; do not assume any other field.`,
    `Researcher profile: archetype "${user.archetype}", risk preference "${user.risk_preference}", ` +
      `baseline strictness "${user.baseline_strictness}".` +
      (user.persona_brief ? ` In their words: ${user.persona_brief}` : ''),
    'Never invent data, numbers or citations. Every experiment must be a small simulation on synthetic data ' +
      'that runs offline with Python 3 and NumPy only.',
  ].join('\n');
}

/** The retrieved skills and memories, as a prompt section (empty when there are none). */
export function contextSection(skills: Skill[], memories: Memory[]): string {
  const parts: string[] = [];
  if (skills.length > 0) {
    parts.push('Skills from earlier work (reuse what applies):');
    for (const s of skills) parts.push(`- ${s.name}: ${s.description} Procedure: ${s.procedure}`);
  }
  if (memories.length > 0) {
    parts.push('What you remember about this researcher and their past runs:');
    for (const m of memories) parts.push(`- (${m.kind}) ${m.content}`);
  }
  return parts.join('\n');
}

/** Builds the message list for a stage call: system prompt, then the task text. */
export function stageMessages(
  user: UserProfile,
  role: string,
  task: string,
  extras: { skills: Skill[]; memories: Memory[]; revisionFeedback: string | null },
): ChatMessage[] {
  const context = contextSection(extras.skills, extras.memories);
  const revision = extras.revisionFeedback
    ? `\n\nThe researcher reviewed your previous output and asked for changes:\n"${extras.revisionFeedback}"\nRevise accordingly.`
    : '';
  return [
    { role: 'system', content: systemPrompt(user, role) },
    { role: 'user', content: `${task}${context ? `\n\n${context}` : ''}${revision}` },
  ];
}
