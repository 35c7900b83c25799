import assert from 'node:assert/strict';
import { LLMError } from '../src/index.ts';

/** An `assert.rejects` check: an LLMError with this code and a message matching `pattern`. */
export function isLLMError(code: LLMError['code'], pattern: RegExp) {
  return (err: unknown): boolean => {
    assert.ok(err instanceof LLMError, `expected an LLMError, got ${String(err)}`);
    assert.equal(err.code, code);
    assert.match(err.message, pattern);
    return true;
  };
}
