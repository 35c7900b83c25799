// Turn end with semantic_vad against server_vad (issue 19): spoken requests with a pause in
// the middle of the sentence (is the turn cut before the end?) and the same requests spoken
// whole (how long after the end of speech does the turn end?), each through a real session of
// the real service (Silero VAD, embedded PocketSphinx with its partials, the end-of-turn model),
// streamed at real time over a room's noise floor.
// Run: npm run bench:voice-turn-end -- [--voices slt,awb,rms,kal,espeak:en-us]
//      [--modes server_vad:500,semantic_vad:auto] [--concurrency 2] [--replay <json>] [--help]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { EAGERNESS, type Eagerness } from '../packages/voice/src/protocol/session-config.ts';
import { SILENCE_BOUNDS_MS } from '../packages/voice/src/session/semantic-silence.ts';
import {
  createSession,
  startVoice,
  VoiceClient,
  type RunningVoice,
} from '../packages/voice/test/helpers/service.ts';
import { machineCpuTicks, processCpuMs } from './lib/proc-stats.ts';
import {
  makeClips,
  readRequests,
  TAIL_MS,
  trainingOverlap,
  type Clip,
  type ClipSet,
  type Pause,
} from './voice-turn-end/clips.ts';
import { quantile } from './lib/stats.ts';
import { describeMachine, machineAtStart, type MachineAtStart } from './lib/machine.ts';

const USAGE = `npm run bench:voice-turn-end -- [options]
  --requests <file>     one request a line, " | " where the pause goes (default bench/voice-turn-end/requests.txt)
  --voices <list>       Flite voices, or espeak:<voice> for eSpeak NG, taken in turn (default slt,awb,rms,kal,espeak:en-us)
  --modes <list>        server_vad:<silence_ms> or semantic_vad:<eagerness> (default server_vad:500,semantic_vad:auto)
  --sets <list>         paused, complete or both (default paused,complete)
  --pause-ms <a>-<b>    pause inserted in mid-sentence, spread over the requests (default 600-900)
  --noise-db <dB>       pink noise under the whole clip, dBFS RMS (default -50)
  --concurrency <n>     sessions at a time (default 2)
  --limit <n>           only the first n requests
  --out <dir>           results directory (default bench/results)
  --verbose             one line per session
  --replay <json>       print the tables of a saved run (no measurement)`;

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: 'bench/voice-turn-end/requests.txt' },
    voices: { type: 'string', default: 'slt,awb,rms,kal,espeak:en-us' },
    modes: { type: 'string', default: 'server_vad:500,semantic_vad:auto' },
    sets: { type: 'string', default: 'paused,complete' },
    'pause-ms': { type: 'string', default: '600-900' },
    'noise-db': { type: 'string', default: '-50' },
    concurrency: { type: 'string', default: '2' },
    limit: { type: 'string' },
    out: { type: 'string', default: 'bench/results' },
    verbose: { type: 'boolean', default: false },
    replay: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

/** After the last frame: the turn's messages still on their way. */
const SETTLE_MS = 600;

type Mode = { label: string; turn_detection: Record<string, unknown>; eagerness?: Eagerness };
type Decision = { probability: number; silence_ms: number; transcript: string };

/** What one session (one clip in one mode) gave. */
interface Outcome {
  index: number;
  set: ClipSet;
  mode: string;
  text: string;
  voice: string;
  /** Audio time (from the session's first byte) where the speech ends. */
  speechEndMs: number;
  /** Paused clips: where the pause starts and ends. */
  pause?: Pause;
  /** `audio_end_ms` of every vad.speech_stopped, and its arrival after the stream began (ms). */
  stops: { audioEndMs: number; arrivalMs: number }[];
  /** The turn ended before the speech did. */
  cut: boolean;
  /** First stop at or after the end of speech: its audio_end_ms minus the end of speech. */
  latencyMs: number | null;
  /** The same from the arrival of the message against the wall clock of the stream. */
  wallLatencyMs: number | null;
  /** semantic_vad: the detector's decision in force when the first stop came. */
  decision?: Decision;
  /** Paused clips, semantic_vad: the decision in force when the speech resumed. */
  atPause?: Decision;
  /** Every decision, with its arrival against the audio clock (ms of audio sent). */
  decisions: (Decision & { atMs: number })[];
  finals: string[];
}

