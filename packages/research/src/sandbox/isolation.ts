// How a run is isolated: the unshare command line, and the host's namespace ids that the
// bootstrap compares against its own to prove it is isolated before running anything. What the
// run sees of the filesystem is planned in jail.ts.
import { readlink } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { SandboxUnavailableError } from './errors.ts';
import type { JailPlan } from './jail.ts';
import type { SandboxLimits } from './limits.ts';

/** Namespaces the bootstrap must not share with the host. */
export const ISOLATED_NAMESPACES = ['user', 'net', 'pid', 'mnt', 'ipc'] as const;
export type HostNamespaces = Record<(typeof ISOLATED_NAMESPACES)[number], string>;

const BOOTSTRAP_PATH = fileURLToPath(new URL('./bootstrap.py', import.meta.url));

// -r maps the caller to root of a new user namespace, which lets an unprivileged caller create
// the others. -n: an empty network namespace (even loopback is down). -p -f: the entry cannot see
// or signal host processes, and everything dies with the namespace's pid 1. --kill-child: if
// unshare itself is killed, so is that pid 1. -m --mount-proc: a /proc that matches the pid
// namespace. -i: no System V / POSIX IPC shared with the host. The mount namespace is also where
// the bootstrap builds the filesystem jail (jail.py).
const UNSHARE_FLAGS = ['-r', '-n', '-p', '-f', '--kill-child', '-m', '--mount-proc', '-i'];

let hostNamespaces: Promise<HostNamespaces> | undefined;

/** The service's own namespace ids (`net:[4026531833]` etc.), read once. */
export function readHostNamespaces(): Promise<HostNamespaces> {
  hostNamespaces ??= (async () => {
    const entries = await Promise.all(
      ISOLATED_NAMESPACES.map(
        async (kind) => [kind, await readlink(`/proc/self/ns/${kind}`)] as const,
      ),
    );
    return Object.fromEntries(entries) as HostNamespaces;
  })().catch((err: unknown) => {
    hostNamespaces = undefined;
    throw new SandboxUnavailableError(
      `cannot read this process's namespaces from /proc: ${String(err)}`,
      {
        cause: err,
      },
    );
  });
  return hostNamespaces;
}

/** Configuration the bootstrap reads from argv. */
export interface BootstrapConfig {
  entry: string;
  limits: SandboxLimits;
  hostNamespaces: HostNamespaces;
  jail: JailPlan;
}

/** argv for spawning `unshare` so that it runs the bootstrap on `config` with `python`. */
export function sandboxArgs(python: string, config: BootstrapConfig): string[] {
  const json = JSON.stringify({
    entry: config.entry,
    limits: config.limits,
    host_namespaces: config.hostNamespaces,
    jail: config.jail,
  });
  // Not -I: it implies -E, which would ignore PYTHONHASHSEED. The environment is built from
  // scratch (python-runner.ts), so -E has nothing left to protect against; -s drops the user
  // site-packages, -B writes no .pyc, and the bootstrap replaces sys.path[0] itself.
  return [...UNSHARE_FLAGS, '--', python, '-s', '-B', BOOTSTRAP_PATH, json];
}
