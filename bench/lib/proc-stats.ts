import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

/** Clock ticks per second of `/proc` CPU times (`getconf CLK_TCK`, almost always 100). */
export function clockTicksPerSecond(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    } catch {
      ticksPerSecond = 100;
    }
    if (!(ticksPerSecond > 0)) ticksPerSecond = 100;
  }
  return ticksPerSecond;
}

/** CPU time (user + system, all threads) a process has used, in ms, from `/proc/<pid>/stat`. */
export function processCpuMs(pid: number): number {
  return cpuMsOfStat(`/proc/${pid}/stat`);
}

/** CPU time one thread of a process has used, in ms (`tid` = `pid` is the main thread). */
export function threadCpuMs(pid: number, tid: number): number {
  return cpuMsOfStat(`/proc/${pid}/task/${tid}/stat`);
}

function cpuMsOfStat(path: string): number {
  const stat = readFileSync(path, 'utf8');
  // The command name may contain spaces and parentheses: fields start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / clockTicksPerSecond();
}

/** Resident set size of a process in KiB (`VmRSS` of `/proc/<pid>/status`). */
export function processRssKb(pid: number): number {
  return statusField(pid, 'VmRSS');
}

/** Peak resident set size of a process in KiB (`VmHWM`). */
export function processPeakRssKb(pid: number): number {
  return statusField(pid, 'VmHWM');
}

function statusField(pid: number, name: string): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!match) throw new Error(`no ${name} in /proc/${pid}/status`);
  return Number(match[1]);
}

/** Busy and total jiffies of all cores since boot (first line of `/proc/stat`). */
export function machineCpuTicks(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((a, b) => a + b, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0); // idle + iowait
  return { busy: total - idle, total };
}

/** CPU time (ms) of every thread of a process, by thread id, with the thread's name. */
export function threadsCpuMs(pid: number): Map<number, { name: string; cpuMs: number }> {
  const out = new Map<number, { name: string; cpuMs: number }>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      out.set(Number(tid), { name, cpuMs: threadCpuMs(pid, Number(tid)) });
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return out;
}
