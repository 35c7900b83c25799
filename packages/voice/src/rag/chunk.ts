import { sentences as splitSentences } from '@hikma/llm';

/** Splits a document into passages of about `target` characters at paragraph and sentence breaks. */
export function chunkText(text: string, target = 600): string[] {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const passages: string[] = [];
  let current = '';
  const push = () => {
    if (current) passages.push(current);
    current = '';
  };
  for (const paragraph of paragraphs) {
    const sentences = paragraph.length <= target ? [paragraph] : splitSentences(paragraph);
    for (const sentence of sentences) {
      if (current && current.length + sentence.length + 1 > target) push();
      current = current ? `${current} ${sentence}` : sentence;
      while (current.length > target * 2) {
        passages.push(current.slice(0, target));
        current = current.slice(target);
      }
    }
    if (current.length >= target / 2) push();
  }
  push();
  return passages;
}