/** What a run saves as JSON (and `--replay` reads back). */
interface SavedRun {
  stamp: string;
  machine: MachineAtStart & {
    loadAverageAtEnd: number[];
    ownCorePct: number;
    machineCorePct: number;
    wallS: number;
  };
  options: {
    requests: string;
    voices: string[];
    modes: Mode[];
    sets: string[];
    pauseMs: [number, number];
    noiseDb: number;
    concurrency: number;
  };
  outcomes: Outcome[];
}

const list = (s: string) => s.split(',').filter((x) => x !== '');

function parseModes(spec: string): Mode[] {
  return list(spec).map((m) => {
    const [type, arg] = m.split(':');
    if (type === 'server_vad') {
      const silence = Number(arg ?? 500);
      return { label: `server_vad ${silence} ms`, turn_detection: { type, silence_ms: silence } };
    }
    const eagerness = (arg ?? 'auto') as Eagerness;
    if (type === 'semantic_vad' && EAGERNESS.includes(eagerness))
      return { label: `semantic_vad ${eagerness}`, turn_detection: { type, eagerness }, eagerness };
    throw new Error(`--modes: server_vad:<ms> or semantic_vad:<eagerness>, got "${m}"`);
  });
}

// ---- one session per clip and mode

async function runSession(voice: RunningVoice, clip: Clip, mode: Mode): Promise<Outcome> {
  const created = await createSession(voice.http, { turn_detection: mode.turn_detection });
  if (created.status !== 201) throw new Error(`POST /v1/sessions: ${JSON.stringify(created.body)}`);
  const client = await VoiceClient.connect(created.body);
  try {
    await client.waitFor('session.created');
    const t0 = performance.now();
    await client.streamAudio(clip.pcm);
    await sleep(SETTLE_MS);
    const stopped = client.of('vad.speech_stopped');
    const stops = stopped.map((m) => ({
      audioEndMs: m.audio_end_ms as number,
      arrivalMs: m.at - t0,
    }));
    const end = stops.find((s) => s.audioEndMs >= clip.speechEndMs);
    const decisions = client.of('turn_detection.decision');
    const inForce = (at: number): Decision | undefined => {
      const d = decisions.filter((m) => m.at <= at).at(-1);
      return (
        d && { probability: d.probability, silence_ms: d.silence_ms, transcript: d.transcript }
      );
    };
    const decision = inForce(stopped[0]?.at ?? Number.POSITIVE_INFINITY);
    const atPause = clip.pause ? inForce(t0 + clip.pause.endMs) : undefined;
    return {
      index: clip.index,
      set: clip.set,
      mode: mode.label,
      text: clip.text,
      voice: clip.voice,
      speechEndMs: clip.speechEndMs,
      ...(clip.pause ? { pause: clip.pause } : {}),
      stops,
      cut: stops.some((s) => s.audioEndMs < clip.speechEndMs),
      latencyMs: end ? end.audioEndMs - clip.speechEndMs : null,
      // The frame carrying audio time t leaves the client at about t0 + t - 20 ms.
      wallLatencyMs: end ? end.arrivalMs - clip.speechEndMs : null,
      ...(decision ? { decision } : {}),
      ...(atPause ? { atPause } : {}),
      decisions: decisions.map((d) => ({
        atMs: Math.round(d.at - t0),
        probability: d.probability,
        silence_ms: d.silence_ms,
        transcript: d.transcript,
      })),
      finals: client.of('transcript.final').map((m) => m.text as string),
    };
  } finally {
    client.close();
    await client.waitClosed().catch(() => undefined);
  }
}

