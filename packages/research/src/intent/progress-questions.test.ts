import { test } from 'node:test';
import assert from 'node:assert/strict';
import { asksProgress } from './progress-questions.ts';
import { tokenize } from './model/tokens.ts';

test('a short question of how far a run has got, in the languages the router reads', () => {
  const asks = (text: string) => asksProgress(tokenize(text));
  assert.equal(asks('Come procede?'), true);
  assert.equal(asks('kitna hua? Deadline hai meri Friday ko'), true);
  assert.equal(asks('واش سالا ولا مازال؟'), true);
  assert.equal(asks("Ci vuole ancora molto? Ho un'udienza alle tre."), true);
  assert.equal(asks('ya terminó?'), true);
  assert.equal(asks('¿va bien lo del móvil?'), true);
  // not without a question, nor a long message, nor one of no progress
  assert.equal(asks('done for today'), false);
  assert.equal(asks('how are you?'), false);
  assert.equal(
    asks('is it done yet? my supervisor keeps asking and I need to send her a draft tonight'),
    false,
  );
  // a longer one names the run, whose progress it asks
  assert.equal(
    asks('Good evening. Might I enquire as to the progress of the study I commissioned today?'),
    true,
  );
  assert.equal(
    asks(
      'Good evening. I do hope I am not being a nuisance, but might you tell me how the ' +
        'research is progressing? Kind regards, Margaret',
    ),
    true,
  );
  assert.equal(asks('If I change my strictness now, does it affect the paper in progress?'), false);
});
