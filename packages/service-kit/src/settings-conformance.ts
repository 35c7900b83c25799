// The tests that hold a service's settings story together, written once for both services:
// the config schema, the README's configuration table and `.env.example` name the same
// variables with the same defaults, and the defaults written out configure what unset does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { configTableNames, readEnvExample, renderEnvExample, type Setting } from './settings.ts';

export interface SettingsConformance {
  /** The `.env.example` title, as `npm run env:example` writes it. */
  title: string;
  settings: readonly Setting[];
  /** The package's README.md and .env.example. */
  readmeUrl: URL;
  envExampleUrl: URL;
  /** Settings that must be documented (ones a reader is sure to look for). */
  mustName: readonly string[];
  /** The service's configuration read from `env`, in a form that compares with deepEqual. */
  configFrom(env: Record<string, string>): unknown;
}

/** Registers the settings tests of one service with `node:test`. */
export function settingsConformance(s: SettingsConformance): void {
  const readme = readFileSync(s.readmeUrl, 'utf8');
  const envExample = readFileSync(s.envExampleUrl, 'utf8');
  const names = s.settings.map((setting) => setting.name).sort();

  test('every setting the config reads is in the README table, and the table names no other', () => {
    const table = configTableNames(readme);
    assert.deepEqual(
      names.filter((n) => !table.has(n)),
      [],
      'settings missing from the README',
    );
    assert.deepEqual(
      [...table].filter((n) => !names.includes(n)),
      [],
      'README rows the config does not read',
    );
    for (const must of s.mustName) assert.ok(names.includes(must), must);
  });

  test('.env.example is what npm run env:example makes of the schema and the README', () => {
    const expected = renderEnvExample({ title: s.title, settings: s.settings, readme });
    assert.equal(envExample, expected, 'run npm run env:example');
  });

  test('.env.example names every setting once, at its default, and nothing else', () => {
    const entries = readEnvExample(envExample);
    assert.deepEqual(entries.map((e) => e.name).sort(), names);
    for (const entry of entries) {
      const setting = s.settings.find((x) => x.name === entry.name)!;
      assert.equal(entry.value, setting.default ?? '', entry.name);
    }
  });

  test('the defaults in .env.example, set explicitly, configure the service as leaving them unset does', () => {
    const env = Object.fromEntries(
      readEnvExample(envExample)
        .filter((e) => e.value !== '')
        .map((e) => [e.name, e.value]),
    );
    assert.ok(Object.keys(env).length > 20);
    assert.deepEqual(s.configFrom(env), s.configFrom({}));
  });
}
