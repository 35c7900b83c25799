// How far labellers agree: one labelling of the same phrasings scored as if it were a router
// against another shows how well the labelling conventions fix each slot, which bounds what
// any router can score against either.
import type { Example } from '../dataset/dataset.ts';
import type { Intent } from '../schema.ts';
import { evaluate, expectedSlots, type Evaluation, type Router } from './evaluate.ts';

/** A labelling as a router: each phrasing routed as the labels say. */
export function labelsAsRouter(labels: readonly Example[]): Router {
  const byText = new Map(labels.map((e) => [e.text, e]));
  return (request) => {
    const example = byText.get(request.text);
    if (!example) throw new Error(`no label for ${JSON.stringify(request.text)}`);
    const s = expectedSlots(example);
    const intent: Intent = {
      action: example.action,
      reply: '',
      user_id: s.user_id,
      topic: s.topic ?? '',
      feedback: s.feedback,
      profile: {
        domain: s.domain,
        archetype: s.archetype,
        risk_preference: s.risk_preference,
        baseline_strictness: s.baseline_strictness,
      },
    };
    return { intent };
  };
}

/**
 * The readers' labels against the sets' own (found by text among `sets`), the readers against
 * each other, and `route` against the sets' labels on the same phrasings.
 */
export function agreementRows(
  sets: readonly Example[],
  readers: readonly [string, readonly Example[]][],
  route: Router,
): [string, Evaluation][] {
  const own = new Map(sets.map((e) => [e.text, e]));
  const original = readers[0]![1].map((e) => {
    const found = own.get(e.text);
    if (!found) throw new Error(`no development set holds ${JSON.stringify(e.text)}`);
    return found;
  });
  const rows: [string, Evaluation][] = readers.map(([name, labels]) => [
    `${name} against the sets' labels`,
    evaluate(original, labelsAsRouter(labels)),
  ]);
  for (let i = 0; i < readers.length; i++) {
    for (let j = i + 1; j < readers.length; j++) {
      const [[a, first], [b, second]] = [readers[i]!, readers[j]!];
      rows.push([`${a} against ${b}`, evaluate(first as Example[], labelsAsRouter(second))]);
    }
  }
  rows.push([`learned router against the sets' labels`, evaluate(original, route)]);
  return rows;
}
