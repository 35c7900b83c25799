import createClient, { type Client } from 'openapi-fetch';
import { detailOf, networkError, ResearchApiError } from './errors.ts';
import { followRunEvents, type FollowOptions } from './events.ts';
import type { paths } from './openapi.d.ts';
import type {
  CreateRunRequest,
  Health,
  IntentRequest,
  IntentResponse,
  Memory,
  PlannerStatus,
  PlannerTraining,
  RunArtefacts,
  RunEvent,
  RunSnapshot,
  RunUsage,
  Skill,
  SuccessBody,
  UserProfile,
  UserProfileInput,
} from './types.ts';

export interface ResearchClientOptions {
  /** The API's base: `http://127.0.0.1:8000/api`, or `/api` in a page the service serves. */
  baseUrl: string;
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
}

type Answer = { data?: unknown; error?: unknown; response: Response };

const enc = encodeURIComponent;

/**
 * The research service's API. Every call is typed from the service's OpenAPI document and
 * returns the answer's body, or throws a {@link ResearchApiError} with the service's `detail`.
 */
export class ResearchClient {
  /** The typed `openapi-fetch` client, for any route of the document. */
  readonly http: Client<paths>;
  readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;

  constructor(options: ResearchClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    // Looked up per call, so a fetch replaced after construction (tests, polyfills) is used.
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.http = createClient<paths>({
      baseUrl: this.baseUrl,
      fetch: (request) => this.fetchImpl(request),
    });
  }

  health(): Promise<Health> {
    return this.call<SuccessBody<'/health', 'get'>>(() => this.http.GET('/health'));
  }

  listUsers(): Promise<string[]> {
    return this.call<SuccessBody<'/users', 'get'>>(() => this.http.GET('/users'));
  }

  getUser(userId: string): Promise<UserProfile> {
    return this.call<SuccessBody<'/users/{user_id}', 'get'>>(() =>
      this.http.GET('/users/{user_id}', { params: { path: { user_id: userId } } }),
    );
  }

  /** Creates or updates a profile (fields left out take their defaults on creation). */
  saveUser(profile: UserProfileInput): Promise<UserProfile> {
    return this.call<SuccessBody<'/users', 'post'>>(() =>
      this.http.POST('/users', { body: profile }),
    );
  }

  skills(userId: string): Promise<Skill[]> {
    return this.call<SuccessBody<'/users/{user_id}/skills', 'get'>>(() =>
      this.http.GET('/users/{user_id}/skills', { params: { path: { user_id: userId } } }),
    );
  }

  memories(userId: string): Promise<Memory[]> {
    return this.call<SuccessBody<'/users/{user_id}/memories', 'get'>>(() =>
      this.http.GET('/users/{user_id}/memories', { params: { path: { user_id: userId } } }),
    );
  }

  trainPlanner(userId: string): Promise<PlannerTraining> {
    return this.call<SuccessBody<'/users/{user_id}/planner/train', 'post'>>(() =>
      this.http.POST('/users/{user_id}/planner/train', { params: { path: { user_id: userId } } }),
    );
  }

  planner(userId: string): Promise<PlannerStatus> {
    return this.call<SuccessBody<'/users/{user_id}/planner', 'get'>>(() =>
      this.http.GET('/users/{user_id}/planner', { params: { path: { user_id: userId } } }),
    );
  }

  intent(request: IntentRequest): Promise<IntentResponse> {
    return this.call<SuccessBody<'/intent', 'post'>>(() =>
      this.http.POST('/intent', { body: request }),
    );
  }

  startRun(request: CreateRunRequest): Promise<RunSnapshot> {
    return this.call<SuccessBody<'/runs', 'post'>>(() =>
      this.http.POST('/runs', { body: request }),
    );
  }

  /** Runs, newest first; one user's when `userId` is given. */
  listRuns(userId?: string): Promise<RunSnapshot[]> {
    return this.call<SuccessBody<'/runs', 'get'>>(() =>
      this.http.GET('/runs', { params: { query: userId ? { user_id: userId } : {} } }),
    );
  }

  getRun(runId: string): Promise<RunSnapshot> {
    return this.call<SuccessBody<'/runs/{run_id}', 'get'>>(() =>
      this.http.GET('/runs/{run_id}', { params: { path: { run_id: runId } } }),
    );
  }

  /** Answers a run's pause (409 unless it is `awaiting_feedback`). */
  feedback(runId: string, text: string): Promise<RunSnapshot> {
    return this.call<SuccessBody<'/runs/{run_id}/feedback', 'post'>>(() =>
      this.http.POST('/runs/{run_id}/feedback', {
        params: { path: { run_id: runId } },
        body: { text },
      }),
    );
  }

  artefacts(runId: string): Promise<RunArtefacts> {
    return this.call<SuccessBody<'/runs/{run_id}/artefacts', 'get'>>(() =>
      this.http.GET('/runs/{run_id}/artefacts', { params: { path: { run_id: runId } } }),
    );
  }

  usage(runId: string): Promise<RunUsage> {
    return this.call<SuccessBody<'/runs/{run_id}/usage', 'get'>>(() =>
      this.http.GET('/runs/{run_id}/usage', { params: { path: { run_id: runId } } }),
    );
  }

  /** The run's audit trail after `seq` `after`. */
  events(runId: string, after = 0): Promise<RunEvent[]> {
    return this.call<SuccessBody<'/runs/{run_id}/events', 'get'>>(() =>
      this.http.GET('/runs/{run_id}/events', {
        params: { path: { run_id: runId }, query: { after } },
      }),
    );
  }

  /** The paper's LaTeX source (404 until writing has completed). */
  paperTex(runId: string): Promise<string> {
    return this.call<string>(() =>
      this.http.GET('/runs/{run_id}/paper.tex', {
        params: { path: { run_id: runId } },
        parseAs: 'text',
      }),
    );
  }

  /** The compiled PDF (404 when there is none: no compiler, or compilation failed). */
  async paperPdf(runId: string): Promise<Uint8Array> {
    const bytes = await this.call<ArrayBuffer>(() =>
      this.http.GET('/runs/{run_id}/paper.pdf', {
        params: { path: { run_id: runId } },
        parseAs: 'arrayBuffer',
      }),
    );
    return new Uint8Array(bytes);
  }

  /**
   * The run's events, each once and in order, until `stream_end`; a dropped stream is
   * reopened with `Last-Event-ID` (see {@link followRunEvents}).
   */
  followRun(runId: string, options: FollowOptions = {}): AsyncGenerator<RunEvent> {
    return followRunEvents(this.urls.stream(runId), options, this.fetchImpl);
  }

  /** Addresses a browser opens itself (downloads, the stream). */
  readonly urls = {
    stream: (runId: string) => `${this.baseUrl}/runs/${enc(runId)}/stream`,
    pdf: (runId: string) => `${this.baseUrl}/runs/${enc(runId)}/paper.pdf`,
    tex: (runId: string) => `${this.baseUrl}/runs/${enc(runId)}/paper.tex`,
  };

  /** Runs a call; its body, or the failure as a {@link ResearchApiError}. */
  private async call<T>(request: () => Promise<Answer>): Promise<T> {
    let answer: Answer;
    try {
      answer = await request();
    } catch (err) {
      throw networkError(err, this.baseUrl || 'this origin');
    }
    const { data, error, response } = answer;
    if (!response.ok) {
      throw new ResearchApiError(
        response.status,
        detailOf(error, response.statusText || `HTTP ${response.status}`),
        `http_${response.status}`,
        error,
      );
    }
    return data as T;
  }
}