async function measure(): Promise<SavedRun> {
  const pauseMs = values['pause-ms'].split('-').map(Number) as [number, number];
  if (!(pauseMs[0] >= 0 && pauseMs[1] >= pauseMs[0] && pauseMs[1] <= 5000))
    throw new Error(`--pause-ms: <min>-<max> in ms, got "${values['pause-ms']}"`);
  const noiseDb = Number(values['noise-db']);
  if (!(noiseDb >= -120 && noiseDb <= 0)) throw new Error('--noise-db: -120..0');
  const concurrency = Math.max(1, Math.min(8, Math.round(Number(values.concurrency))));
  const sets = list(values.sets);
  if (sets.length === 0 || sets.some((s) => s !== 'paused' && s !== 'complete'))
    throw new Error('--sets: paused, complete');
  const modes = parseModes(values.modes);
  const voices = list(values.voices);

  const requests = readRequests(
    values.requests,
    voices,
    pauseMs,
    values.limit ? Number(values.limit) : undefined,
  );
  const t = performance.now();
  const clips = makeClips(requests, sets, noiseDb);
  const audioS = clips.reduce((s, c) => s + c.pcm.length / 32_000, 0) * modes.length;
  console.log(
    `${requests.length} requests (${values.requests}), voices ${voices.join(', ')}, pauses ${pauseMs[0]}–${pauseMs[1]} ms, ` +
      `pink noise at ${noiseDb} dBFS; ${clips.length} clips made in ${((performance.now() - t) / 1000).toFixed(1)} s; ` +
      `${modes.length} modes, ${Math.round(audioS)} s of audio at real time, ${concurrency} sessions at a time`,
  );
  console.log(trainingOverlap(requests));
  const atStart = machineAtStart();
  console.log(describeMachine(atStart));

  // Every clip in every mode, the modes interleaved so that each sees the same machine.
  const jobs = clips.flatMap((clip) => modes.map((mode) => ({ clip, mode })));
  const outcomes: Outcome[] = [];
  const voice = await startVoice({ VOICE_TENANT_MAX_SESSIONS: String(concurrency + 2) });
  const cpu0 = processCpuMs(process.pid);
  const machine0 = machineCpuTicks();
  const t0 = performance.now();
  try {
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const { clip, mode } = jobs[next++]!;
        const o = await runSession(voice, clip, mode);
        outcomes.push(o);
        if (values.verbose) console.log(`  ${describe(o)}`);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    await voice.close();
  }
  const wallS = (performance.now() - t0) / 1000;
  const machine1 = machineCpuTicks();
  return {
    stamp: new Date().toISOString(),
    machine: {
      ...atStart,
      loadAverageAtEnd: loadavg(),
      ownCorePct: (processCpuMs(process.pid) - cpu0) / (wallS * 10),
      machineCorePct:
        ((100 * (machine1.busy - machine0.busy)) / (machine1.total - machine0.total)) *
        cpus().length,
      wallS,
    },
    options: {
      requests: values.requests,
      voices,
      modes,
      sets,
      pauseMs,
      noiseDb,
      concurrency,
    },
    outcomes: outcomes.sort((a, b) => a.index - b.index || a.set.localeCompare(b.set)),
  };
}

function describe(o: Outcome): string {
  const decision = (what: string, d: Decision | undefined) =>
    d ? `${what} p=${d.probability} ${d.silence_ms} ms "${d.transcript}"; ` : '';
  const stops = o.stops.map((s) => Math.round(s.audioEndMs - o.speechEndMs)).join(',') || '-';
  return (
    `${o.set.padEnd(8)} ${o.mode.padEnd(18)} ${o.voice.padEnd(12)} ${o.cut ? 'CUT ' : '    '}` +
    `stops ${stops} ${decision('at the pause', o.atPause)}${decision('at the stop', o.decision)}| ${o.text}`
  );
}

// ---- replaying the detector's decisions with a higher minimum (an estimate, not a measurement)

/**
 * The VAD's silence run starts about this long after the end of speech in the clip and is
 * counted in 32 ms windows.
 */
const VAD_LAG_MS = 80;
const VAD_WINDOW_MS = 32;

/**
 * When a turn would end (ms after `fromMs`, or null before `untilMs`) if the silence followed
 * the silence in force of the decisions this session received (`turn_detection.decision`
 * carries it), but never less than `minMs`. Speech resuming at `untilMs` ends the silence.
 */
