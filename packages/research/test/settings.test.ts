import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { configTableNames, readEnvExample, renderEnvExample } from '@hikma/service-kit';
import { loadConfig, researchSettings } from '../src/config.ts';

// One settings story: the config schema, the README's configuration table and .env.example
// name the same variables with the same defaults.

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const envExample = readFileSync(new URL('../.env.example', import.meta.url), 'utf8');
const settings = researchSettings();
const names = settings.map((s) => s.name).sort();

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
  for (const must of [
    'RESEARCH_RUN_TOKEN_BUDGET',
    'RESEARCH_PAPER_MAX_PAGES',
    'RESEARCH_CITATIONS',
    'RESEARCH_OPENALEX_MAILTO',
    'RESEARCH_SEMANTIC_SCHOLAR_API_KEY',
    'LOG_FORMAT',
    'OTEL_EXPORTER_OTLP_ENDPOINT',
  ])
    assert.ok(names.includes(must), must);
});

test('.env.example is what npm run env:example makes of the schema and the README', () => {
  const expected = renderEnvExample({ title: 'Research service settings', settings, readme });
  assert.equal(envExample, expected, 'run npm run env:example');
});

test('.env.example names every setting once, at its default, and nothing else', () => {
  const entries = readEnvExample(envExample);
  assert.deepEqual(entries.map((e) => e.name).sort(), names);
  for (const entry of entries) {
    const setting = settings.find((s) => s.name === entry.name)!;
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
  const machine = { cores: 2, freeMemoryBytes: 8 * 1024 ** 3 };
  assert.deepEqual(loadConfig(env, machine), loadConfig({}, machine));
});
