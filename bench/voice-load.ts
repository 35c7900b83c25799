// How far one voice instance goes: N concurrent talking sessions against the real service
// (Silero VAD, protocol, sessions, tenants; fast fakes for STT, LLM and TTS) in its own
// process, and against a bare `ws` echo server doing the same audio I/O, in the same run.
// Run: npm run bench:voice -- [--sessions 50,250,500] [--window-s 20] [--turn-detection semantic_vad]
//      [--profile] [--help]
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { EAGERNESS, type Eagerness } from '../packages/voice/src/protocol/session-config.ts';
import { SemanticSilence } from '../packages/voice/src/session/semantic-silence.ts';
import { EndOfTurnModel } from '../packages/voice/src/turn/end-of-turn.ts';
import { fliteSpeech16k } from './lib/flite-speech.ts';
import { speechCycle, vadTimeline } from './voice-load/audio.ts';
import { runOnce, waitForQuiet, type RunOptions } from './voice-load/run.ts';
import { printReport, writeChart, type Row, type SavedReport } from './voice-load/report.ts';
import { describeMachine, machineAtStart } from './lib/machine.ts';

const USAGE = `npm run bench:voice -- [options]
  --sessions <list>     concurrent sessions per step (default 50,250,500)
  --window-s <s>        measurement window per step (default 20)
  --silence-ms <ms>     silence after each utterance (default 2500: the reply ends before the next one)
  --noise-db <dB>       room noise under the speech and in the pauses, dBFS RMS (default -55; 'off' for digital silence)
  --text <text>         what Flite says and the scripted recogniser returns
  --turn-detection <t>  every session's turn detection: server_vad[:<silence_ms>] (default; 500 ms)
                        or semantic_vad[:<eagerness>] (auto unless given)
  --stt-partials-ms <ms>  scripted recogniser: a partial one word longer every <ms> of an
                        utterance's audio, as semantic_vad reads them (default 0: none)
  --stt-delay-ms <ms>   scripted recogniser: final this long after the utterance (default 0)
  --llm-delay-ms <ms>   LLM time to first token (default 0)
  --tts-delay-ms <ms>   synthesiser: first audio this long after each sentence (default 0)
  --sentence-ms <ms>    audio per synthesised sentence (default 1000, 24 kHz)
  --tenants <n>         API keys / tenants the sessions are spread over (default 4)
  --skip-baseline       do not run the bare ws server
  --vad-gather-ms <ms>  Silero VAD: wait at light load for a batch to fill (default: the service's)
  --vad-gather-windows <n>  Silero VAD: queued windows that start a call at once (default: the service's)
  --vad-thread <t>      Silero VAD inference in a 'worker' thread (the default) or on the 'main' thread
  --quiet-wait-s <s>    in all, wait up to this long (before steps) for other work on the machine to drop below half a core (default 20)
  --profile             run the voice server with --cpu-prof and print its top self-time functions
  --server-node-options <flags>  extra Node flags for the voice server, e.g. "--max-semi-space-size=32"
  --no-bufferutil       ws without its native masking (WS_NO_BUFFER_UTIL=1), in the server and the load generator
  --out <dir>           results directory (default bench/results)
  --replot <json>       print the tables and redraw the chart of a saved run (no measurement)`;

