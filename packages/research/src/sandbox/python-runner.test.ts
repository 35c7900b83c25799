import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import {
  chmod,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  realpath,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  InvalidProjectError,
  ResultMissingError,
  ResultTooLargeError,
  SandboxUnavailableError,
  UnsafePathError,
} from './errors.ts';
import { readHostNamespaces, sandboxArgs } from './isolation.ts';
import { hostFacts, planJail, type JailPlan } from './jail.ts';
import { resolveLimits, type SandboxLimits } from './limits.ts';
import { readResultFile, runPythonProject, type RunOptions } from './python-runner.ts';
import { describePython, resolvePython } from './python-interpreter.ts';
import { runSandboxProcess } from './sandbox-process.ts';
import { perNamespacePidMax } from './testing.ts';

const run = promisify(execFile);
let root: string;
let counter = 0;

before(async () => {
  root = await mkdtemp(join(tmpdir(), 'sandbox-test-'));
  // Readable by the unprivileged user of the non-root test below.
  await chmod(root, 0o755);
});
after(async () => {
  await rm(root, { recursive: true, force: true });
});

function workDir(): string {
  counter += 1;
  return join(root, `run-${counter}`);
}

function project(main: string, extra: Partial<RunOptions> = {}): RunOptions {
  return {
    files: [{ path: 'main.py', content: main }],
    entry: 'main.py',
    workDir: workDir(),
    ...extra,
  };
}

async function results(workDirPath: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readResultFile(workDirPath, 'results.json', 1024 * 1024)) as Record<
    string,
    unknown
  >;
}

/**
 * Python that runs each `label: expression` and prints JSON of "ok" or the errno name it failed
 * with; `after` lines can add more to `out`, `before` lines set up names the expressions use.
 */
function probes(cases: Record<string, string>, after: string[] = [], before: string[] = []) {
  return [
    'import errno, json, os, sys',
    ...before,
    'out = {}',
    'def attempt(label, fn):',
    '    try:',
    '        fn()',
    '        out[label] = "ok"',
    '    except OSError as e:',
    '        out[label] = errno.errorcode.get(e.errno, str(e.errno))',
    ...Object.entries(cases).map(
      ([label, expression]) => `attempt(${JSON.stringify(label)}, lambda: ${expression})`,
    ),
    ...after,
    'print(json.dumps(out))',
  ].join('\n');
}

/** What `startBootstrap` runs: the real bootstrap, started by hand rather than by runPythonProject. */
interface BootstrapRun {
  /** Files of the work directory, `main.py` the entry. */
  files: Record<string, string>;
  limits?: SandboxLimits;
  /** Interpreter; default the one runPythonProject resolves. */
  python?: string;
  /** What starts the namespaces; default `unshare`. */
  command?: string;
  env?: Record<string, string>;
  changePlan?: (plan: JailPlan) => JailPlan;
  /** Runs this copy of bootstrap.py instead of the one beside this file. */
  bootstrap?: string;
}

/** Starts the sandbox on a jail plan and argv built as runPythonProject builds them. */
async function startBootstrap(options: BootstrapRun) {
  const dir = workDir();
  await mkdir(dir, { recursive: true });
  for (const [name, content] of Object.entries(options.files))
    await writeFile(join(dir, name), content);
  const install = await describePython(options.python);
  const limits = options.limits ?? resolveLimits();
  const planned = planJail(await hostFacts(install), await realpath(dir), limits.tmpBytes);
  const jail = options.changePlan ? options.changePlan(planned) : planned;
  const hostNamespaces = await readHostNamespaces();
  const args = sandboxArgs(install.executable, { entry: 'main.py', limits, hostNamespaces, jail });
  const own = fileURLToPath(new URL('./bootstrap.py', import.meta.url));
  const run = runSandboxProcess({
    command: options.command ?? 'unshare',
    args: args.map((arg) => (arg === own && options.bootstrap ? options.bootstrap : arg)),
    env: { PATH: '/usr/bin:/bin', ...options.env },
    workDir: dir,
    limits,
    signal: undefined,
  });
  return { dir, run };
}

/**
 * Runs `main` as the sandbox would for a service running as nobody (uid 65534). The checkout
 * may sit in a directory only its owner can read (a 0700 home), so nobody gets a readable copy
 * of the bootstrap and its modules, which is what an unprivileged service would run from.
 */
