// Fakes for the citation adapters' tests: a local HTTP server scripted per request, and
// response bodies shaped like the real APIs' (trimmed to the fields the adapters read).
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeResponse {
  status?: number;
  headers?: Record<string, string>;
  /** A string is sent as is (to send malformed JSON); anything else as JSON. */
  body?: unknown;
  /** Wait this long before answering (to provoke timeouts). */
  delayMs?: number;
}

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
}

export interface FakeServer {
  baseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * Starts a server on 127.0.0.1 and an ephemeral port answering request n with `script(n, req)`
 * (n from 0). Responses still pending when it closes are dropped.
 */
export async function startFakeServer(
  script: (n: number, req: RecordedRequest) => FakeResponse,
): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    const recorded = {
      method: req.method ?? 'GET',
      url: new URL(req.url ?? '/', 'http://fake'),
      headers: req.headers,
    };
    requests.push(recorded);
    const reply = script(requests.length - 1, recorded);
    const send = (): void => {
      const body = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
      res.end(body);
    };
    if (!reply.delayMs) return send();
    const timer = setTimeout(() => {
      timers.delete(timer);
      send();
    }, reply.delayMs);
    timers.add(timer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** An OpenAlex `/works?search=` answer: two works, one with a DOI and one without a venue. */
export const OPENALEX_WORKS = {
  meta: { count: 2, db_response_time_ms: 31, page: 1, per_page: 2 },
  results: [
    {
      id: 'https://openalex.org/W2963403868',
      doi: 'https://doi.org/10.48550/arXiv.1706.03762',
      display_name: 'Attention Is All You Need',
      publication_year: 2017,
      authorships: [
        {
          author_position: 'first',
          author: { id: 'https://openalex.org/A1', display_name: 'Ashish Vaswani' },
        },
        {
          author_position: 'middle',
          author: { id: 'https://openalex.org/A2', display_name: 'Noam Shazeer' },
        },
      ],
      primary_location: {
        is_oa: true,
        source: {
          id: 'https://openalex.org/S1',
          display_name: 'Neural Information Processing Systems',
        },
      },
    },
    {
      id: 'https://openalex.org/W3100000000',
      doi: null,
      display_name: 'On the <i>Warm-up</i> of   Learning Rates',
      publication_year: 2020,
      authorships: [{ author_position: 'first', author: { display_name: 'Liyuan Liu' } }],
      primary_location: { source: null },
    },
  ],
  group_by: [],
};

/** A Semantic Scholar `/paper/search` answer: the same Transformer paper, and another. */
export const SEMANTIC_SCHOLAR_SEARCH = {
  total: 2,
  offset: 0,
  next: 2,
  data: [
    {
      paperId: '204e3073870fae3d05bcbc2f6a8e263d9b72e776',
      externalIds: {
        DBLP: 'conf/nips/VaswaniSPUJGKP17',
        ArXiv: '1706.03762',
        DOI: '10.48550/ARXIV.1706.03762',
        CorpusId: 13756489,
      },
      url: 'https://www.semanticscholar.org/paper/204e3073870fae3d05bcbc2f6a8e263d9b72e776',
      title: 'Attention is All you Need',
      venue: 'Neural Information Processing Systems',
      year: 2017,
      authors: [
        { authorId: '40348417', name: 'Ashish Vaswani' },
        { authorId: '1846258', name: 'Noam M. Shazeer' },
      ],
    },
    {
      paperId: 'aaaa',
      externalIds: { CorpusId: 1 },
      url: 'https://www.semanticscholar.org/paper/aaaa',
      title: 'Bag of Tricks for Image Classification',
      venue: '',
      year: 2019,
      authors: [{ authorId: '1', name: 'Tong He' }],
    },
  ],
};
