// Reads a V8 .cpuprofile (node --cpu-prof) and names where the time went: self time by
// function, and the inclusive time of a few functions of interest.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Share of the profiled time, by function. */
export interface ProfileSummary {
  file: string;
  totalMs: number;
  /** Time not idle (everything but `(idle)`). */
  busyMs: number;
  topSelf: { name: string; ms: number; percentOfBusy: number }[];
  inclusive: { name: string; ms: number; percentOfBusy: number }[];
}

function label(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const name = functionName || '(anonymous)';
  if (!url) return name;
  const short = url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, '')
    .replace(/^.*\/packages\//, 'packages/');
  // tsx compiles each TypeScript file to one line, so only the file says something there.
  return short.endsWith('.ts') ? `${name} ${short}` : `${name} ${short}:${lineNumber + 1}`;
}

/** Summarizes a profile; `interesting` are function names whose inclusive time is reported. */
export function summarizeProfile(file: string, interesting: string[], top = 15): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const totalUs = profile.endTime - profile.startTime;
  let idleUs = 0;
  const selfByLabel = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)') idleUs += us;
    else selfByLabel.set(label(node), (selfByLabel.get(label(node)) ?? 0) + us);
  }
  const busyUs = totalUs - idleUs;
  const percent = (us: number) => (busyUs > 0 ? (us / busyUs) * 100 : 0);

  // Inclusive time: a node's self time plus its subtree's, counted once per name on a path.
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusiveUs = new Map<string, number>(interesting.map((n) => [n, 0]));
  for (const [id, us] of selfUs) {
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const name = byId.get(cur)!.callFrame.functionName;
      if (inclusiveUs.has(name) && !seen.has(name)) {
        seen.add(name);
        inclusiveUs.set(name, inclusiveUs.get(name)! + us);
      }
    }
  }
  return {
    file,
    totalMs: totalUs / 1000,
    busyMs: busyUs / 1000,
    topSelf: [...selfByLabel]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000, percentOfBusy: percent(us) })),
    inclusive: [...inclusiveUs].map(([name, us]) => ({
      name,
      ms: us / 1000,
      percentOfBusy: percent(us),
    })),
  };
}
