// The machine a benchmark ran on, as its saved results record it and its first line says.
import { cpus, loadavg, totalmem } from 'node:os';

export interface MachineAtStart {
  cores: number;
  cpu: string;
  ramGb: number;
  node: string;
  loadAverageAtStart: number[];
}

/** The machine now: cores, CPU model, memory, Node version and load average. */
export function machineAtStart(): MachineAtStart {
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    ramGb: totalmem() / 2 ** 30,
    node: process.version,
    loadAverageAtStart: loadavg(),
  };
}

/** "machine: 2 cores (…), 23.4 GB RAM, Node v20…, load average 0.52 0.61 0.70". */
export function describeMachine(m: MachineAtStart): string {
  return (
    `machine: ${m.cores} cores (${m.cpu}), ${m.ramGb.toFixed(1)} GB RAM, Node ${m.node}, ` +
    `load average ${m.loadAverageAtStart.map((l) => l.toFixed(2)).join(' ')}`
  );
}
