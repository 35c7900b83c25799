// The measurement side of a server child: CPU, event-loop delay and timestamps at the edges
// of the window, reported to the parent over IPC (no endpoint is added to the service).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ParentToServer, ServerMessage, ServerSnapshot } from './ipc.ts';

/** Sends `ready`, then answers window edges with snapshots; `shutdown` calls `close` and exits. */
export function serveStats(options: {
  port: number;
  close: () => Promise<void>;
  vadStats?: () => { runs: number; frames: number; skipped?: number; inferenceMs?: number };
}): void {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const send = (m: ServerMessage) => process.send?.(m);
  const snapshot = (phase: 'start' | 'end'): ServerSnapshot => {
    const cpu = process.cpuUsage();
    return {
      type: 'snapshot',
      phase,
      hrtimeUs: Number(process.hrtime.bigint() / 1000n),
      cpuUs: cpu.user + cpu.system,
      ...(phase === 'end'
        ? {
            loopDelay: {
              p50: loop.percentile(50) / 1e6,
              p99: loop.percentile(99) / 1e6,
              max: loop.max / 1e6,
              mean: loop.mean / 1e6,
            },
          }
        : {}),
      ...(options.vadStats ? { vad: { ...options.vadStats() } } : {}),
      heapUsedMb: process.memoryUsage().heapUsed / 2 ** 20,
    };
  };
  process.on('message', (raw) => {
    const m = raw as ParentToServer;
    if (m.type === 'window-start') {
      loop.reset();
      send(snapshot('start'));
    } else if (m.type === 'window-end') {
      send(snapshot('end'));
    } else if (m.type === 'shutdown') {
      // A normal exit, so that --cpu-prof writes its profile.
      const timer = setTimeout(() => process.exit(0), 5000);
      void options.close().finally(() => {
        clearTimeout(timer);
        process.exit(0);
      });
    }
  });
  // The parent going away ends the child too (no orphaned servers).
  process.on('disconnect', () => process.exit(0));
  send({ type: 'ready', port: options.port, pid: process.pid });
}
