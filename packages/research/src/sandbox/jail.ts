// What the project sees of the filesystem: the mount plan that jail.py executes inside the
// namespaces. The jail's root is a fresh read-only tmpfs holding only the system directories,
// the interpreter's prefixes and NumPy (all read-only), the work directory at /work, a private
// /tmp, /dev/null, /dev/zero, /dev/urandom and the namespace's own /proc. Nothing else of the
// host exists inside: no /etc/passwd, no /root, no data directory, no other run's work directory.
import { lstat, readlink, realpath } from 'node:fs/promises';
import { SandboxUnavailableError } from './errors.ts';
import type { PythonInstall } from './python-interpreter.ts';

/** The work directory's path inside the jail: the run's cwd and HOME. */
export const JAIL_WORK_DIR = '/work';
/** The jail's private tmpfs: TMPDIR of the run. */
export const JAIL_TMP_DIR = '/tmp';

/** One mount of the jail; targets are paths inside the jail. */
export type JailMount =
  | {
      kind: 'bind';
      source: string;
      target: string;
      /** Read-only unless set; every bind is nosuid. */
      writable: boolean;
      /** Keeps device files usable (no nodev); only for the /dev nodes. */
      device: boolean;
    }
  | { kind: 'tmpfs'; target: string; sizeBytes: number; mode: number }
  | { kind: 'proc'; target: string };

/** How to build the jail; the bootstrap runs it in order and then checks the result. */
export interface JailPlan {
  /** Directories created first, with their mode. Other parents of mount points are search-only. */
  dirs: { path: string; mode: number }[];
  mounts: JailMount[];
  /** Symlinks created in the jail's root, e.g. `/bin -> usr/bin`. */
  symlinks: { path: string; target: string }[];
  /** The run's cwd. */
  workDir: string;
}

/** A top-level system path of the host and what it is. */
export type SystemEntry =
  { path: string; kind: 'dir' } | { path: string; kind: 'symlink'; linkTo: string };

/** A path as the interpreter names it, and the same path with every symlink resolved. */
export interface HostPath {
  path: string;
  real: string;
}

/** What planJail needs to know about the host. */
export interface HostFacts {
  /** `/usr`, `/bin`, `/lib`... as found on the host (absent ones are left out). */
  system: SystemEntry[];
  /** The interpreter's prefixes and NumPy's site-packages. */
  python: HostPath[];
  /** Device nodes that exist on the host, from DEVICES. */
  devices: string[];
  /** Files and directories of /etc that exist on the host, from ETC. */
  etc: string[];
}

// Binaries and shared libraries Python and NumPy load. /bin, /sbin and /lib* are symlinks into
// /usr on merged-/usr systems, and real directories elsewhere.
const SYSTEM_PATHS = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];
const DEVICES = ['/dev/null', '/dev/zero', '/dev/urandom'];
// The loader's cache, and the alternatives that Debian's system NumPy reaches libblas through
// (/usr/lib/.../libblas.so.3 -> /etc/alternatives/...). No passwd, hosts or anything private.
const ETC = ['/etc/ld.so.cache', '/etc/alternatives'];
// Paths the jail itself provides; the interpreter cannot be mounted at or above them.
const RESERVED = [JAIL_WORK_DIR, JAIL_TMP_DIR, '/proc', '/dev', '/etc'];
const PROC_FD_LINKS = [
  { path: '/dev/fd', target: '/proc/self/fd' },
  { path: '/dev/stdin', target: '/proc/self/fd/0' },
  { path: '/dev/stdout', target: '/proc/self/fd/1' },
  { path: '/dev/stderr', target: '/proc/self/fd/2' },
];

function isWithin(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir === '/' ? '/' : `${dir}/`);
}

/**
 * The mount plan for one run: host work directory `workDir` (absolute, symlink-free) at
 * /work, a /tmp of `tmpBytes`. Throws SandboxUnavailableError when the interpreter lives where
 * the jail cannot expose it (e.g. under /tmp or /work).
 */
