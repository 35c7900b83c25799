/** The slots a message can carry, as spans of its text. `name` becomes `user_id`. */
export const SPAN_SLOTS = [
  'name',
  'archetype',
  'domain',
  'risk_preference',
  'baseline_strictness',
  'persona_brief',
  'topic',
  'feedback',
] as const;
export type SpanSlot = (typeof SPAN_SLOTS)[number];

/** The tag set of the slot tagger: O, then B- and I- of each span slot. */
export const TAGS: readonly string[] = ['O', ...SPAN_SLOTS.flatMap((s) => [`B-${s}`, `I-${s}`])];

/** The slot a tag belongs to, or null for O. */
export function slotOf(tag: number): SpanSlot | null {
  return tag === 0 ? null : SPAN_SLOTS[(tag - 1) >> 1]!;
}

/** True for an I- tag. */
export function isInside(tag: number): boolean {
  return tag > 0 && (tag - 1) % 2 === 1;
}

/** A stretch of tokens tagged with one slot: a B- tag (or a stray I- tag) and the I- tags after it. */
export interface SpanRun {
  slot: SpanSlot;
  first: number;
  last: number;
}

/** The tagged spans of a message, in order. */
export function spanRuns(tags: readonly number[]): SpanRun[] {
  const runs: SpanRun[] = [];
  tags.forEach((tag, i) => {
    const slot = slotOf(tag);
    const open = runs.at(-1);
    if (slot && isInside(tag) && open?.slot === slot && open.last === i - 1) open.last = i;
    else if (slot) runs.push({ slot, first: i, last: i });
  });
  return runs;
}

/** The tagged spans of one slot, in order. */
export function runsOf(tags: readonly number[], slot: SpanSlot): SpanRun[] {
  return spanRuns(tags).filter((run) => run.slot === slot);
}

/** The words `tags` give to `slot`, in order and joined by spaces ("" when none). */
export function slotWords(
  tokens: readonly { raw: string }[],
  tags: readonly number[],
  slot: SpanSlot,
): string {
  return tokens
    .filter((_, i) => slotOf(tags[i] ?? 0) === slot)
    .map((t) => t.raw)
    .join(' ');
}

/** Tags tokens `first` to `last` (inclusive) as one span of `slot`: B- then I- tags. */
export function markSpan(tags: number[], slot: SpanSlot, first: number, last: number): void {
  const begin = TAGS.indexOf(`B-${slot}`);
  tags.fill(begin + 1, first, last + 1);
  tags[first] = begin;
}

/** The B- and I- tags of the risk and strictness slots. */
export const LEVEL_TAGS: ReadonlySet<number> = new Set(
  (['risk_preference', 'baseline_strictness'] as const).flatMap((slot) => [
    TAGS.indexOf(`B-${slot}`),
    TAGS.indexOf(`I-${slot}`),
  ]),
);
