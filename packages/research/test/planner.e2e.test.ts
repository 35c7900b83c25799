import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, readSse, startService } from './helpers.ts';

test('feedback trains the planner over HTTP, and the trained planner picks the next hypothesis', async () => {
  const svc = await startService();
  try {
    const { api } = svc;
    await call('POST', `${api}/users`, {
      user_id: 'lea',
      domain: 'hydrology',
      risk_preference: 'medium',
    });
    const untrained = await call('GET', `${api}/users/lea/planner`);
    assert.equal(untrained.status, 200);
    assert.equal(untrained.body.version, 0);

    // In each run the user says which candidate they want: always the robustness one (h2).
    for (const topic of [
      'river floods',
      'groundwater recharge',
      'snowmelt timing',
      'urban drainage',
    ]) {
      const run = await call('POST', `${api}/runs`, {
        user_id: 'lea',
        topic,
        pause_after: ['ideation'],
      });
      await readSse(`${api}/runs/${run.body.run_id}/stream`, {
        stopWhen: (m) => m.event === 'awaiting_feedback',
      });
      const answered = await call('POST', `${api}/runs/${run.body.run_id}/feedback`, {
        text: 'go with h2',
      });
      assert.equal(answered.status, 200);
      await svc.service.engine.idle(run.body.run_id);
    }

    const trained = await call('POST', `${api}/users/lea/planner/train`);
    assert.equal(trained.status, 200);
    assert.equal(trained.body.version, 1);
    assert.equal(trained.body.trained, true);
    assert.ok(trained.body.pairs >= 4, `${trained.body.pairs} training pairs`);
    assert.equal(
      (await call('POST', `${api}/users/lea/planner/train`)).body.trained,
      false,
      'nothing new to learn',
    );
    assert.equal((await call('POST', `${api}/users/nobody/planner/train`)).status, 404);

    const run = await call('POST', `${api}/runs`, {
      user_id: 'lea',
      topic: 'drought indices',
      pause_after: ['ideation'],
    });
    const { messages } = await readSse(`${api}/runs/${run.body.run_id}/stream`, {
      stopWhen: (m) => m.event === 'awaiting_feedback',
    });
    const ranked = messages.find(
      (m) =>
        m.event === 'trajectory_event' &&
        (m.data.data as { kind: string }).kind === 'planner_ranked',
    );
    assert.ok(ranked, 'the trained planner ranks the candidates');
    const ideation = (await call('GET', `${api}/runs/${run.body.run_id}/artefacts`)).body.ideation;
    assert.equal(ideation.selected_id, 'h2');
    assert.match(ideation.selection_reason, /planner/);

    // Without the training, the same profile and topic would have gone elsewhere.
    await call('POST', `${api}/users`, {
      user_id: 'max',
      domain: 'hydrology',
      risk_preference: 'medium',
    });
    const control = await call('POST', `${api}/runs`, {
      user_id: 'max',
      topic: 'drought indices',
      pause_after: ['ideation'],
    });
    await readSse(`${api}/runs/${control.body.run_id}/stream`, {
      stopWhen: (m) => m.event === 'awaiting_feedback',
    });
    const untrainedChoice = (await call('GET', `${api}/runs/${control.body.run_id}/artefacts`)).body
      .ideation.selected_id;
    assert.notEqual(untrainedChoice, 'h2');
  } finally {
    await svc.close();
  }
});
