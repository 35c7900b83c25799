// Writes the API documents that clients are generated from, as the code builds them:
// packages/research/openapi.json, packages/voice/openapi.json, packages/voice/asyncapi.json.
// Usage: npm run openapi (tests fail while a checked-in document differs from the code's).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { buildOpenApiDocument as researchOpenApi } from '../packages/research/src/http/openapi.ts';
import { buildOpenApiDocument as voiceOpenApi } from '../packages/voice/src/http/openapi.ts';
import { buildAsyncApiDocument as voiceAsyncApi } from '../packages/voice/src/http/asyncapi.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

function versionOf(pkg: string): string {
  const manifest = readFileSync(`${root}packages/${pkg}/package.json`, 'utf8');
  return (JSON.parse(manifest) as { version: string }).version;
}

const documents: { file: string; build: () => unknown }[] = [
  { file: 'packages/research/openapi.json', build: () => researchOpenApi(versionOf('research')) },
  { file: 'packages/voice/openapi.json', build: () => voiceOpenApi(versionOf('voice')) },
  { file: 'packages/voice/asyncapi.json', build: () => voiceAsyncApi(versionOf('voice')) },
];

for (const { file, build } of documents) {
  const path = `${root}${file}`;
  // Formatted as `prettier --check` expects, so the lint step passes on generated files.
  const text = await prettier.format(JSON.stringify(build()), {
    ...(await prettier.resolveConfig(path)),
    filepath: path,
  });
  let before = '';
  try {
    before = readFileSync(path, 'utf8');
  } catch {
    // a new document
  }
  if (before === text) {
    console.log(`${file}: up to date`);
    continue;
  }
  writeFileSync(path, text);
  console.log(`${file}: written`);
}
