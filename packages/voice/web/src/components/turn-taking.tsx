import { useEffect, useRef, useState } from 'react';
import type { ConsoleState, TurnDecision, TurnDetectorState } from '../lib/console-model.ts';
import { formatSeconds, idleCountdown } from '../lib/console-state.ts';

/** The strip chart's span of time. */
const WINDOW_MS = 20_000;
/** The chart's width before it is measured. */
const WIDTH = 320;
const HEIGHT = 54;
const PAD_Y = 7;
/** A decision that came after its utterance ended is drawn this long. */
const STUB_MS = 300;

/** The time now, refreshed every `periodMs` while `periodMs` is not null. */
function useNow(periodMs: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (periodMs === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), periodMs);
    return () => clearInterval(timer);
  }, [periodMs]);
  return now;
}

/** The chart's horizontal position of time `at`, for a chart `width` pixels wide. */
const xOf = (at: number, now: number, width: number) => width - ((now - at) / WINDOW_MS) * width;
const y = (p: number) => PAD_Y + (1 - p) * (HEIGHT - 2 * PAD_Y);

/** Where a decision stops holding: the next decision, or the end of its utterance. */
function holdsUntil(detector: TurnDetectorState, i: number, now: number): number {
  const d = detector.decisions[i] as TurnDecision;
  const next = detector.decisions[i + 1]?.at ?? Infinity;
  const span = detector.speech.findLast((s) => s.start <= d.at);
  const end = !span ? d.at + STUB_MS : span.end === null ? now : Math.max(span.end, d.at + STUB_MS);
  return Math.min(next, end, now);
}

