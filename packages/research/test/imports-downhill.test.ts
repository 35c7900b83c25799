// The service's modules form floors: `domain/` and the error registry at the bottom (with
// `telemetry/`, which is handed what it measures), storage
// and the paper, citation and sandbox toolkits above them, the pipeline that drives them above
// those, HTTP on top. An import may only point down (or sideways within its folder).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

/** For each folder of src/, the folders of src/ its modules may not import from. */
const FORBIDDEN: Record<string, string[]> = {
  domain: ['store', 'paper', 'citations', 'sandbox', 'planner', 'pipeline', 'http', 'intent'],
  store: ['paper', 'citations', 'sandbox', 'planner', 'pipeline', 'http', 'intent'],
  paper: ['store', 'pipeline', 'http', 'planner', 'intent'],
  citations: ['pipeline', 'http', 'planner', 'intent'],
  sandbox: ['store', 'paper', 'citations', 'planner', 'pipeline', 'http', 'intent'],
  planner: ['pipeline', 'http', 'intent'],
  narrator: ['pipeline', 'http'],
  pipeline: ['http'],
  telemetry: [
    'store',
    'paper',
    'citations',
    'sandbox',
    'planner',
    'pipeline',
    'http',
    'intent',
    'narrator',
  ],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Relative module specifiers a file imports or re-exports (static and dynamic). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g);
  return [...found].map((m) => m[1]!);
}

/** The folder of src/ a path is in ('' for a file directly in src/). */
function folderOf(path: string): string {
  const rel = relative(SRC, path);
  return rel.includes(sep) ? rel.split(sep)[0]! : '';
}

test('imports run downhill: no module imports from a floor above its own', () => {
  const violations: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const forbidden = FORBIDDEN[folderOf(file)] ?? [];
    for (const spec of importsOf(file)) {
      const target = folderOf(resolve(dirname(file), spec));
      if (forbidden.includes(target)) violations.push(`${relative(SRC, file)} imports ${spec}`);
    }
  }
  assert.deepEqual(violations, []);
});

test('the scan sees imports: store/ reads its types from domain/', () => {
  const imports = importsOf(join(SRC, 'store', 'types.ts'));
  assert.ok(imports.some((spec) => spec.startsWith('../domain/')));
});
