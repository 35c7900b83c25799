import { z } from 'zod';

const positiveInt = z.number().int().positive();

/** Resource limits of one sandboxed run. Durations in milliseconds unless the name says otherwise. */
export const SandboxLimits = z.object({
  /** Wall-clock limit; the whole process tree is killed when it passes. */
  timeoutMs: positiveInt,
  /** CPU time (RLIMIT_CPU): SIGXCPU at this many seconds, SIGKILL one second later. */
  cpuSeconds: positiveInt,
  /** Address space (RLIMIT_AS); allocations beyond it raise MemoryError. */
  memoryBytes: positiveInt,
  /** Largest file the run may write (RLIMIT_FSIZE); writes beyond it fail with EFBIG. */
  maxFileBytes: positiveInt,
  /**
   * Processes plus threads in the sandbox's user namespace (RLIMIT_NPROC), counting unshare and
   * the supervisor; see README for when it binds.
   */
  maxProcesses: positiveInt,
  /**
   * Open file descriptors per process (RLIMIT_NOFILE, hard too): bounds the kernel memory a run
   * can hold in pipes and socket buffers, which no other limit counts.
   */
  maxOpenFiles: positiveInt,
  /** Bytes kept of stdout and of stderr, each; the tail is kept. */
  maxOutputBytes: positiveInt,
  /** Size of the run's private /tmp, a tmpfs (so it is memory, on top of memoryBytes). */
  tmpBytes: positiveInt,
});
export type SandboxLimits = z.infer<typeof SandboxLimits>;

/** Limits used for anything the caller does not set. */
export const DEFAULT_LIMITS: Readonly<SandboxLimits> = Object.freeze({
  timeoutMs: 60_000,
  cpuSeconds: 60,
  memoryBytes: 1024 ** 3,
  maxFileBytes: 32 * 1024 ** 2,
  maxProcesses: 64,
  maxOpenFiles: 256,
  maxOutputBytes: 64 * 1024,
  tmpBytes: 64 * 1024 ** 2,
});

/** Fills in defaults and validates; throws a ZodError on a non-positive or fractional limit. */
export function resolveLimits(overrides: Partial<SandboxLimits> = {}): Readonly<SandboxLimits> {
  const defined = Object.fromEntries(
    Object.entries(overrides).filter(([, value]) => value !== undefined),
  );
  return Object.freeze(SandboxLimits.parse({ ...DEFAULT_LIMITS, ...defined }));
}
