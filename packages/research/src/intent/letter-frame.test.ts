import { test } from 'node:test';
import assert from 'node:assert/strict';
import { letterFrame } from './letter-frame.ts';

/** The text the action is read from: the letter's body, or the whole text. */
function letterBody(text: string): string {
  const { bodyStart, bodyEnd } = letterFrame(text);
  return text.slice(bodyStart, bodyEnd).trim();
}

test('a letter’s body is what its greeting and close frame', () => {
  assert.equal(
    letterBody(
      'Dear Sir or Madam,\n\nI hope this message finds you well. Could you explain what this ' +
        'service offers?\n\nWith kind regards,\nMargaret',
    ),
    'Could you explain what this service offers?',
  );
  assert.equal(
    letterBody('Good evening. How is the study progressing? Kind regards, E.A.'),
    'Good evening. How is the study progressing?',
  );
  assert.equal(
    letterBody(
      'Sehr geehrte Damen und Herren, bitte untersuchen Sie die Brückenermüdung. Mit ' +
        'freundlichen Grüßen, Helmut Brandt',
    ),
    'bitte untersuchen Sie die Brückenermüdung.',
  );
  assert.equal(
    letterBody('Quiero un estudio sobre el agua. Saludos, Ana'),
    'Quiero un estudio sobre el agua.',
  );
});

test('a message that only ends politely, or is all frame, is read whole', () => {
  for (const text of [
    'thanks for everything',
    'great work, thanks',
    'I want the best ideas',
    'Many thanks, Eleanor',
    'dear god this is slow',
  ]) {
    assert.equal(letterBody(text), text);
  }
});
