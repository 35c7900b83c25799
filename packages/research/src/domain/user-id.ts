// What a user id may be. Users introduce themselves in the chat in their own script ("أنا
// ليلى" is the user ليلى), so an id is letters of any script, digits and `_ . @ -`; but the
// letters of one script only, the restriction Unicode's security mechanisms (UTS #39) give
// identifiers, so that "аdа" with a Cyrillic а cannot pass for the user "ada".

/** Letters or digits first, then also combining marks and `_ . @ -`; 64 characters at most. */
export const USER_ID_PATTERN = /^[\p{L}\p{N}][\p{L}\p{M}\p{N}_.@-]{0,63}$/u;
export const USER_ID_RULE = 'letters of one script, digits, _ . @ -; at most 64 characters';

/** Scripts written together count as one: Japanese mixes kanji and kana, Korean hanja. */
const SCRIPTS: readonly RegExp[] = [
  /\p{Script=Latin}/u,
  /\p{Script=Arabic}/u,
  /\p{Script=Cyrillic}/u,
  /\p{Script=Greek}/u,
  /\p{Script=Hebrew}/u,
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u,
  /\p{Script=Devanagari}/u,
  /\p{Script=Thai}/u,
];

/** True when every letter of `id` is of the same script (letters of no listed one are one). */
function oneScript(id: string): boolean {
  const seen = new Set<number>();
  for (const letter of id.match(/\p{L}/gu) ?? []) {
    seen.add(SCRIPTS.findIndex((script) => script.test(letter)));
  }
  return seen.size <= 1;
}

/** True when `id` can be a user id. */
export function isUserId(id: string): boolean {
  return USER_ID_PATTERN.test(id) && oneScript(id);
}