async function runAsNobody(main: string, limits: SandboxLimits) {
  const scripts = join(root, `bootstrap-${++counter}`);
  await mkdir(scripts, { mode: 0o755 });
  const here = fileURLToPath(new URL('.', import.meta.url));
  for (const name of ['bootstrap.py', 'jail.py', 'seccomp.py']) {
    await writeFile(join(scripts, name), await readFile(join(here, name)), { mode: 0o644 });
  }
  const wrapper = join(scripts, 'unshare-as-nobody');
  await writeFile(
    wrapper,
    '#!/bin/sh\nexec /usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups unshare "$@"\n',
    { mode: 0o755 },
  );
  const { run } = await startBootstrap({
    files: { 'main.py': main },
    limits,
    python: '/usr/bin/python3',
    command: wrapper,
    env: { PYTHONUNBUFFERED: '1' },
    bootstrap: join(scripts, 'bootstrap.py'),
  });
  return run;
}

/** Host processes whose command line mentions `needle` (the bootstrap's argv holds the workDir). */
async function processesMentioning(needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8');
      if (cmdline.includes(needle)) found.push(pid);
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

describe('runPythonProject', () => {
  test('runs a NumPy project across modules and its results.json is read back', async () => {
    const options: RunOptions = {
      entry: 'main.py',
      workDir: workDir(),
      files: [
        {
          path: 'main.py',
          content: [
            'import json',
            'import numpy as np',
            'from experiments.stats import summary',
            'rng = np.random.default_rng(0)',
            'data = np.loadtxt("data/values.csv", delimiter=",")',
            'out = {"conditions": {"base": {"total": [float(data.sum())]}}, "summary": summary(data)}',
            'out["det"] = float(np.linalg.det(np.array([[2.0, 1.0], [1.0, 3.0]])))',
            'with open("results.json", "w") as f:',
            '    json.dump(out, f)',
            'print("done")',
          ].join('\n'),
        },
        { path: 'experiments/__init__.py', content: '' },
        {
          path: 'experiments/stats.py',
          content:
            'import numpy as np\n\ndef summary(x):\n    return {"mean": float(np.mean(x)), "n": int(x.size)}\n',
        },
        { path: 'data/values.csv', content: '1,2,3\n4,5,6\n' },
      ],
    };
    const result = await runPythonProject(options);
    assert.equal(result.exitCode, 0, result.stderr);
    assert.equal(result.signal, null);
    assert.equal(result.timedOut, false);
    assert.equal(result.stdout, 'done\n');
    const out = await results(result.workDir);
    assert.deepEqual(out.conditions, { base: { total: [21] } });
    assert.deepEqual(out.summary, { mean: 3.5, n: 6 });
    assert.ok(Math.abs((out.det as number) - 5) < 1e-9);
  });

  test('runs with the documented environment, limits and namespaces', async () => {
    const main = [
      'import json, os, resource, sys',
      'R = resource',
      'out = {',
      '  "env": dict(os.environ), "cwd": os.getcwd(), "path0": sys.path[0], "argv": sys.argv,',
      '  "ppid": os.getppid(), "uid": os.getuid(), "hash_randomization": sys.flags.hash_randomization,',
      '  "no_user_site": sys.flags.no_user_site, "no_bytecode": sys.flags.dont_write_bytecode,',
      '  "limits": {n: R.getrlimit(getattr(R, n)) for n in',
      '             ["RLIMIT_CPU", "RLIMIT_AS", "RLIMIT_FSIZE", "RLIMIT_NPROC", "RLIMIT_NOFILE",',
      '              "RLIMIT_CORE"]},',
      '  "seccomp": [l.split()[1] for l in open("/proc/self/status") if l.startswith("Seccomp:")],',
      '  "ns": {k: os.readlink("/proc/self/ns/" + k) for k in ["net", "pid", "user"]},',
      '}',
      'json.dump(out, open("results.json", "w"))',
    ].join('\n');
    const limits = {
      cpuSeconds: 7,
      memoryBytes: 900 * 1024 ** 2,
      maxFileBytes: 2 * 1024 ** 2,
      maxProcesses: 32,
      maxOpenFiles: 100,
    };
    const result = await runPythonProject(project(main, { limits }));
    assert.equal(result.exitCode, 0, result.stderr);
    const out = await results(result.workDir);
    const python = await resolvePython();
    assert.deepEqual(out.env, {
      PATH: `${python.slice(0, python.lastIndexOf('/'))}:/usr/local/bin:/usr/bin:/bin`,
      HOME: '/work',
      LANG: 'C.UTF-8',
      TMPDIR: '/tmp',
      PYTHONHASHSEED: '0',
      PYTHONUNBUFFERED: '1',
      OPENBLAS_NUM_THREADS: '1',
      OMP_NUM_THREADS: '1',
      MKL_NUM_THREADS: '1',
    });
    assert.equal(out.cwd, '/work', 'the work directory, as the jail shows it');
    assert.equal(out.path0, '/work');
    assert.deepEqual(out.argv, ['main.py']);
    assert.equal(out.hash_randomization, 0, 'PYTHONHASHSEED=0 must take effect');
    assert.equal(out.no_user_site, 1);
    assert.equal(out.no_bytecode, 1);
    assert.equal(out.ppid, 1, 'the entry runs as the worker under the pid-1 supervisor');
    assert.equal(out.uid, 0, 'mapped to root of its own user namespace');
    assert.deepEqual(out.limits, {
      RLIMIT_CPU: [7, 8],
      RLIMIT_AS: [900 * 1024 ** 2, 900 * 1024 ** 2],
      RLIMIT_FSIZE: [2 * 1024 ** 2, 2 * 1024 ** 2],
      RLIMIT_NPROC: [32, 32],
      RLIMIT_NOFILE: [100, 100],
      RLIMIT_CORE: [0, 0],
    });
    assert.deepEqual(out.seccomp, ['2'], 'a seccomp filter is in force');
    const ns = out.ns as Record<string, string>;
    for (const kind of ['net', 'pid', 'user']) {
      assert.notEqual(ns[kind], await readlink(`/proc/self/ns/${kind}`));
    }
    assert.deepEqual(await readdir(result.workDir), ['main.py', 'results.json'], 'no .pyc written');
  });

  test('reports exit codes and tracebacks', async () => {
    const exit3 = await runPythonProject(project('import sys\nprint("bye")\nsys.exit(3)\n'));
    assert.equal(exit3.exitCode, 3);
    assert.equal(exit3.stdout, 'bye\n');
    const crash = await runPythonProject(project('def f():\n    raise ValueError("boom")\nf()\n'));
    assert.equal(crash.exitCode, 1);
    assert.match(crash.stderr, /main\.py", line 2, in f\n.*\nValueError: boom/);
  });

  describe('network', () => {
    let server: Server;
    let port: number;
    let connections = 0;
    before(async () => {
      server = createServer((socket) => {
        connections += 1;
        socket.end('hello\n');
      });
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      port = (server.address() as { port: number }).port;
    });
    after(async () => {
      await new Promise<void>((done) => server.close(() => done()));
    });

    const probe = (p: number) =>
      [
        'import json, socket',
        'try:',
        `    with socket.create_connection(("127.0.0.1", ${p}), timeout=2) as s:`,
        '        out = {"connected": True, "data": s.recv(16).decode()}',
        'except OSError as e:',
        '    out = {"connected": False, "error": type(e).__name__, "errno": e.errno}',
        'print(json.dumps(out))',
      ].join('\n');

    test('a loopback server is reachable from outside the sandbox', async () => {
      const before = connections;
      const { stdout } = await run(await resolvePython(), ['-c', probe(port)]);
      assert.deepEqual(JSON.parse(stdout), { connected: true, data: 'hello\n' });
      assert.equal(connections, before + 1);
    });

    test('the same connection is refused inside the sandbox', async () => {
      const before = connections;
      const result = await runPythonProject(project(probe(port)));
      assert.equal(result.exitCode, 0, result.stderr);
      const out = JSON.parse(result.stdout) as { connected: boolean; error: string };
      assert.equal(out.connected, false);
      // The system-call filter refuses the AF_INET socket itself (EPERM).
      assert.equal(out.error, 'PermissionError');
      assert.equal(connections, before, 'the server saw no connection');
    });
  });

  test('kills an endless loop and everything it started at the wall-clock timeout', async () => {
    const main = [
      'import os',
      'if os.fork() == 0:',
      '    os.setsid()  # leaves the process group; only the pid namespace catches it',
      '    while True: pass',
      'print("looping", flush=True)',
      'while True: pass',
    ].join('\n');
    const options = project(main, { limits: { timeoutMs: 800 } });
    const result = await runPythonProject(options);
    assert.equal(result.timedOut, true);
    assert.equal(result.cancelled, false);
    assert.equal(result.exitCode, null);
    assert.equal(result.signal, 'SIGKILL');
    assert.equal(result.stdout, 'looping\n', 'output before the kill is kept');
    assert.ok(result.durationMs >= 800 && result.durationMs < 4000, `took ${result.durationMs} ms`);
    assert.deepEqual(await processesMentioning(result.workDir), [], 'no process survives the run');
  });

  test('stops the run when the signal aborts', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const result = await runPythonProject(
      project('while True: pass\n', { signal: controller.signal, limits: { timeoutMs: 10_000 } }),
    );
    assert.equal(result.cancelled, true);
    assert.equal(result.timedOut, false);
    assert.equal(result.signal, 'SIGKILL');
    assert.ok(result.durationMs < 3000, `took ${result.durationMs} ms`);
    assert.deepEqual(await processesMentioning(result.workDir), []);
  });

  test('does not start when the signal is already aborted', async () => {
    const options = project('print(1)\n', { signal: AbortSignal.abort() });
    const result = await runPythonProject(options);
    assert.equal(result.cancelled, true);
    assert.equal(result.exitCode, null);
    assert.equal(existsSync(options.workDir), false);
  });

  test('the CPU limit ends a busy loop with SIGXCPU before the wall clock', async () => {
    const result = await runPythonProject(
      project('while True: pass\n', { limits: { cpuSeconds: 1, timeoutMs: 10_000 } }),
    );
    assert.equal(result.timedOut, false);
    assert.equal(result.signal, 'SIGXCPU');
    assert.equal(result.exitCode, null);
    // Well before the 10 s wall clock even on a loaded machine.
    assert.ok(result.durationMs < 9000, `took ${result.durationMs} ms`);
  });

  test('a huge allocation fails with MemoryError under the memory limit', async () => {
    const main = [
      'import numpy as np',
      'small = np.ones(1_000_000)  # well within the limit',
      'print("small ok", flush=True)',
      'big = bytearray(4 * 1024**3)',
      'print("unreachable")',
    ].join('\n');
    const result = await runPythonProject(project(main, { limits: { memoryBytes: 1024 ** 3 } }));
    assert.equal(result.exitCode, 1);
    assert.equal(result.stdout, 'small ok\n');
    assert.match(result.stderr, /\nMemoryError\n$/);
    assert.ok(result.durationMs < 5000);
  });

  test('writing past the file size limit fails inside the run', async () => {
    const main = [
      'try:',
      '    with open("big.bin", "wb") as f:',
      '        f.write(b"x" * (2 * 1024 * 1024))',
      'except OSError as e:',
      '    print("error", e.strerror)',
    ].join('\n');
    const result = await runPythonProject(project(main, { limits: { maxFileBytes: 1024 * 1024 } }));
    assert.equal(result.exitCode, 0, result.stderr);
    assert.equal(result.stdout, 'error File too large\n');
    assert.ok((await stat(join(result.workDir, 'big.bin'))).size <= 1024 * 1024);
  });

  test('an output flood is truncated to the tail', async () => {
    const main = [
      'import sys',
      'for i in range(30_000):',
      '    print(f"line {i:06d} é")',
      '    sys.stderr.write(f"err {i:06d}\\n")',
      'print("THE END")',
    ].join('\n');
    const result = await runPythonProject(project(main));
    assert.equal(result.exitCode, 0);
    assert.equal(result.stdoutTruncated, true);
    assert.equal(result.stderrTruncated, true);
    assert.ok(Buffer.byteLength(result.stdout) <= 64 * 1024);
    assert.ok(Buffer.byteLength(result.stdout) > 60 * 1024);
    assert.ok(result.stdout.endsWith('line 029999 é\nTHE END\n'));
    assert.ok(!result.stdout.includes('\uFFFD'), 'the cut does not leave half a character');
    assert.ok(result.stderr.endsWith('err 029999\n'));
    assert.ok(!result.stdout.includes('line 000000'));
  });

  test('caps processes with RLIMIT_NPROC when the service is unprivileged', async (t) => {
    const main = [
      'import os, time',
      'forked = 0',
      'try:',
      '    for _ in range(20):',
      '        if os.fork() == 0:',
      '            time.sleep(5)',
      '            os._exit(0)',
      '        forked += 1',
      'except BlockingIOError:',
      '    pass',
      'print(forked)',
      'os._exit(0)',
    ].join('\n');
    const limits = resolveLimits({ maxProcesses: 6 });
    let result;
    if (process.getuid?.() === 0) {
      // As real root the kernel exempts the process from RLIMIT_NPROC, so run this one as nobody.
      if (!existsSync('/usr/bin/setpriv') || !existsSync('/usr/bin/python3')) {
        t.skip('needs setpriv and /usr/bin/python3 to drop root');
        return;
      }
      result = await runAsNobody(main, limits);
    } else {
      result = await runPythonProject(project(main, { limits }));
    }
    assert.equal(result.exitCode, 0, result.stderr);
    // Six processes in the user namespace: unshare itself (it moved into the namespace it
    // created), the supervisor, the worker and three children.
    assert.equal(result.stdout, '3\n');
    assert.ok(result.durationMs < 3000, 'the sleeping children die with the namespace');
  });
  test('caps a fork bomb at maxProcesses; it ends quickly and the host can still fork', async (t) => {
    if (process.getuid?.() === 0 && !perNamespacePidMax()) {
      t.skip('as root only a per-namespace pid_max (Linux >= 6.14) caps processes; see README');
      return;
    }
    // What the static check forbids (os.fork), run as the runner would run it unchecked.
    const options = project('import os\nwhile True:\n    os.fork()\n', {
      limits: { maxProcesses: 16, timeoutMs: 10_000 },
    });
    let finished = false;
    const running = runPythonProject(options).finally(() => (finished = true));
    let peak = 0;
    let slowestSpawnMs = 0;
    while (!finished) {
      peak = Math.max(peak, (await processesMentioning(options.workDir)).length);
      const started = performance.now();
      await run('/bin/true');
      slowestSpawnMs = Math.max(slowestSpawnMs, performance.now() - started);
    }
    const result = await running;
    // The entry itself gets EAGAIN from fork and dies of it; the whole namespace goes with it.
    assert.equal(result.timedOut, false);
    assert.equal(result.exitCode, 1);
    assert.match(result.stderr, /BlockingIOError: \[Errno 11\] Resource temporarily unavailable/);
    assert.ok(result.durationMs < 5000, `took ${result.durationMs} ms`);
    // 16 in the pid namespace (as root) or in the user namespace (unprivileged, which counts
    // unshare too), plus unshare, which is outside the pid namespace.
    assert.ok(peak <= 17, `${peak} processes at once`);
    assert.ok(slowestSpawnMs < 2000, `the host took ${slowestSpawnMs} ms to start a process`);
    assert.deepEqual(await processesMentioning(options.workDir), [], 'no process survives the run');
  });
});

describe('filesystem jail', () => {
  test('shows only the jail: no host files, no other runs, no host root through /proc', async () => {
    const other = await runPythonProject(project('open("secret.txt", "w").write("other run")\n'));
    const serviceFile = join(root, 'service-secret.txt');
    await writeFile(serviceFile, 'secret');
    const options = project('');
    const install = await describePython();
    const main = probes(
      {
        'read /etc/passwd': 'open("/etc/passwd")',
        'list /root': 'os.listdir("/root")',
        'read /root/.bashrc': 'open("/root/.bashrc")',
        'read /proc/1/root/etc/passwd': 'open("/proc/1/root/etc/passwd")',
        'list /proc/1/root': 'os.listdir("/proc/1/root")',
        'read /proc/self/root/etc/passwd': 'open("/proc/self/root/etc/passwd")',
        'read a file of the service': `open(${JSON.stringify(serviceFile)})`,
        'read another run': `open(${JSON.stringify(join(other.workDir, 'secret.txt'))})`,
        'read the service code': `open(${JSON.stringify(fileURLToPath(import.meta.url))})`,
        'read own files by their host path': `open(${JSON.stringify(join(options.workDir, 'main.py'))})`,
        'read own files at /work': 'open("/work/main.py")',
        'import numpy': '__import__("numpy").ones(3).sum()',
      },
      [
        'out["/"] = sorted(os.listdir("/"))',
        'out["/dev"] = sorted(os.listdir("/dev"))',
        'out["/etc"] = sorted(os.listdir("/etc"))',
        'out["/proc"] = len([p for p in os.listdir("/proc") if p.isdigit()])',
      ],
    );
    const result = await runPythonProject({
      ...options,
      files: [{ path: 'main.py', content: main }],
    });
    assert.equal(result.exitCode, 0, result.stderr);
    const out = JSON.parse(result.stdout) as Record<string, unknown>;
    // Directories that only lead to a mount point (/root/.pyenv/...) can be passed, not listed.
    const underRoot = install.prefixes.some((p) => p.startsWith('/root/'));
    const { '/': top, '/dev': dev, '/etc': etc, '/proc': procs, ...probed } = out;
    assert.deepEqual(probed, {
      'read /etc/passwd': 'ENOENT',
      'list /root': underRoot ? 'EACCES' : 'ENOENT',
      'read /root/.bashrc': 'ENOENT',
      // pid 1 is the supervisor, which is not dumpable; the worker's own root is the jail.
      'read /proc/1/root/etc/passwd': 'EACCES',
      'list /proc/1/root': 'EACCES',
      'read /proc/self/root/etc/passwd': 'ENOENT',
      'read a file of the service': 'ENOENT',
      'read another run': 'ENOENT',
      'read the service code': 'ENOENT',
      'read own files by their host path': 'ENOENT',
      'read own files at /work': 'ok',
      'import numpy': 'ok',
    });
    const plan = planJail(await hostFacts(install), '/unused', 1);
    const planned = [
      ...plan.dirs,
      ...plan.mounts.map((m) => ({ path: m.target })),
      ...plan.symlinks,
    ];
    assert.deepEqual(top, [...new Set(planned.map((e) => e.path.split('/')[1]!))].sort());
    assert.deepEqual(dev, ['fd', 'null', 'stderr', 'stdin', 'stdout', 'urandom', 'zero']);
    assert.ok((etc as string[]).every((name) => ['alternatives', 'ld.so.cache'].includes(name)));
    assert.equal(procs, 2, 'the supervisor and the worker');
  });

  test('writes land only in /work and the private /tmp', async () => {
    const name = `sandbox-jail-probe-${process.pid}-${counter}.txt`;
    const main = probes(
      {
        'write /': 'open("/new.txt", "w")',
        'write /usr': 'open("/usr/new.txt", "w")',
        'write the interpreter': 'open(sys.prefix + "/new.txt", "w")',
        'write /etc/passwd': 'open("/etc/passwd", "w")',
        'write /dev': 'open("/dev/new", "w")',
        'write /proc/sys': 'open("/proc/sys/kernel/core_pattern", "w")',
        'chmod /': 'os.chmod("/", 0o777)',
        'write /work': 'open("/work/out.txt", "w").write("from the jail")',
        'write the cwd': 'open("cwd.txt", "w").write("cwd")',
        'write /tmp': `open("/tmp/${name}", "w").write("in tmp")`,
        'write /dev/null': 'open("/dev/null", "w").write("x")',
      },
      [`out["read /tmp"] = open("/tmp/${name}").read()`],
    );
    const result = await runPythonProject(project(main));
    assert.equal(result.exitCode, 0, result.stderr);
    assert.deepEqual(JSON.parse(result.stdout), {
      'write /': 'EROFS',
      'write /usr': 'EROFS',
      'write the interpreter': 'EROFS',
      'write /etc/passwd': 'EROFS',
      'write /dev': 'EROFS',
      'write /proc/sys': 'EROFS',
      'chmod /': 'EROFS',
      'write /work': 'ok',
      'write the cwd': 'ok',
      'write /tmp': 'ok',
      'write /dev/null': 'ok',
      'read /tmp': 'in tmp',
    });
    assert.equal(await readFile(join(result.workDir, 'out.txt'), 'utf8'), 'from the jail');
    assert.equal(await readFile(join(result.workDir, 'cwd.txt'), 'utf8'), 'cwd');
    assert.equal(existsSync(join('/tmp', name)), false, "the jail's /tmp is not the host's");
  });

  test('the project cannot undo the jail: no capabilities, mount and chroot refused', async () => {
    const main = probes(
      {
        'remount /usr writable':
          'call(libc.mount, None, b"/usr", None, MS_REMOUNT | MS_BIND, None)',
        'mount a tmpfs': 'call(libc.mount, b"tmpfs", b"/usr", b"tmpfs", 0, None)',
        'unmount /proc': 'call(libc.umount2, b"/proc", 2)',
        chroot: 'os.chroot("/tmp")',
        'make a device': 'os.mknod("/tmp/null", 0o20666, os.makedev(1, 3))',
        'raise pid_max': 'open("/proc/sys/kernel/pid_max", "w").write("4000000")',
      },
      [
        'out["status"] = [l.strip() for l in open("/proc/self/status")',
        '                 if l.startswith(("Cap", "NoNewPrivs"))]',
      ],
      [
        'import ctypes',
        'libc = ctypes.CDLL(None, use_errno=True)',
        'MS_REMOUNT, MS_BIND = 0x20, 0x1000',
        'def call(fn, *args):',
        '    if fn(*args) != 0:',
        '        raise OSError(ctypes.get_errno(), "failed")',
      ],
    );
    const result = await runPythonProject(project(main));
    assert.equal(result.exitCode, 0, result.stderr);
    assert.deepEqual(JSON.parse(result.stdout), {
      'remount /usr writable': 'EPERM',
      'mount a tmpfs': 'EPERM',
      'unmount /proc': 'EPERM',
      chroot: 'EPERM',
      'make a device': 'EPERM',
      'raise pid_max': 'EROFS',
      status: [
        'CapInh:\t0000000000000000',
        'CapPrm:\t0000000000000000',
        'CapEff:\t0000000000000000',
        'CapBnd:\t0000000000000000',
        'CapAmb:\t0000000000000000',
        'NoNewPrivs:\t1',
      ],
    });
  });
});

describe('project files', () => {
  for (const [label, path] of [
    ['parent directory', '../evil.py'],
    ['absolute path', '/tmp/evil.py'],
    ['nested ..', 'a/../../evil.py'],
    ['shell script', 'run.sh'],
    ['hidden file', '.bashrc'],
  ] as const) {
    test(`rejects a ${label} before writing anything`, async () => {
      const options: RunOptions = {
        files: [
          { path: 'main.py', content: 'print(1)\n' },
          { path, content: 'x' },
        ],
        entry: 'main.py',
        workDir: workDir(),
      };
      await assert.rejects(runPythonProject(options), InvalidProjectError);
      assert.equal(existsSync(options.workDir), false);
    });
  }

  test('rejects an entry that is not one of the files', async () => {
    const options = project('print(1)\n', { entry: 'other.py' });
    await assert.rejects(runPythonProject(options), (err: unknown) => {
      assert.ok(err instanceof InvalidProjectError);
      assert.equal(err.code, 'invalid_project');
      return true;
    });
  });

  test('refuses to write through a symlink left in a reused work directory', async () => {
    const first = await runPythonProject(
      project('import os\nos.symlink("' + join(root, 'outside.txt') + '", "helper.py")\n'),
    );
    assert.equal(first.exitCode, 0, first.stderr);
    await writeFile(join(root, 'outside.txt'), 'untouched');
    const second: RunOptions = {
      files: [
        { path: 'main.py', content: 'print(1)\n' },
        { path: 'helper.py', content: 'overwritten = True\n' },
      ],
      entry: 'main.py',
      workDir: first.workDir,
    };
    await assert.rejects(runPythonProject(second), UnsafePathError);
    assert.equal(await readFile(join(root, 'outside.txt'), 'utf8'), 'untouched');
  });
});

describe('readResultFile', () => {
  test('refuses a results.json the run made a symlink to a host file', async () => {
    const result = await runPythonProject(
      project('import os\nos.symlink("/etc/passwd", "results.json")\n'),
    );
    assert.equal(result.exitCode, 0, result.stderr);
    await assert.rejects(readResultFile(result.workDir, 'results.json', 1e6), UnsafePathError);
  });

  test('refuses a symlinked directory on the way', async () => {
    const result = await runPythonProject(project('import os\nos.symlink("/etc", "out")\n'));
    assert.equal(result.exitCode, 0, result.stderr);
    await assert.rejects(readResultFile(result.workDir, 'out/passwd', 1e6), UnsafePathError);
  });

  test('refuses paths that leave the work directory', async () => {
    const dir = workDir();
    await runPythonProject({ ...project('pass\n'), workDir: dir });
    for (const name of ['../x.json', '/etc/passwd', 'a/../../x', '']) {
      await assert.rejects(readResultFile(dir, name, 1e6), UnsafePathError, name);
    }
  });

  test('refuses a missing file and one over the size limit', async () => {
    const result = await runPythonProject(project('open("results.json", "w").write("x" * 2000)\n'));
    await assert.rejects(readResultFile(result.workDir, 'missing.json', 1e6), ResultMissingError);
    await assert.rejects(readResultFile(result.workDir, 'results.json', 1000), ResultTooLargeError);
    assert.equal((await readResultFile(result.workDir, 'results.json', 2000)).length, 2000);
  });
});

describe('fails closed', () => {
  async function fakeUnshare(name: string, script: string): Promise<string> {
    const path = join(root, name);
    await writeFile(path, `#!/bin/sh\n${script}\n`);
    await chmod(path, 0o755);
    return path;
  }
  const marker = 'open("ran.txt", "w").write("the entry ran")\n';

  test('when unshare is missing', async () => {
    const options = project(marker, { unshare: join(root, 'no-such-unshare') });
    await assert.rejects(runPythonProject(options), (err: unknown) => {
      assert.ok(err instanceof SandboxUnavailableError);
      assert.equal(err.code, 'sandbox_unavailable');
      return true;
    });
    assert.equal(existsSync(join(options.workDir, 'ran.txt')), false);
  });

  test('when unshare cannot create the namespaces', async () => {
    const unshare = await fakeUnshare(
      'unshare-denied',
      'echo "unshare: unshare failed: Operation not permitted" >&2\nexit 1',
    );
    const options = project(marker, { unshare });
    await assert.rejects(runPythonProject(options), /Operation not permitted/);
    assert.equal(existsSync(join(options.workDir, 'ran.txt')), false);
  });

  test('when "unshare" runs the command without isolating it', async () => {
    // Skips the flags up to "--" and runs the rest in the host's namespaces.
    const unshare = await fakeUnshare(
      'unshare-noop',
      'while [ "$1" != "--" ]; do shift; done\nshift\nexec "$@"',
    );
    const options = project(marker, { unshare });
    const mounts = await readFile('/proc/self/mountinfo', 'utf8');
    await assert.rejects(
      runPythonProject(options),
      /not isolated: still in the host's \w+ namespace/,
    );
    assert.equal(existsSync(join(options.workDir, 'ran.txt')), false, 'the entry never ran');
    // The namespace check comes first, so no jail mount was attempted on the host.
    assert.equal(await readFile('/proc/self/mountinfo', 'utf8'), mounts);
  });

  /** Runs `marker` through the real unshare and bootstrap with a jail plan changed by `change`. */
  function runWithPlan(
    change: (plan: JailPlan) => JailPlan,
    env: Record<string, string> = {},
    extraFiles: Record<string, string> = {},
  ) {
    return startBootstrap({ files: { 'main.py': marker, ...extraFiles }, changePlan: change, env });
  }

  test('when the jail cannot be built', async () => {
    const { dir, run } = await runWithPlan((plan) => ({
      ...plan,
      mounts: [
        ...plan.mounts,
        { kind: 'bind', source: '/no/such/dir', target: '/opt', writable: false, device: false },
      ],
    }));
    await assert.rejects(run, (err: unknown) => {
      assert.ok(err instanceof SandboxUnavailableError);
      assert.match(err.message, /cannot build the filesystem jail: .*\/no\/such\/dir/);
      return true;
    });
    assert.equal(existsSync(join(dir, 'ran.txt')), false, 'the entry never ran');
  });

  test('when the jail would show the host: the self-check refuses it', async () => {
    // A plan that mounts the host's /etc, as a mistake in jail.ts could.
    const { dir, run } = await runWithPlan((plan) => ({
      ...plan,
      dirs: plan.dirs.filter((d) => d.path !== '/etc'),
      mounts: [
        { kind: 'bind', source: '/etc', target: '/etc', writable: false, device: false },
        ...plan.mounts.filter((m) => !m.target.startsWith('/etc/')),
      ],
    }));
    await assert.rejects(run, /not isolated: the host's \/etc\/passwd is visible/);
    assert.equal(existsSync(join(dir, 'ran.txt')), false, 'the entry never ran');
  });

  test('when the system-call filter cannot be installed', async () => {
    // The loader finds a broken libseccomp.so.2 in /work (the jail's view of the work dir).
    const { dir, run } = await runWithPlan(
      (plan) => plan,
      { LD_LIBRARY_PATH: '/work' },
      {
        'libseccomp.so.2': 'not a shared library',
      },
    );
    await assert.rejects(run, (err: unknown) => {
      assert.ok(err instanceof SandboxUnavailableError);
      assert.match(err.message, /cannot install the system-call filter: .*libseccomp/);
      return true;
    });
    assert.equal(existsSync(join(dir, 'ran.txt')), false, 'the entry never ran');
  });
});
