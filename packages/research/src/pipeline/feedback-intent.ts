/**
 * Whether feedback text only approves the paused stage ("ok", "looks good, continue")
 * or asks for changes (anything with substance beyond approval words).
 */
export function asksForChanges(text: string): boolean {
  const normal = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s']/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!normal) return false;
  if (
    /\b(but|change|instead|rather|should|could|please (add|use|make|remove|try)|add|remove|replace|focus|more|less|not|don't|no)\b/.test(
      normal,
    )
  ) {
    return !APPROVALS.has(normal);
  }
  const words = normal.split(' ');
  return !words.every((w) => APPROVAL_WORDS.has(w));
}

const APPROVALS = new Set(['no changes', 'no change', 'nothing to change', 'not bad']);
const APPROVAL_WORDS = new Set(
  (
    'ok okay k yes yep yeah sure fine good great perfect excellent nice looks look it is this that all ' +
    'continue proceed go ahead on approve approved accept accepted lgtm carry next keep going please ' +
    "thanks thank you sounds right correct agreed agree move forward let us lets let's do"
  ).split(' '),
);
