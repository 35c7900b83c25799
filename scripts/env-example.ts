// Writes each service's .env.example from its config schema (every variable, at its
// default) and its README's configuration table (what each means). Usage: npm run env:example
import { readFileSync, writeFileSync } from 'node:fs';
import { renderEnvExample, type Setting } from '@hikma/service-kit';
import { voiceSettings } from '../packages/voice/src/config.ts';
import { researchSettings } from '../packages/research/src/config.ts';

const services: { dir: string; title: string; settings: Setting[] }[] = [
  { dir: 'voice', title: 'Voice service settings', settings: voiceSettings() },
  { dir: 'research', title: 'Research service settings', settings: researchSettings() },
];

for (const service of services) {
  const base = new URL(`../packages/${service.dir}/`, import.meta.url);
  const readme = readFileSync(new URL('README.md', base), 'utf8');
  const text = renderEnvExample({ title: service.title, settings: service.settings, readme });
  writeFileSync(new URL('.env.example', base), text);
  console.log(`packages/${service.dir}/.env.example: ${service.settings.length} settings`);
}