/** The element's width in CSS pixels, so the chart draws in pixels (round dots, even lines). */
function useWidth(fallback: number) {
  const ref = useRef<SVGSVGElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** A step line of the probability that the user has finished, over the last 20 s. */
function ProbabilityStrip({ detector, now }: { detector: TurnDetectorState; now: number }) {
  const [ref, width] = useWidth(WIDTH);
  const x = (at: number) => xOf(at, now, width);
  const from = now - WINDOW_MS;
  // Each stroke is a run of decisions that held one after the other.
  const strokes: { x0: number; line: string }[] = [];
  let penX: number | null = null;
  const dots: { cx: number; cy: number; d: TurnDecision }[] = [];
  detector.decisions.forEach((d, i) => {
    const until = holdsUntil(detector, i, now);
    if (until < from) return;
    const x0 = x(Math.max(d.at, from));
    const x1 = x(until);
    const yy = y(d.probability).toFixed(1);
    const joined = penX !== null && Math.abs(penX - x0) < 0.5 && strokes.length > 0;
    if (joined) (strokes.at(-1) as { line: string }).line += ` V${yy} H${x1.toFixed(1)}`;
    else strokes.push({ x0, line: `M${x0.toFixed(1)},${yy} H${x1.toFixed(1)}` });
    penX = x1;
    if (d.at >= from) dots.push({ cx: x0, cy: y(d.probability), d });
  });
  const spans = detector.speech.filter((s) => (s.end ?? now) >= from);
  const last = detector.decisions.at(-1);
  const label = last
    ? `End-of-turn probability over the last ${WINDOW_MS / 1000} s; latest ${last.probability.toFixed(2)}, waiting ${last.silenceMs} ms of silence`
    : 'End-of-turn probability: no decision yet';
  return (
    <svg
      ref={ref}
      className="strip"
      viewBox={`0 0 ${width} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      data-testid="turn-strip"
      data-points={dots.length}
    >
      {spans.map((s) => {
        const x0 = x(Math.max(s.start, from));
        return (
          <rect
            key={s.start}
            className="strip-speech"
            x={x0}
            y={0}
            width={Math.max(1, x(s.end ?? now) - x0)}
            height={HEIGHT}
          />
        );
      })}
      <line className="strip-mid" x1={0} x2={width} y1={y(0.5)} y2={y(0.5)} />
      {strokes.map((st) => (
        <path
          key={`a${st.x0}`}
          className="strip-area"
          d={`${st.line} V${HEIGHT - PAD_Y} H${st.x0.toFixed(1)} Z`}
        />
      ))}
      {strokes.map((st) => (
        <path key={`l${st.x0}`} className="strip-line" d={st.line} />
      ))}
      {dots.map(({ cx, cy, d }, i) => (
        <circle
          key={`${d.at}:${i}`}
          className={d === last ? 'strip-dot last' : 'strip-dot'}
          cx={cx}
          cy={cy}
          r={d === last ? 3.5 : 2.5}
        >
          <title>
            p {d.probability.toFixed(2)} · {d.silenceMs} ms · “{d.transcript}”
          </title>
        </circle>
      ))}
    </svg>
  );
}

/** The end of the transcript the detector read, so the words it judged are visible. */
function tail(text: string, chars = 48): string {
  return text.length <= chars ? text : `…${text.slice(text.length - chars + 1).trimStart()}`;
}

function TurnDetector({ state, now }: { state: ConsoleState; now: number }) {
  const detection = state.session?.turn_detection;
  const detector = state.turnDetector;
  const last = detector.decisions.at(-1);
  return (
    <section className="turn-detector" aria-labelledby="turn-detector-title">
      <div className="turn-head">
        <h2 id="turn-detector-title">End of turn</h2>
        {detection?.type === 'semantic_vad' && (
          <span className="tag">semantic VAD · {detection.eagerness}</span>
        )}
      </div>
      <div className="turn-body">
        <ProbabilityStrip detector={detector} now={now} />
        <dl className="readout">
          <div>
            <dt>finished</dt>
            <dd data-testid="turn-probability">{last ? last.probability.toFixed(2) : '–'}</dd>
          </div>
          <div>
            <dt>silence chosen</dt>
            <dd data-testid="turn-silence">{last ? `${last.silenceMs} ms` : '–'}</dd>
          </div>
        </dl>
      </div>
      <div className="turn-foot">
        <p className="turn-read" title={last?.transcript}>
          {last
            ? last.transcript
              ? `read “${tail(last.transcript)}”`
              : 'read no words yet'
            : 'Speak: each decision of the detector is plotted here.'}
        </p>
        <p className="legend" aria-hidden="true">
          last {WINDOW_MS / 1000} s · <span className="swatch speech" /> speech ·{' '}
          <span className="swatch mid" /> 0.5
        </p>
      </div>
    </section>
  );
}

function IdleCountdown({ state, now }: { state: ConsoleState; now: number }) {
  const timeoutMs = state.session?.turn_detection.idle_timeout_ms ?? null;
  const countdown = idleCountdown(state, now);
  const lastNotice = state.turns.findLast((t) => t.kind === 'notice');
  if (timeoutMs === null) return null;
  const next = countdown?.action === 'close' ? 'session ends' : 're-prompt';
  return (
    <section
      className="idle"
      aria-labelledby="idle-title"
      data-testid="idle-countdown"
      data-state={countdown ? 'counting' : 'waiting'}
    >
      <div className="turn-head">
        <h2 id="idle-title">Idle</h2>
        <span className="tag">timeout {formatSeconds(timeoutMs)}</span>
      </div>
      {countdown ? (
        <div className="idle-count">
          <span
            className="idle-bar"
            role="progressbar"
            aria-label={`time left before the ${next === 're-prompt' ? 're-prompt' : 'session ends'}`}
            aria-valuemin={0}
            aria-valuemax={countdown.timeoutMs}
            aria-valuenow={Math.round(countdown.remainingMs)}
            aria-valuetext={formatSeconds(countdown.remainingMs)}
          >
            <span
              className={countdown.action === 'close' ? 'idle-fill closing' : 'idle-fill'}
              style={{
                transform: `scaleX(${(countdown.remainingMs / countdown.timeoutMs).toFixed(3)})`,
              }}
            />
          </span>
          <span className="idle-time" data-testid="idle-remaining">
            {formatSeconds(countdown.remainingMs)}
          </span>
          <span className="idle-next">→ {next}</span>
        </div>
      ) : (
        <p className="idle-wait">
          {state.connection === 'open' ? 'counts once the assistant has finished' : 'not connected'}
        </p>
      )}
      {/* Announced once per event; the countdown itself is not read out every tick. */}
      <p className="visually-hidden" role="status">
        {lastNotice?.text ?? ''}
      </p>
    </section>
  );
}

/** The turn detector's decisions and the idle countdown, when the session uses them. */
export function TurnTaking({ state }: { state: ConsoleState }) {
  const detection = state.session?.turn_detection;
  const showDetector =
    detection?.type === 'semantic_vad' || state.turnDetector.decisions.length > 0;
  const showIdle = (detection?.idle_timeout_ms ?? null) !== null;
  const open = state.connection === 'open';
  const counting = idleCountdown(state, Date.now()) !== null;
  const lastAt = Math.max(
    state.turnDetector.decisions.at(-1)?.at ?? 0,
    state.turnDetector.speech.at(-1)?.end ?? (state.turnDetector.speech.length ? Infinity : 0),
  );
  // Ticks only while something moves: the countdown, or the chart's last 20 s.
  const chartMoving = showDetector && open && Date.now() - lastAt < WINDOW_MS + 1000;
  const now = useNow(counting ? 100 : chartMoving ? 250 : null);
  if (!state.session || (!showDetector && !showIdle)) return null;
  return (
    <div className="turn-taking">
      {showDetector && <TurnDetector state={state} now={Math.max(now, lastTick(state))} />}
      {showIdle && <IdleCountdown state={state} now={Math.max(now, lastTick(state))} />}
    </div>
  );
}

/**
 * Events stamped after the clock's last tick must not draw in the future: the newest stamp
 * stands for now until the clock catches up.
 */
function lastTick(state: ConsoleState): number {
  const d = state.turnDetector;
  return Math.max(d.decisions.at(-1)?.at ?? 0, d.speech.at(-1)?.start ?? 0, state.idle.since);
}
