import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { call, readSse, startService } from './helpers.ts';

test('with a citation provider configured, references come from it and every \\cite key is in the .bib', async () => {
  const queries: string[] = [];
  const openalex = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    queries.push(url.searchParams.get('search') ?? '');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        meta: { count: 2 },
        results: [
          {
            id: 'https://openalex.org/W1',
            doi: 'https://doi.org/10.1000/pollen.2019',
            display_name: 'Wild pollinators in fragmented landscapes',
            publication_year: 2019,
            authorships: [{ author: { display_name: 'Maria Gomez' } }],
            primary_location: { source: { display_name: 'Journal of Ecology' } },
          },
          {
            id: 'https://openalex.org/W2',
            doi: null,
            display_name: 'Habitat loss and bee decline',
            publication_year: 2021,
            authorships: [{ author: { display_name: 'Li Wei' } }],
            primary_location: null,
          },
        ],
      }),
    );
  });
  await new Promise<void>((r) => openalex.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(openalex.address() as { port: number }).port}`;
  const svc = await startService({
    RESEARCH_CITATIONS: 'openalex',
    RESEARCH_OPENALEX_BASE_URL: base,
    RESEARCH_OPENALEX_MAILTO: 'lab@example.org',
  });
  try {
    await call('POST', `${svc.api}/users`, { user_id: 'nia', domain: 'ecology' });
    const run = await call('POST', `${svc.api}/runs`, {
      user_id: 'nia',
      topic: 'pollinator decline',
      pause_after: [],
    });
    await readSse(`${svc.api}/runs/${run.body.run_id}/stream`, { timeoutMs: 120_000 });
    assert.ok(queries.some((q) => q.includes('pollinator decline')));
    const artefacts = (await call('GET', `${svc.api}/runs/${run.body.run_id}/artefacts`)).body;
    assert.deepEqual(artefacts.paper_draft.references.map((r: any) => r.title).sort(), [
      'Habitat loss and bee decline',
      'Wild pollinators in fragmented landscapes',
    ]);
    const tex = await (await fetch(`${svc.api}/runs/${run.body.run_id}/paper.tex`)).text();
    const cited = [...tex.matchAll(/\\cite\{([^}]+)\}/g)].flatMap((m) => m[1]!.split(','));
    assert.ok(cited.length >= 2, 'the paper cites the found sources');
    const bib = await readFile(
      join(dirname(artefacts.compiled_paper.tex_path), 'refs.bib'),
      'utf8',
    );
    for (const key of cited) assert.ok(bib.includes(`{${key},`), `${key} is in refs.bib`);
    assert.equal((artefacts.compiled_paper.warnings ?? []).length, 0);
  } finally {
    await svc.close();
    openalex.close();
  }
});