const { values } = parseArgs({
  options: {
    sessions: { type: 'string', default: '50,250,500' },
    'window-s': { type: 'string', default: '20' },
    'silence-ms': { type: 'string', default: '2500' },
    'noise-db': { type: 'string', default: '-55' },
    text: { type: 'string', default: 'what is the weather in london today' },
    'turn-detection': { type: 'string', default: 'server_vad' },
    'stt-partials-ms': { type: 'string', default: '0' },
    'stt-delay-ms': { type: 'string', default: '0' },
    'llm-delay-ms': { type: 'string', default: '0' },
    'tts-delay-ms': { type: 'string', default: '0' },
    'sentence-ms': { type: 'string', default: '1000' },
    tenants: { type: 'string', default: '4' },
    'skip-baseline': { type: 'boolean', default: false },
    'vad-gather-ms': { type: 'string' },
    'vad-gather-windows': { type: 'string' },
    'vad-thread': { type: 'string' },
    profile: { type: 'boolean', default: false },
    'server-node-options': { type: 'string', default: '' },
    'no-bufferutil': { type: 'boolean', default: false },
    'quiet-wait-s': { type: 'string', default: '20' },
    out: { type: 'string', default: 'bench/results' },
    replot: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (values.replot) {
  const saved = JSON.parse(readFileSync(values.replot, 'utf8')) as SavedReport;
  printReport(saved.rows);
  writeChart(saved, values.out);
  process.exit(0);
}

function positive(name: string, raw: string, max: number): number {
  const v = Number(raw);
  if (!Number.isFinite(v) || v < 0 || v > max)
    throw new Error(`--${name} must be 0..${max}, got "${raw}"`);
  return v;
}
const sessionSteps = values.sessions.split(',').map((s) => positive('sessions', s, 5000));
if (sessionSteps.some((n) => n < 1 || !Number.isInteger(n)))
  throw new Error('--sessions: whole numbers ≥ 1');
const windowMs = positive('window-s', values['window-s'], 600) * 1000;
const silenceMs = positive('silence-ms', values['silence-ms'], 30_000);
const noiseDb =
  values['noise-db'] === 'off' ? Number.NEGATIVE_INFINITY : Number(values['noise-db']);
if (!(noiseDb >= -120 && noiseDb <= 0) && noiseDb !== Number.NEGATIVE_INFINITY)
  throw new Error(`--noise-db must be -120..0 or off, got "${values['noise-db']}"`);
let quietWaitMs = positive('quiet-wait-s', values['quiet-wait-s'], 3600) * 1000;
const tenants = Math.max(1, Math.round(positive('tenants', values.tenants, 1000)));
const fakes = {
  sttDelayMs: positive('stt-delay-ms', values['stt-delay-ms'], 10_000),
  llmDelayMs: positive('llm-delay-ms', values['llm-delay-ms'], 10_000),
  ttsDelayMs: positive('tts-delay-ms', values['tts-delay-ms'], 10_000),
  sentenceMs: positive('sentence-ms', values['sentence-ms'], 10_000),
  text: values.text,
  sttPartialsMs: positive('stt-partials-ms', values['stt-partials-ms'], 10_000),
};

// Every session's turn detection, and the silence that ends its utterances (for calibration):
// under semantic_vad, the one the service's detector chooses. The scripted partials run ahead
// of the speech, so every word is heard before the pause and its first silent window decides.
const [detectionType, detectionArg] = values['turn-detection'].split(':');
let sessionBody = '{}';
let stopSilenceMs = 500;
if (detectionType === 'server_vad' && detectionArg !== undefined) {
  stopSilenceMs = positive('turn-detection', detectionArg, 10_000);
  sessionBody = JSON.stringify({
    turn_detection: { type: 'server_vad', silence_ms: stopSilenceMs },
  });
} else if (detectionType === 'semantic_vad') {
  const eagerness = (detectionArg ?? 'auto') as Eagerness;
  if (!EAGERNESS.includes(eagerness))
    throw new Error(`--turn-detection semantic_vad:<${EAGERNESS.join('|')}>`);
  sessionBody = JSON.stringify({ turn_detection: { type: 'semantic_vad', eagerness } });
  const detector = new SemanticSilence(EndOfTurnModel.load(), eagerness);
  if (fakes.sttPartialsMs > 0) detector.heard(fakes.text);
  stopSilenceMs = detector.silenceMs(32);
} else if (detectionType !== 'server_vad') {
  throw new Error(`--turn-detection: server_vad[:<ms>] or semantic_vad[:<eagerness>]`);
}
const vadThread = values['vad-thread'] as 'worker' | 'main' | undefined;
if (vadThread !== undefined && vadThread !== 'worker' && vadThread !== 'main')
  throw new Error('--vad-thread: worker or main');
const vad = {
  ...(values['vad-gather-ms'] !== undefined
    ? { gatherMs: positive('vad-gather-ms', values['vad-gather-ms'], 1000) }
    : {}),
  ...(values['vad-gather-windows'] !== undefined
    ? { gatherWindows: positive('vad-gather-windows', values['vad-gather-windows'], 100_000) }
    : {}),
  ...(vadThread ? { thread: vadThread } : {}),
};
const FRAME_MS = 40;
const GRACE_MS = 3000;

const machine = machineAtStart();
console.log(describeMachine(machine));

// The audio: Flite speech then silence, generated once; and where the VAD decides on it.
const work = mkdtempSync(join(tmpdir(), 'bench-voice-load-'));
const speech = fliteSpeech16k(fakes.text);
const cycle = speechCycle(speech, silenceMs, FRAME_MS, noiseDb);
const cycleMs = cycle.length / 32;
const warmupMs = cycleMs + 1500;
const maxFrames = Math.ceil((cycleMs + warmupMs + windowMs + GRACE_MS + 10_000) / FRAME_MS);
const cycles = Math.ceil((maxFrames * FRAME_MS) / cycleMs) + 1;
const timeline = await vadTimeline(cycle, cycles, FRAME_MS, stopSilenceMs);
const perCycle = timeline.started.length / cycles;
console.log(
  `audio: "${fakes.text}" (${(speech.length / 32).toFixed(0)} ms of Flite speech) + a pause = ${cycleMs} ms a cycle, ` +
    `over ${Number.isFinite(noiseDb) ? `room noise at ${noiseDb} dBFS` : 'digital silence'}, ` +
    `${FRAME_MS} ms frames; turn detection ${sessionBody === '{}' ? 'server_vad (default)' : sessionBody}, ` +
    `speech ends after ${stopSilenceMs} ms of silence; Silero decisions per cycle: ${perCycle.toFixed(2)} starts` +
    (timeline.started[0] && timeline.stopped[0]
      ? ` (first: start confirmed at ${timeline.started[0].atMs} ms, stop at ${timeline.stopped[0].atMs} ms)`
      : ''),
);
if (Math.abs(perCycle - 1) > 0.05)
  throw new Error('the VAD should find exactly one utterance per cycle');
const audioPath = join(work, 'cycle.pcm');
const timelinePath = join(work, 'timeline.json');
writeFileSync(audioPath, cycle);
writeFileSync(timelinePath, JSON.stringify(timeline));
console.log(
  `per step: connect, ${(warmupMs / 1000).toFixed(1)} s warm-up, ${windowMs / 1000} s window, ${GRACE_MS / 1000} s grace; ` +
    `fakes: STT +${fakes.sttDelayMs} ms, LLM +${fakes.llmDelayMs} ms, TTS +${fakes.ttsDelayMs} ms, ${fakes.sentenceMs} ms audio per sentence`,
);

const rows: Row[] = [];
try {
  for (const sessions of sessionSteps) {
    const row: Row = { sessions };
    const modes: ('echo' | 'voice')[] = values['skip-baseline'] ? ['voice'] : ['echo', 'voice'];
    for (const mode of modes) {
      const profileDir =
        values.profile && mode === 'voice'
          ? mkdtempSync(join(tmpdir(), 'voice-load-prof-'))
          : undefined;
      const options: RunOptions = {
        mode,
        sessions,
        windowMs,
        warmupMs,
        graceMs: GRACE_MS,
        tenants,
        fakes,
        vad,
        plan: {
          audioPath,
          timelinePath,
          frameMs: FRAME_MS,
          spreadMs: cycleMs,
          maxFrames,
          sessionBody,
        },
        ...(profileDir ? { profileDir } : {}),
        serverNodeOptions: values['server-node-options'].split(/\s+/).filter(Boolean),
        bufferUtil: !values['no-bufferutil'],
      };
      // The machine is shared: give other work a moment to finish, within a total budget.
      const waitStart = performance.now();
      const others = await waitForQuiet(50, quietWaitMs);
      quietWaitMs = Math.max(0, quietWaitMs - (performance.now() - waitStart));
      if (others >= 50)
        console.log(
          `  (other work on the machine uses ${others.toFixed(0)} % of a core; measuring anyway)`,
        );
      const t0 = performance.now();
      const result = await runOnce(options);
      row[mode] = result;
      console.log(
        `  ${mode.padEnd(5)} N=${sessions}: held ${result.client.held}/${sessions}, server ${result.serverCorePct.toFixed(0)} % of a core, ` +
          `load gen ${result.clientCorePct.toFixed(0)} %, others ${result.otherCorePct.toFixed(0)} %, ` +
          `load avg ${result.loadAverage[0]!.toFixed(2)} (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
      );
    }
    rows.push(row);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

printReport(rows);
mkdirSync(values.out, { recursive: true });
const report: SavedReport = {
  stamp: new Date().toISOString(),
  machine,
  options: {
    sessionSteps,
    windowMs,
    silenceMs,
    noiseDb,
    cycleMs,
    tenants,
    fakes,
    vad,
    turnDetection: values['turn-detection'],
    stopSilenceMs,
    serverNodeOptions: values['server-node-options'],
    bufferUtil: !values['no-bufferutil'],
  },
  rows,
};
const jsonPath = join(values.out, values.profile ? 'voice-load-profile.json' : 'voice-load.json');
writeFileSync(jsonPath, JSON.stringify(report, null, 2));
console.log(`\nwrote ${jsonPath}`);
// A profiled run is slower, so it does not replace the chart.
if (!values.profile) writeChart(report, values.out);