export function planJail(host: HostFacts, workDir: string, tmpBytes: number): JailPlan {
  const mounts: JailMount[] = [];
  const symlinks: JailPlan['symlinks'] = [];
  const readOnly: string[] = [];
  const covered = (path: string) => readOnly.some((dir) => isWithin(path, dir));
  const checkNotReserved = (path: string, what: string) => {
    const clash = RESERVED.find((r) => isWithin(path, r) || isWithin(r, path));
    if (clash) {
      throw new SandboxUnavailableError(
        `${what} "${path}" cannot be exposed in the jail: it clashes with the jail's ${clash}`,
      );
    }
  };
  const bindReadOnly = (path: string) => {
    readOnly.push(path);
    mounts.push({ kind: 'bind', source: path, target: path, writable: false, device: false });
  };

  for (const entry of host.system) {
    if (entry.kind === 'dir') bindReadOnly(entry.path);
    else symlinks.push({ path: entry.path, target: entry.linkTo });
  }
  // Ancestors first, so that a site-packages inside a prefix is not mounted twice.
  const python = [...host.python].sort((a, b) => a.real.length - b.real.length);
  for (const { path, real } of python) {
    if (!covered(real)) {
      checkNotReserved(real, 'the Python installation path');
      bindReadOnly(real);
    }
    // sys.path names the unresolved path (e.g. a prefix reached through a symlink).
    if (path !== real && !covered(path) && !symlinks.some((s) => isWithin(path, s.path))) {
      checkNotReserved(path, 'the Python installation path');
      symlinks.push({ path, target: real });
    }
  }
  for (const path of host.etc) bindReadOnly(path);

  mounts.push({
    kind: 'bind',
    source: workDir,
    target: JAIL_WORK_DIR,
    writable: true,
    device: false,
  });
  mounts.push({ kind: 'tmpfs', target: JAIL_TMP_DIR, sizeBytes: tmpBytes, mode: 0o1777 });
  for (const device of host.devices) {
    mounts.push({ kind: 'bind', source: device, target: device, writable: true, device: true });
  }
  mounts.push({ kind: 'proc', target: '/proc' });
  symlinks.push(...PROC_FD_LINKS);
  return {
    dirs: [
      { path: '/dev', mode: 0o755 },
      { path: '/etc', mode: 0o755 },
    ],
    mounts,
    symlinks,
    workDir: JAIL_WORK_DIR,
  };
}

async function kindOf(path: string): Promise<'dir' | 'symlink' | 'other' | null> {
  try {
    const stat = await lstat(path);
    if (stat.isSymbolicLink()) return 'symlink';
    return stat.isDirectory() ? 'dir' : 'other';
  } catch {
    return null;
  }
}

async function systemEntries(): Promise<SystemEntry[]> {
  const entries: SystemEntry[] = [];
  for (const path of SYSTEM_PATHS) {
    const kind = await kindOf(path);
    if (kind === 'dir') entries.push({ path, kind });
    else if (kind === 'symlink') entries.push({ path, kind, linkTo: await readlink(path) });
  }
  return entries;
}

async function existing(paths: string[]): Promise<string[]> {
  const kinds = await Promise.all(paths.map(kindOf));
  return paths.filter((_, i) => kinds[i] === 'dir' || kinds[i] === 'other');
}

const factsCache = new Map<string, Promise<HostFacts>>();

/** Looks up (once per interpreter) what planJail needs to know about the host. */
export function hostFacts(install: PythonInstall): Promise<HostFacts> {
  const key = install.executable;
  let facts = factsCache.get(key);
  if (!facts) {
    facts = (async () => {
      const paths = [...install.prefixes];
      if (install.numpySitePackages) paths.push(install.numpySitePackages);
      const python = await Promise.all(
        paths.map(async (path) => ({ path, real: await realpath(path) })),
      );
      const [system, devices, etc] = await Promise.all([
        systemEntries(),
        existing(DEVICES),
        existing(ETC),
      ]);
      return { system, python, devices, etc };
    })().catch((err: unknown) => {
      factsCache.delete(key);
      if (err instanceof SandboxUnavailableError) throw err;
      throw new SandboxUnavailableError(`cannot plan the jail: ${String(err)}`, { cause: err });
    });
    factsCache.set(key, facts);
  }
  return facts;
}
