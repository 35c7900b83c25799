// Writes src/openapi.d.ts from the research service's OpenAPI document:
// `npm run generate -w @hikma/research-client` (a test checks the two are in step).
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';

export const DOCUMENT = new URL('../../research/openapi.json', import.meta.url);
export const TYPES = new URL('./openapi.d.ts', import.meta.url);

/** The types of the OpenAPI document, as the checked-in file should hold them. */
export async function generateTypes(): Promise<string> {
  const document = JSON.parse(await readFile(DOCUMENT, 'utf8')) as Record<string, unknown>;
  // Fields with a default are optional in a request body; responses list theirs as required.
  const ast = await openapiTS(document as never, { defaultNonNullable: false });
  const path = fileURLToPath(TYPES);
  const options = (await resolveConfig(path)) ?? {};
  return format(COMMENT_HEADER + astToString(ast), { ...options, filepath: path });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await writeFile(TYPES, await generateTypes());
  console.log(`wrote ${fileURLToPath(TYPES)}`);
}
