import { z } from 'zod';
import { MEMORY_KINDS } from '../store/types.ts';
import { generateForStage, unlessFailed, type AfterStep, type AfterStepContext } from './stage.ts';
import type { RunEvent } from '../domain/events.ts';

const Distilled = z.object({
  skills: z
    .array(
      z.object({
        name: z.string().min(1).max(200),
        description: z.string().min(1).max(1000),
        procedure: z.string().min(1).max(4000),
        stage: z.string().min(1),
      }),
    )
    .max(8),
  memories: z
    .array(z.object({ kind: z.enum(MEMORY_KINDS), content: z.string().min(1).max(2000) }))
    .max(12),
});
export type Distilled = z.infer<typeof Distilled>;

/**
 * Distils a run's trajectory (stage summaries, trajectory events, the user's feedback and
 * the artefacts) into reusable skills and memories for the user, skipping duplicates.
 * Returns the ids of the entries that are new.
 */
export async function distillRun(
  ctx: AfterStepContext,
): Promise<{ newSkills: string[]; newMemories: string[] }> {
  const { history: store, run } = ctx;
  const events = await store.events.list(run.run_id);
  const trajectory = events
    .filter(
      (e): e is RunEvent<'trajectory_event' | 'stage_completed'> =>
        e.type === 'trajectory_event' || e.type === 'stage_completed',
    )
    .map((e) =>
      e.type === 'stage_completed'
        ? `[${e.data.stage} done] ${e.data.summary}`
        : `- ${e.data.label}`,
    );
  const feedback = (await store.feedback.list({ runId: run.run_id })).map((f) => ({
    stage: f.stage,
    text: f.text,
  }));
  const artefacts = Object.fromEntries(
    (await store.artefacts.latestAll(run.run_id)).map((a) => [a.kind, a.data]),
  );

  const distilled = await unlessFailed(
    ctx,
    {
      kind: 'knowledge_distill_failed',
      label: 'Nothing was distilled from this run: the model calls failed',
    },
    () =>
      generateForStage(ctx, {
        schema: Distilled,
        name: 'distilled_knowledge',
        task: 'research.distill',
        context: { topic: run.topic, domain: ctx.user.domain, feedback, artefacts },
        messages: [
          {
            role: 'system',
            content:
              "You maintain a researcher's skill bank and memory. Skills are reusable procedures (what worked, " +
              "with when it applies). Memories are facts, the researcher's preferences, and outcomes of runs.",
          },
          {
            role: 'user',
            content:
              `Distil this run on "${run.topic}" (${ctx.user.domain}) into at most 4 skills and 6 memories that ` +
              `will help future runs. Record every preference the researcher expressed in feedback.\n\nTrajectory:\n${trajectory.join('\n')}\n\n` +
              `Feedback: ${JSON.stringify(feedback)}`,
          },
        ],
      }),
  );
  if (!distilled) return { newSkills: [], newMemories: [] };

  const newSkills: string[] = [];
  const newMemories: string[] = [];
  for (const skill of distilled.skills) {
    const added = await store.skills.add(run.user_id, { ...skill, source_run_id: run.run_id });
    if (added.created) newSkills.push(added.skill.skill_id);
  }
  for (const memory of distilled.memories) {
    const added = await store.memories.add(run.user_id, { ...memory, source_run_id: run.run_id });
    if (added.created) newMemories.push(added.memory.memory_id);
  }
  await ctx.trace(
    'knowledge_distilled',
    `Distilled ${newSkills.length} new skill(s) and ${newMemories.length} new memory item(s)`,
    `${distilled.skills.length - newSkills.length} skill(s) and ${distilled.memories.length - newMemories.length} memory item(s) were already known.`,
    { new_skills: newSkills, new_memories: newMemories },
  );
  return { newSkills, newMemories };
}

/** Distillation as a step declared after a stage (the pipeline runs it after writing). */
export const distillStep: AfterStep = { name: 'distill', run: distillRun };
