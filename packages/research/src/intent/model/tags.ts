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
