import { randomBytes } from 'node:crypto';

/** Compact UTC timestamp for identifiers, e.g. 20261122T101530Z. */
function stamp(date = new Date()): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function hex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

/** `run-<timestamp>-<suffix>` (spec §2). */
export const newRunId = (): string => `run-${stamp()}-${hex(3)}`;
/** `proj-<timestamp>-<suffix>` (spec §2). */
export const newProjectId = (): string => `proj-${stamp()}-${hex(3)}`;
/** `skill-<hex>` (spec §2). */
export const newSkillId = (): string => `skill-${hex(6)}`;
/** `mem-<hex>` (spec §2). */
export const newMemoryId = (): string => `mem-${hex(6)}`;

/** Current time as an ISO 8601 UTC string. */
export const nowIso = (): string => new Date().toISOString();
