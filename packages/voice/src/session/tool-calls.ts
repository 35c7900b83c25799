import { VoiceError } from '../errors.ts';

/**
 * Tool calls waiting for the client's `tool.result`: each resolves with the output, rejects
 * with `tool_timeout`, or with the turn's abort reason when the turn is cancelled.
 */
export class ToolCalls {
  private readonly waiters = new Map<string, (output: string) => void>();

  /** Resolves with the client's output for `callId`. */
  await(callId: string, timeoutMs: number, signal: AbortSignal): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        this.waiters.delete(callId);
      };
      const timer = setTimeout(() => {
        done();
        reject(new VoiceError('tool_timeout', `tool call ${callId} timed out`));
      }, timeoutMs);
      const onAbort = () => {
        done();
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiters.set(callId, (output) => {
        done();
        resolve(output);
      });
    });
  }

  /** A `tool.result` arrived; false when no call with that id is waiting. */
  resolve(callId: string, output: string): boolean {
    const resolve = this.waiters.get(callId);
    if (!resolve) return false;
    resolve(output);
    return true;
  }

  /** How many calls wait for their result. */
  get waiting(): number {
    return this.waiters.size;
  }

  /** The session ended: nobody waits any more. */
  clear(): void {
    this.waiters.clear();
  }
}
