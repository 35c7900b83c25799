// Reading a pipeline request as it arrives over the OpenAI wire: the prompt text only, no
// `task` or `context`. What a model would need is in the prompt; these helpers find it.

/** A chat message as the wire carries it. */
export interface WireMessage {
  role: string;
  content: string;
}

/** The first message of a role (the stage's own prompt, not a later correction request). */
export function firstOf(messages: readonly WireMessage[], role: string): string {
  return messages.find((m) => m.role === role)?.content ?? '';
}

/** The first capture group of `pattern` in `text`, or `fallback`. */
export function capture(text: string, pattern: RegExp, fallback = ''): string {
  return pattern.exec(text)?.[1] ?? fallback;
}

/**
 * The JSON object or array that starts at the first `{` or `[` after `marker` (balanced,
 * strings respected), parsed; null when there is none.
 */
export function jsonAfter(text: string, marker: string): unknown {
  const at = text.indexOf(marker);
  if (at < 0) return null;
  const start = text.slice(at + marker.length).search(/[{[]/);
  if (start < 0) return null;
  const from = at + marker.length + start;
  let depth = 0;
  let inString = false;
  for (let i = from; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') depth++;
    else if ((ch === '}' || ch === ']') && --depth === 0) {
      try {
        return JSON.parse(text.slice(from, i + 1));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The researcher's field, from the shared system prompt ("... working with a researcher in X."). */
export function domainOf(system: string): string {
  return capture(system.split('\n')[0] ?? '', /working with a researcher in (.*)\.$/, 'the field');
}
