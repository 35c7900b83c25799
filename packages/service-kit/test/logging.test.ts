import { test } from 'node:test';
import assert from 'node:assert/strict';
import { acceptedRequestId, createLogger, requestIdOf, resolveLogFormat } from '../src/index.ts';
import { LogCapture } from '../src/testing.ts';

test('a client request id is kept when it is short and plain, replaced otherwise', () => {
  for (const good of [
    'abc',
    '0f8fad5b-d9cb-469f-a165-70867728950e',
    '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
    'Root=1-67891233-abcdef012345678912345678',
    'a'.repeat(128),
  ])
    assert.equal(acceptedRequestId(good), good);
  for (const bad of ['', 'a'.repeat(129), 'has space', 'new\nline', 'quote"', '<x>', 'é'])
    assert.equal(acceptedRequestId(bad), undefined, JSON.stringify(bad));
  assert.equal(acceptedRequestId(['first', 'second']), 'first');
  assert.equal(requestIdOf({ headers: { 'x-request-id': 'given-1' } }), 'given-1');
  assert.match(requestIdOf({ headers: { 'x-request-id': 'bad id' } }), /^[0-9a-f-]{36}$/);
  assert.match(requestIdOf({ headers: {} }), /^[0-9a-f-]{36}$/);
});

test('auto is pretty on a terminal and JSON elsewhere; an explicit format wins', () => {
  assert.equal(resolveLogFormat('auto', true), 'pretty');
  assert.equal(resolveLogFormat('auto', false), 'json');
  assert.equal(resolveLogFormat('json', true), 'json');
  assert.equal(resolveLogFormat('pretty', false), 'pretty');
});

test('JSON lines carry the service name and child bindings', () => {
  const out = new LogCapture();
  const log = createLogger({ service: 'voice', level: 'info', format: 'json', destination: out });
  log.child({ session_id: 'sess_1', tenant: 'acme' }).info({ reason: 'x' }, 'session closed');
  assert.equal(out.entries.length, 1);
  const [entry] = out.entries;
  assert.equal(entry!.name, 'voice');
  assert.equal(entry!.session_id, 'sess_1');
  assert.equal(entry!.tenant, 'acme');
  assert.equal(entry!.msg, 'session closed');
});

test('pretty lines are one human-readable line each, fields after the message', () => {
  const out = new LogCapture();
  const log = createLogger({
    service: 'research',
    level: 'info',
    format: 'pretty',
    destination: out,
  });
  log.child({ run_id: 'run_1' }).warn({ stage: 'coding' }, 'run failed');
  log.debug('not at this level');
  assert.equal(out.text.length, 1);
  const [line] = out.text;
  assert.equal(out.entries.length, 0, 'not JSON');
  assert.match(line!, /^\[\d\d:\d\d:\d\d\.\d{3}\] WARN \(research\): run failed \{.*\}$/);
  assert.match(line!, /"run_id":"run_1"/);
  assert.match(line!, /"stage":"coding"/);
  assert.ok(!line!.includes('\u001b['), 'no colour codes when not writing to a terminal');
});
