import { execFile, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
} from 'node:fs';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '@hikma/service-kit/testing';

const run = promisify(execFile);

/** A throwaway Postgres cluster for tests (see `startPostgres`). */
export interface TestPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust auth, no password). */
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  /** The URL of another database of this cluster. */
  urlOf(database: string): string;
  /** Stops the cluster at once (`-m immediate`, as abrupt as a crash) and removes its files. */
  stop(): Promise<void>;
  /** Stops the cluster at once and starts it again on the same port and data directory. */
  restart(): Promise<void>;
  /** SIGKILLs the postmaster and its backends (a crash without any shutdown); `start` brings it back. */
  kill(): Promise<void>;
  /** Starts the cluster again after `kill`. */
  start(): Promise<void>;
  /** Freezes the server (SIGSTOP to every process): connections stay open, nothing answers. */
  pause(): void;
  /** Lets a paused server go on (SIGCONT). */
  resume(): void;
}

interface Binaries {
  initdb: string;
  pgCtl: string;
}

/** initdb and pg_ctl from PATH, else from Debian's `/usr/lib/postgresql/<version>/bin`. */
function findBinaries(): Binaries | undefined {
  const inPath = (name: string) =>
    (process.env.PATH ?? '')
      .split(delimiter)
      .filter(Boolean)
      .map((dir) => join(dir, name))
      .find((file) => existsSync(file));
  const initdb = inPath('initdb');
  const pgCtl = inPath('pg_ctl');
  if (initdb && pgCtl) return { initdb, pgCtl };
  const debian = '/usr/lib/postgresql';
  if (!existsSync(debian)) return undefined;
  const versions = readdirSync(debian)
    .filter((v) => existsSync(join(debian, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  const bin = versions[0] === undefined ? undefined : join(debian, versions[0], 'bin');
  return bin ? { initdb: join(bin, 'initdb'), pgCtl: join(bin, 'pg_ctl') } : undefined;
}

let binaries: Binaries | undefined | null = null;
const found = (): Binaries | undefined =>
  binaries === null ? (binaries = findBinaries()) : binaries;

/** Whether initdb and pg_ctl are installed here. */
export function postgresAvailable(): boolean {
  return found() !== undefined;
}

/**
 * Why the Postgres tests are skipped, or false to run them. In CI (which installs Postgres
 * through scripts/setup.sh) they are never skipped: a missing install fails them instead.
 */
export function postgresSkipReason(): string | false {
  if (postgresAvailable() || process.env.CI) return false;
  return 'Postgres is not installed (initdb, pg_ctl); scripts/setup.sh installs it: apt-get install postgresql';
}

/** Postgres refuses to run as root: as root, commands run as the `postgres` user. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const user = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const group = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (user.status !== 0 || group.status !== 0) {
    throw new Error(
      'running as root, but there is no `postgres` user to run Postgres as (apt-get install postgresql creates it)',
    );
  }
  return { uid: Number(user.stdout.trim()), gid: Number(group.stdout.trim()) };
}

/** Clusters started by this process, stopped at exit even when a test forgot to. */
const live = new Set<{ stopSync(): void }>();
process.on('exit', () => {
  for (const cluster of live) cluster.stopSync();
});

/**
 * Starts a throwaway Postgres cluster: `initdb` in a fresh directory under /tmp, then
 * `pg_ctl start` listening on 127.0.0.1 only, on a free port, with its socket inside that
 * directory, trust authentication and `fsync=off` (tests need speed, not durability).
 * As root it runs as the `postgres` user. The default collation is ICU's en-US when the
 * server has ICU, so that queries relying on a byte-order collation are caught.
 */
export async function startPostgres(): Promise<TestPostgres> {
  const bins = found();
  if (!bins) throw new Error(postgresSkipReason() || 'Postgres is not installed');
  const owner = runAs();
  // Under /tmp and world-readable, so the postgres user reaches it even when the checkout is 0700.
  const dir = mkdtempSync('/tmp/hikma-pg-');
  chmodSync(dir, 0o755);
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'postgres.log');
  const port = await freePort();

  const command = (file: string, args: string[]) =>
    owner
      ? run('runuser', ['-u', 'postgres', '--', file, ...args], { cwd: dir })
      : run(file, args, { cwd: dir });
  const log = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-4000) : '');

  const initdbArgs = ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync'];
  try {
    await command(bins.initdb, [
      ...initdbArgs,
      '--locale=C.UTF-8',
      '--locale-provider=icu',
      '--icu-locale=en-US',
    ]);
  } catch {
    // A server built without ICU (or older than 15): the plain C.UTF-8 locale.
    rmSync(dataDir, { recursive: true, force: true });
    await command(bins.initdb, [...initdbArgs, '--locale=C.UTF-8']);
  }

  const serverOptions = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${dir}`,
    // No fsync (the machine does not crash under a test), but every commit is written out
    // of shared memory before it is acknowledged, so it survives `kill` and `restart`.
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  let running = false;
  /** The postmaster and its backends. */
  const postgresProcesses = () => {
    const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return [pid, ...childrenOf(pid)];
  };
  let paused: number[] = [];
  const resume = () => {
    for (const p of paused) signal(p, 'SIGCONT');
    paused = [];
  };
  const start = async () => {
    try {
      await command(bins.pgCtl, [
        '-D',
        dataDir,
        '-l',
        logFile,
        '-w',
        '-t',
        '60',
        '-o',
        serverOptions,
        'start',
      ]);
    } catch (err) {
      throw new Error(`Postgres did not start: ${String(err)}\n${log()}`);
    }
    running = true;
  };
  const stopServer = async () => {
    resume(); // a frozen server would not stop
    if (!running) return;
    running = false;
    await command(bins.pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
  };
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  const cluster = {
    stopSync(): void {
      resume();
      if (running) {
        const args = ['-D', dataDir, '-m', 'immediate', '-w', 'stop'];
        if (owner) spawnSync('runuser', ['-u', 'postgres', '--', bins.pgCtl, ...args]);
        else spawnSync(bins.pgCtl, args);
        running = false;
      }
      removeDir();
    },
  };
  live.add(cluster);
  try {
    await start();
  } catch (err) {
    live.delete(cluster);
    removeDir();
    throw err;
  }

  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    dataDir,
    urlOf: (database) => `postgres://postgres@127.0.0.1:${port}/${encodeURIComponent(database)}`,
    async stop() {
      live.delete(cluster);
      try {
        await stopServer();
      } finally {
        removeDir();
      }
    },
    async restart() {
      await stopServer();
      await start();
    },
    async kill() {
      if (!running) return;
      resume();
      const family = postgresProcesses();
      for (const p of family) signal(p, 'SIGKILL');
      running = false;
      // Wait for them to go, or the next start finds the old shared memory still attached.
      const deadline = Date.now() + 10_000;
      while (family.some(alive) && Date.now() < deadline) await sleep(20);
      // A dead postmaster may linger as a zombie (not every init reaps at once), and the
      // next one would take its lock files (data directory and socket) for a live server's.
      for (const lock of [join(dataDir, 'postmaster.pid'), join(dir, `.s.PGSQL.${port}.lock`)])
        rmSync(lock, { force: true });
    },
    start,
    pause() {
      paused = postgresProcesses();
      for (const p of paused) signal(p, 'SIGSTOP');
    },
    resume,
  };
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

/** Process ids whose parent is `pid` (from /proc). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the parenthesised command name: state, ppid, ...
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // exited while listing
    }
  }
  return children;
}

/** Whether a process still runs (a zombie waiting to be reaped does not). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
