// Each fault a model's code can have, on the first coding answer of a run: the repair loop
// hears the problem in plain words and the second answer (tidy) completes the run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatEvent, ChatRequest, LLM } from '@hikma/llm';
import { researchTidyAnswer } from '../src/testing/chaos/tidy-responder.ts';
import { codeFaults } from '../src/testing/chaos/code-faults.ts';
import type { ContentFault } from '../src/testing/chaos/fault-types.ts';
import { call, readSse, startService } from './helpers.ts';

/** Tidy answers over the wire, with `fault` applied to the first coding answer. */
class FirstCodeFaultLLM implements LLM {
  readonly provider = 'first-code-fault';
  readonly defaultModel = 'tidy';
  readonly repairPrompts: string[] = [];
  private index = 0;
  private applied = false;
  constructor(private readonly fault: ContentFault) {}
  async *stream(request: ChatRequest): AsyncIterable<ChatEvent> {
    const schemaName = request.responseFormat?.name ?? null;
    const messages = request.messages.map((m) => ({
      role: m.role,
      content: typeof m.content === 'string' ? m.content : '',
    }));
    let text = researchTidyAnswer({ schemaName, messages });
    if (schemaName === 'generated_project') {
      if (this.applied) this.repairPrompts.push(messages[1]?.content ?? '');
      else {
        const broken = this.fault.apply(
          { body: {}, schemaName, messages, index: this.index },
          text,
          () => 0,
        );
        assert.ok(broken, `${this.fault.kind} applies to the tidy project`);
        text = broken;
        this.applied = true;
      }
    }
    this.index++;
    yield { type: 'text_delta', text };
    yield { type: 'done', finishReason: 'stop' };
  }
}

const EXPECTED: Record<string, RegExp | null> = {
  'code.import_pandas': /static check refused the code:[\s\S]*pandas/,
  'code.import_requests': /static check refused the code:[\s\S]*requests/,
  'code.syntax_error': /static check refused the code:\nmain\.py:\d+: invalid syntax/,
  'code.name_error': /NameError: name 'sample_count' is not defined/,
  'code.infinite_loop': /stopped at its time limit of 3 s/,
  'code.no_results': /finished without a usable results\.json/,
  'code.nan_infinity': /has NaN or Infinity values/,
  'code.wrong_conditions':
    /no results for the condition\(s\)[\s\S]*the blueprint does not have: "group_0"/,
  // Not a failure: the output is cut to its tail and the results are used.
  'code.print_flood': null,
};

test('every code fault is repaired by the repair loop, told the cause in plain words', async (t) => {
  const svc = await startService({ RESEARCH_SANDBOX_TIMEOUT_MS: '3000' });
  t.after(() => svc.close());
  await call('POST', `${svc.api}/users`, { user_id: 'cody' });
  for (const fault of codeFaults()) {
    await t.test(fault.kind, async () => {
      const llm = new FirstCodeFaultLLM(fault);
      // One service per fault would be slower; swap the engine's model between runs.
      (svc.service.engine as unknown as { deps: { llm: LLM } }).deps.llm = llm;
      const run = await call('POST', `${svc.api}/runs`, {
        user_id: 'cody',
        topic: `sensor drift (${fault.kind})`,
        pause_after: [],
      });
      await readSse(`${svc.api}/runs/${run.body.run_id}/stream`, { timeoutMs: 60_000 });
      const snap = (await call('GET', `${svc.api}/runs/${run.body.run_id}`)).body;
      assert.equal(snap.status, 'completed', snap.error);
      const { execution } = (await call('GET', `${svc.api}/runs/${run.body.run_id}/artefacts`))
        .body;
      const expected = EXPECTED[fault.kind] ?? null;
      if (expected === null) {
        assert.equal(execution.attempts, 1);
        assert.ok(execution.stdout_tail.length <= 4000, 'the output kept is a bounded tail');
      } else {
        assert.equal(execution.attempts, 2);
        assert.match(llm.repairPrompts[0] ?? '', expected);
      }
    });
  }
});
