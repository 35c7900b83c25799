import { urls } from '../api.ts';
import type {
  AnalysisReport,
  Blueprint,
  CompiledPaper,
  ExecutionResult,
  GeneratedProject,
  IdeationArtefacts,
  Memory,
  PaperDraft,
  ReviewBundle,
  Skill,
} from '../types.ts';

/** Placeholder for an artefact that does not exist yet. */
export function NotYet({ what }: { what: string }) {
  return <p className="muted empty">{what}</p>;
}

const pct = (x: number) => `${Math.round(x * 100)}%`;
/** Numbers as a table shows them: 3 decimals, or scientific when very large or small. */
export const num = (x: number) =>
  x !== 0 && (Math.abs(x) >= 1e5 || Math.abs(x) < 1e-3) ? x.toExponential(2) : x.toFixed(3);
const words = (s: string) => s.replaceAll('_', ' ');

function Meter({ label, value }: { label: string; value: number }) {
  return (
    <span className="meter">
      <span>{label}</span>
      <meter min={0} max={1} value={value} aria-label={`${label} ${pct(value)}`} />
      <span>{pct(value)}</span>
    </span>
  );
}

/** The selected hypothesis first, then the other candidates. */
export function HypothesisView({ ideation }: { ideation: IdeationArtefacts }) {
  const selected = ideation.hypotheses.find((h) => h.id === ideation.selected_id);
  const others = ideation.hypotheses.filter((h) => h.id !== ideation.selected_id);
  return (
    <div className="stack">
      <p className="lead">{ideation.research_question}</p>
      {selected && (
        <article className="card card-selected" aria-label="Selected hypothesis">
          <p className="eyebrow">Selected hypothesis</p>
          <h3>{selected.title}</h3>
          <p>{selected.statement}</p>
          <p className="muted">{selected.rationale}</p>
          <div className="meters">
            <Meter label="Novelty" value={selected.novelty} />
            <Meter label="Feasibility" value={selected.feasibility} />
          </div>
          <p className="why">
            <strong>Why this one:</strong> {ideation.selection_reason}
          </p>
        </article>
      )}
      {others.length > 0 && (
        <>
          <h3 className="section-title">Other candidates</h3>
          <ul className="cards">
            {others.map((h) => (
              <li key={h.id} className="card">
                <h4>{h.title}</h4>
                <p>{h.statement}</p>
                <div className="meters">
                  <Meter label="Novelty" value={h.novelty} />
                  <Meter label="Feasibility" value={h.feasibility} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The experiment plan and its peer review. */
export function BlueprintView({ blueprint: b }: { blueprint: Blueprint }) {
  return (
    <div className="stack">
      <h3>{b.title}</h3>
      <p>{b.objective}</p>
      <p className="muted">
        <strong>Hypothesis:</strong> {b.hypothesis}
      </p>
      <div className="two-col">
        <section>
          <h4>Conditions</h4>
          <dl className="defs">
            {b.conditions.map((c) => (
              <div key={c.name}>
                <dt>
                  <code>{c.name}</code>
                </dt>
                <dd>{c.description}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section>
          <h4>Metrics</h4>
          <dl className="defs">
            {b.metrics.map((m) => (
              <div key={m.name}>
                <dt>
                  <code>{m.name}</code> {m.higher_is_better ? '↑' : '↓'}
                  {m.name === b.primary_metric && <span className="tag">primary</span>}
                </dt>
                <dd>{m.description}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
      <section>
        <h4>Procedure</h4>
        <ol className="tight">
          {b.procedure.map((step, i) => (
            <li key={i}>{step}</li>
          ))}
        </ol>
        <p className="muted">Seeds: {b.seeds.join(', ')}</p>
      </section>
      <p>
        <strong>Expected outcome:</strong> {b.expected_outcome}
      </p>
      {b.risks.length > 0 && (
        <section>
          <h4>Risks</h4>
          <ul className="tight">
            {b.risks.map((r, i) => (
              <li key={i}>{r}</li>
            ))}
          </ul>
        </section>
      )}
      {b.review && (
        <article className="card" aria-label="Peer review of the plan">
          <p className="eyebrow">Peer review</p>
          <p>
            <span className={`verdict verdict-${b.review.verdict}`}>{b.review.verdict}</span> score{' '}
            {b.review.score}/10
          </p>
          <ul className="tight">
            {b.review.comments.map((c, i) => (
              <li key={i}>{c}</li>
            ))}
          </ul>
        </article>
      )}
    </div>
  );
}

/** The generated project and what running it printed. */
export function CodeView({
  project,
  execution,
}: {
  project?: GeneratedProject;
  execution?: ExecutionResult;
}) {
  if (!project) return <NotYet what="The experiment code appears after the coding stage." />;
  return (
    <div className="stack">
      <p>{project.description}</p>
      {execution && (
        <p className="exec-summary">
          <span className={`verdict verdict-${execution.ok ? 'accept' : 'revise'}`}>
            {execution.ok ? 'ran successfully' : 'failed'}
          </span>{' '}
          {execution.attempts} attempt(s) · {(execution.duration_ms / 1000).toFixed(1)} s · exit
          code {execution.exit_code ?? '—'}
          {execution.timed_out && ' · timed out'}
        </p>
      )}
      {execution?.error && <p className="error-text">{execution.error}</p>}
      {project.files.map((file) => (
        <details key={file.path} className="code-file" open={file.path === project.entry}>
          <summary>
            <code>{file.path}</code>
            {file.path === project.entry && <span className="tag">entry</span>}
          </summary>
          <pre>
            <code>{file.content}</code>
          </pre>
        </details>
      ))}
      {execution && (
        <details className="code-file" open={!execution.ok}>
          <summary>Execution output</summary>
          <pre className="output">
            {execution.stdout_tail || '(no output)'}
            {execution.stderr_tail && `\n--- stderr ---\n${execution.stderr_tail}`}
          </pre>
        </details>
      )}
    </div>
  );
}

/** Statistics per condition and metric (with the 95% CI when present) and the findings. */
export function AnalysisView({ analysis: a }: { analysis: AnalysisReport }) {
  const hasCi = a.statistics.some((s) => s.ci95);
  return (
    <div className="stack">
      <p>{a.summary}</p>
      <p className="muted">
        Best condition: <strong>{a.best_condition ?? '—'}</strong> · Hypothesis{' '}
        <strong>
          {a.hypothesis_supported === null
            ? 'undecided'
            : a.hypothesis_supported
              ? 'supported'
              : 'not supported'}
        </strong>
      </p>
      <div className="table-wrap" tabIndex={0} role="region" aria-label="Statistics table">
        <table>
          <caption className="visually-hidden">Statistics per condition and metric</caption>
          <thead>
            <tr>
              <th scope="col">Condition</th>
              <th scope="col">Metric</th>
              <th scope="col">Mean</th>
              <th scope="col">SD</th>
              <th scope="col">n</th>
              {hasCi && <th scope="col">95% CI</th>}
            </tr>
          </thead>
          <tbody>
            {a.statistics.map((s) => (
              <tr
                key={`${s.condition}/${s.metric}`}
                className={s.condition === a.best_condition ? 'best' : undefined}
              >
                <th scope="row">{s.condition}</th>
                <td>{s.metric}</td>
                <td className="num">{num(s.mean)}</td>
                <td className="num">{num(s.std)}</td>
                <td className="num">{s.n}</td>
                {hasCi && (
                  <td className="num">{s.ci95 ? `[${num(s.ci95[0])}, ${num(s.ci95[1])}]` : '—'}</td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {a.findings.length > 0 && (
        <section>
          <h4>Findings</h4>
          <ul className="tight">
            {a.findings.map((f, i) => (
              <li key={i}>{f}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** The paper: the PDF inline when it compiled, the LaTeX source always, and the abstract. */
export function PaperView({
  runId,
  compiled,
  draft,
}: {
  runId: string;
  compiled?: CompiledPaper;
  draft?: PaperDraft;
}) {
  if (!compiled) return <NotYet what="The paper appears after the writing stage." />;
  return (
    <div className="stack">
      <p className="paper-links">
        {compiled.compiled && (
          <a className="button primary" href={urls.pdf(runId)} target="_blank" rel="noreferrer">
            Open the PDF
          </a>
        )}
        <a className="button" href={urls.tex(runId)} download={`${runId}.tex`}>
          Download LaTeX (.tex)
        </a>
      </p>
      {compiled.compiled ? (
        <iframe
          className="pdf"
          src={urls.pdf(runId)}
          title={`Paper PDF: ${draft?.title ?? runId}`}
        />
      ) : (
        <p className="muted">
          No PDF: {compiled.compile_error ?? 'no LaTeX compiler is installed on the service.'}
        </p>
      )}
      {draft && (
        <details open={!compiled.compiled}>
          <summary>{draft.title}</summary>
          {draft.authors.length > 0 && <p className="muted">{draft.authors.join(', ')}</p>}
          <h4>Abstract</h4>
          <p>{draft.abstract}</p>
          {draft.sections.map((s) => (
            <section key={s.heading}>
              <h4>{s.heading}</h4>
              <p className="prose">{s.body}</p>
            </section>
          ))}
        </details>
      )}
    </div>
  );
}

/** Each persona's review, then the area chair's meta-review. */
export function ReviewView({ review }: { review: ReviewBundle }) {
  const { meta } = review;
  return (
    <div className="stack">
      <article className="card card-selected" aria-label="Meta-review">
        <p className="eyebrow">Meta-review</p>
        <p>
          <span className={`verdict decision-${meta.decision}`}>{words(meta.decision)}</span>{' '}
          overall {meta.overall.toFixed(1)}/10 · reviewers{' '}
          {meta.consensus === 'agree' ? 'agree' : meta.consensus}
        </p>
        <p>{meta.summary}</p>
      </article>
      <ul className="cards">
        {review.reviews.map((r) => (
          <li key={r.persona} className="card">
            <p className="eyebrow">{words(r.persona)}</p>
            <p>
              <span className={`verdict decision-${r.decision}`}>{words(r.decision)}</span> overall{' '}
              {r.overall}/10 · confidence {r.confidence}/5
            </p>
            <p className="scores muted">
              Soundness {r.soundness}/4 · Presentation {r.presentation}/4 · Contribution{' '}
              {r.contribution}/4
            </p>
            <p>{r.summary}</p>
            <div className="two-col">
              <section>
                <h4>Strengths</h4>
                <ul className="tight">
                  {r.strengths.map((s, i) => (
                    <li key={i}>{s}</li>
                  ))}
                </ul>
              </section>
              <section>
                <h4>Weaknesses</h4>
                <ul className="tight">
                  {r.weaknesses.map((s, i) => (
                    <li key={i}>{s}</li>
                  ))}
                </ul>
              </section>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The user's skill bank and memories. */
export function LibraryView({
  userId,
  skills,
  memories,
}: {
  userId: string | null;
  skills: Skill[];
  memories: Memory[];
}) {
  if (!userId) return <NotYet what="Sign in to see your skills and memories." />;
  return (
    <div className="stack">
      <section>
        <h3 className="section-title">Skills ({skills.length})</h3>
        {skills.length === 0 ? (
          <NotYet what="No skills yet: they are distilled from each run after writing." />
        ) : (
          <ul className="cards">
            {skills.map((s) => (
              <li key={s.skill_id} className="card">
                <h4>
                  {s.name} <span className="tag">{s.stage}</span>
                </h4>
                <p>{s.description}</p>
                <details>
                  <summary>Procedure</summary>
                  <p className="prose">{s.procedure}</p>
                </details>
                <p className="muted small">Used {s.uses} time(s)</p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section>
        <h3 className="section-title">Memories ({memories.length})</h3>
        {memories.length === 0 ? (
          <NotYet what="No memories yet: they are kept from each finished run." />
        ) : (
          <ul className="memories">
            {memories.map((m) => (
              <li key={m.memory_id}>
                <span className={`tag kind-${m.kind}`}>{m.kind}</span> {m.content}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