function replayEnd(o: Outcome, fromMs: number, untilMs: number, minMs: number): number | null {
  const onset = fromMs + VAD_LAG_MS;
  for (let t = onset; t <= untilMs; t += VAD_WINDOW_MS) {
    const inForce = o.decisions.filter((d) => d.atMs <= t).at(-1)?.silence_ms ?? 500;
    if (t - onset >= Math.max(inForce, minMs)) return t + VAD_WINDOW_MS - fromMs;
  }
  return null;
}

function replayTable(run: SavedRun, mode: Mode): void {
  const paused = run.outcomes.filter((o) => o.set === 'paused' && o.mode === mode.label);
  const complete = run.outcomes.filter((o) => o.set === 'complete' && o.mode === mode.label);
  if (!mode.eagerness || paused.length === 0 || complete.length === 0) return;
  const cutBy = (o: Outcome, minMs: number) =>
    replayEnd(o, o.pause!.startMs, o.pause!.endMs + VAD_WINDOW_MS, minMs) !== null;
  const agree = paused.filter((o) => cutBy(o, 0) === o.cut).length;
  console.log(
    `\n${mode.label}: its decisions replayed with a higher least silence (an estimate: the ` +
      `replay as built agrees with the measured cut on ${agree} of ${paused.length} requests)`,
  );
  console.log('| least silence | cut | complete: median | p90 |');
  console.log('|---|--:|--:|--:|');
  const { min } = SILENCE_BOUNDS_MS[mode.eagerness];
  for (const minMs of [0, 400, 500, 600, 700]) {
    if (minMs !== 0 && minMs <= min) continue;
    const cut = paused.filter((o) => cutBy(o, minMs)).length;
    const lat = complete
      .map((o) => replayEnd(o, o.speechEndMs, o.speechEndMs + TAIL_MS, minMs) ?? TAIL_MS)
      .sort((x, y) => x - y);
    console.log(
      `| ${minMs === 0 ? `as built (${min} ms)` : `${minMs} ms`} | ${cut} / ${paused.length} | ` +
        `${Math.round(quantile(lat, 0.5))} ms | ${Math.round(quantile(lat, 0.9))} ms |`,
    );
  }
}

// ---- report

