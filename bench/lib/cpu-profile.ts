import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** One function's share of a V8 CPU profile. */
export interface ProfileEntry {
  /** `name (file:line)`; `(program)`, `(garbage collector)` and `(idle)` as V8 names them. */
  name: string;
  selfMs: number;
  /** Time with this function anywhere on the stack. */
  totalMs: number;
  /** Self time over all sampled time, idle included. */
  selfShare: number;
}

/** A `.cpuprofile` summary: top functions by self time, and inclusive time of chosen groups. */
export interface ProfileSummary {
  sampledMs: number;
  idleMs: number;
  entries: ProfileEntry[];
  /** Inclusive time of each group (a frame whose function name or file matches the pattern). */
  groups: Record<string, number>;
}

/**
 * Summarises a profile written by `node --cpu-prof`. `windowUs` (microseconds on the
 * monotonic clock of `process.hrtime`, which V8's profile timestamps use) restricts it to the
 * samples taken inside the measurement window.
 */
export function summarizeCpuProfile(
  path: string,
  options: { top?: number; windowUs?: [number, number]; groups?: Record<string, RegExp> } = {},
): ProfileSummary {
  const { top = 15, windowUs, groups = {} } = options;
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const byId = new Map<number, ProfileNode>();
  const parent = new Map<number, number>();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  const keys = new Map<number, string>();
  const keyOf = (node: ProfileNode): string => {
    let key = keys.get(node.id);
    if (key === undefined) {
      const { functionName, url, lineNumber } = node.callFrame;
      const name = functionName || '(anonymous)';
      const file = url
        .replace(/^file:\/\//, '')
        .replace(/^.*\/node_modules\//, '')
        .replace(/^.*?\/(packages|bench)\//, '$1/');
      key = url ? `${name} (${file}:${lineNumber + 1})` : name;
      keys.set(node.id, key);
    }
    return key;
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const groupMs: Record<string, number> = Object.fromEntries(
    Object.keys(groups).map((g) => [g, 0]),
  );
  let sampledMs = 0;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (windowUs && (at < windowUs[0] || at > windowUs[1])) continue;
    // A sample lasts until the next one (DevTools' convention); the last one is dropped.
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (ms <= 0) continue;
    const leafNode = byId.get(profile.samples[i] as number);
    if (!leafNode) continue;
    sampledMs += ms;
    const leaf = keyOf(leafNode);
    self.set(leaf, (self.get(leaf) ?? 0) + ms);
    const seen = new Set<string>();
    const inGroup = new Set<string>();
    for (let id: number | undefined = leafNode.id; id !== undefined; id = parent.get(id)) {
      const n = byId.get(id);
      if (!n) break;
      const key = keyOf(n);
      if (!seen.has(key)) {
        seen.add(key);
        total.set(key, (total.get(key) ?? 0) + ms);
      }
      for (const [group, pattern] of Object.entries(groups)) {
        if (!inGroup.has(group) && pattern.test(key)) inGroup.add(group);
      }
    }
    for (const group of inGroup) groupMs[group] = (groupMs[group] ?? 0) + ms;
  }
  const entries = [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, selfMs]) => ({
      name,
      selfMs,
      totalMs: total.get(name) ?? selfMs,
      selfShare: sampledMs > 0 ? selfMs / sampledMs : 0,
    }));
  return { sampledMs, idleMs: self.get('(idle)') ?? 0, entries, groups: groupMs };
}