function report(run: SavedRun): void {
  const { machine: m, options, outcomes } = run;
  const pct = (n: number, d: number) => (d > 0 ? `${((100 * n) / d).toFixed(1)} %` : '–');
  const ms = (v: number) => (Number.isFinite(v) ? `${Math.round(v)} ms` : '–');
  const of = (set: Outcome['set'], mode: Mode) =>
    outcomes.filter((o) => o.set === set && o.mode === mode.label);
  const semantic = options.modes.filter((mode) => mode.eagerness);

  console.log(
    `\n${run.stamp}: ${outcomes.length} sessions in ${m.wallS.toFixed(0)} s; this process (service and clients) ` +
      `${m.ownCorePct.toFixed(0)} % of a core, the whole machine ${m.machineCorePct.toFixed(0)} % of a core ` +
      `(others ≈ ${Math.max(0, m.machineCorePct - m.ownCorePct).toFixed(0)} %), load average ` +
      `${m.loadAverageAtStart[0]!.toFixed(2)} → ${m.loadAverageAtEnd[0]!.toFixed(2)}`,
  );

  if (options.sets.includes('paused')) {
    console.log(
      `\nRequests with a ${options.pauseMs[0]}–${options.pauseMs[1]} ms pause in mid-sentence: ` +
        'cut = the turn ended (vad.speech_stopped) before the speech did',
    );
    console.log(
      '| turn detection | requests | cut | cut rate | more than one stop | no stop | end → stop p50 (uncut) |',
    );
    console.log('|---|--:|--:|--:|--:|--:|--:|');
    for (const mode of options.modes) {
      const os = of('paused', mode);
      const cut = os.filter((o) => o.cut).length;
      const lat = os
        .filter((o) => !o.cut && o.latencyMs !== null)
        .map((o) => o.latencyMs!)
        .sort((a, b) => a - b);
      console.log(
        `| ${mode.label} | ${os.length} | ${cut} | ${pct(cut, os.length)} | ` +
          `${os.filter((o) => o.stops.length > 1).length} | ${os.filter((o) => o.stops.length === 0).length} | ` +
          `${ms(quantile(lat, 0.5))} |`,
      );
    }
    console.log('\ncut by voice:');
    console.log(`| voice | ${options.modes.map((mode) => mode.label).join(' | ')} |`);
    console.log(`|---|${options.modes.map(() => '--:').join('|')}|`);
    for (const v of options.voices) {
      const cells = options.modes.map((mode) => {
        const os = of('paused', mode).filter((o) => o.voice === v);
        return `${os.filter((o) => o.cut).length} / ${os.length}`;
      });
      console.log(`| ${v} | ${cells.join(' | ')} |`);
    }
    for (const mode of semantic) {
      const cuts = of('paused', mode).filter((o) => o.cut);
      if (cuts.length === 0) continue;
      console.log(`\n${mode.label}, cut requests (the decisions from 1 s before the pause on):`);
      for (const o of cuts) {
        console.log(
          `  ${o.voice}: "${o.text}" (pause ${o.pause!.endMs - o.pause!.startMs} ms): ` +
            `stop ${Math.round(o.stops[0]!.audioEndMs - o.pause!.startMs)} ms into the pause`,
        );
        for (const d of o.decisions) {
          const at = d.atMs - o.pause!.startMs;
          if (at >= -1000 && at <= o.pause!.endMs - o.pause!.startMs)
            console.log(
              `    ${at} ms: p=${d.probability} → ${d.silence_ms} ms on "${d.transcript}"`,
            );
        }
      }
    }
  }

  if (options.sets.includes('complete')) {
    console.log(
      '\nComplete utterances: end of speech (in the clip) → vad.speech_stopped (its audio_end_ms; ' +
        'the arrival against the audio clock in brackets)',
    );
    console.log(
      '| turn detection | utterances | median | p90 | mean | max | median (arrival) | cut before the end | no stop |',
    );
    console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|');
    for (const mode of options.modes) {
      const os = of('complete', mode);
      const lat = os
        .filter((o) => o.latencyMs !== null)
        .map((o) => o.latencyMs!)
        .sort((a, b) => a - b);
      const wall = os
        .filter((o) => o.wallLatencyMs !== null)
        .map((o) => o.wallLatencyMs!)
        .sort((a, b) => a - b);
      const mean = lat.reduce((s, v) => s + v, 0) / lat.length;
      console.log(
        `| ${mode.label} | ${os.length} | ${ms(quantile(lat, 0.5))} | ${ms(quantile(lat, 0.9))} | ${ms(mean)} | ` +
          `${ms(lat.at(-1) ?? NaN)} | ${ms(quantile(wall, 0.5))} | ${os.filter((o) => o.cut).length} | ` +
          `${os.filter((o) => o.stops.length === 0).length} |`,
      );
    }
    for (const mode of semantic) {
      const slow = of('complete', mode).filter((o) => o.decision && o.decision.silence_ms >= 800);
      if (slow.length === 0) continue;
      console.log(`\n${mode.label}, complete utterances it read as unfinished (silence ≥ 800 ms):`);
      for (const o of slow)
        console.log(
          `  ${o.voice}: "${o.text}" — p=${o.decision!.probability} → ${o.decision!.silence_ms} ms on "${o.decision!.transcript}"`,
        );
    }
  }

  for (const mode of semantic) replayTable(run, mode);
}

if (values.replay) {
  report(JSON.parse(readFileSync(values.replay, 'utf8')) as SavedRun);
} else {
  const run = await measure();
  mkdirSync(values.out, { recursive: true });
  const jsonPath = join(values.out, 'voice-turn-end.json');
  writeFileSync(jsonPath, JSON.stringify(run, null, 2));
  report(run);
  console.log(`\nwrote ${jsonPath}`);
}
