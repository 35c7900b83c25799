// Code written to escape, run as the coding stage would run it but with the static check
// skipped: each test is one attack, and asserts that the runtime boundary (namespaces, jail,
// system-call filter, rlimits) contains it. README.md, "Hostile code", lists what stops each.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { arch, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Blueprint } from '../domain/artefacts.ts';
import { checkResults, parsePythonJson } from '../domain/results-check.ts';
import { ResultTooLargeError, UnsafePathError } from './errors.ts';
import { checkProject } from './import-check.ts';
import type { SandboxLimits } from './limits.ts';
import { readResultFile, runPythonProject } from './python-runner.ts';
import { perNamespacePidMax } from './testing.ts';

let root: string;
let counter = 0;
// Set in the service's environment: nothing the project can read may contain it.
const SECRET = `hikma-secret-${randomBytes(8).toString('hex')}`;

before(async () => {
  root = await mkdtemp(join(tmpdir(), 'sandbox-hostile-'));
  await chmod(root, 0o755);
  process.env.HIKMA_HOSTILE_TEST_SECRET = SECRET;
});
after(async () => {
  delete process.env.HIKMA_HOSTILE_TEST_SECRET;
  await rm(root, { recursive: true, force: true });
});

/** Runs `code` unchecked; returns the run and the JSON it printed last (or null). */
async function attack(code: string, limits: Partial<SandboxLimits> = {}) {
  counter += 1;
  const workDir = join(root, `run-${counter}`);
  const result = await runPythonProject({
    files: [{ path: 'main.py', content: code }],
    entry: 'main.py',
    workDir,
    limits,
  });
  const last = result.stdout.trim().split('\n').at(-1) ?? '';
  let out: Record<string, unknown> | null = null;
  try {
    out = JSON.parse(last) as Record<string, unknown>;
  } catch {
    out = null;
  }
  return { result, out, workDir };
}

// Shared prelude: libc through ctypes, and `attempt`, which records "ok" or the errno name.
const PRELUDE = String.raw`
import ctypes, errno, json, os, sys
out = {}
def attempt(label, fn):
    try:
        value = fn()
        out[label] = "ok" if value is None or value is True or isinstance(value, int) and value >= 0 else value
    except OSError as e:
        out[label] = errno.errorcode.get(e.errno, str(e.errno))
    except Exception as e:
        out[label] = type(e).__name__
def syscall_checked(libc, *args):
    r = libc.syscall(*args)
    if r == -1:
        raise OSError(ctypes.get_errno(), "failed")
    return r
`;

const CLONE_NEWUSER = 0x10000000;
const CLONE_NEWNET = 0x40000000;

describe('hostile code, static check bypassed', () => {
  test('getattr(numpy, "ctypes" + "lib") reaches libc, but unshare(NEWUSER|NEWNET) is refused', async () => {
    const code = String.raw`${PRELUDE}
import numpy
ctypeslib = getattr(numpy, "ctypes" + "lib")
libc = ctypeslib.ctypes.CDLL(None, use_errno=True)
out["reached libc"] = hasattr(libc, "unshare")
def escape():
    if libc.unshare(${CLONE_NEWUSER | CLONE_NEWNET}) != 0:
        raise OSError(ctypes.get_errno(), "unshare")
attempt("unshare(CLONE_NEWUSER|CLONE_NEWNET)", escape)
print(json.dumps(out))
`;
    const { result, out } = await attack(code);
    assert.equal(result.exitCode, 0, result.stderr);
    assert.deepEqual(out, {
      'reached libc': true,
      'unshare(CLONE_NEWUSER|CLONE_NEWNET)': 'EPERM',
    });
    const flagged = await checkProject([{ path: 'main.py', content: code }]);
    assert.ok(
      flagged.some((v) => v.kind === 'reflection' && v.name === 'getattr'),
      'the static check refuses it too',
    );
  });

  test("builtins through a function's __globals__: __import__('socket') cannot open netlink or reach the network", async () => {
    const code = String.raw`
import json
def f(): pass
b = f.__globals__["__builtins__"]
imp = b["__import__"] if isinstance(b, dict) else b.__import__
socket = imp("socket")
out = {}
for label, args in {
    "netlink netfilter": (socket.AF_NETLINK, socket.SOCK_RAW, 12),
    "tcp": (socket.AF_INET, socket.SOCK_STREAM, 0),
}.items():
    try:
        socket.socket(*args).close()
        out[label] = "ok"
    except OSError as e:
        out[label] = type(e).__name__
print(json.dumps(out))
`;
    const { result, out } = await attack(code);
    assert.equal(result.exitCode, 0, result.stderr);
    assert.deepEqual(out, { 'netlink netfilter': 'PermissionError', tcp: 'PermissionError' });
    const flagged = await checkProject([{ path: 'main.py', content: code }]);
    assert.deepEqual(
      [...new Set(flagged.filter((v) => v.kind === 'reflection').map((v) => v.name))],
      ['__globals__', '__builtins__', '__import__'],
    );
  });

  test('an object.__subclasses__() walk finds os.system, and the shell it starts is contained', async () => {
    // No import at all: the walk finds os through a class of the os module.
    const code = String.raw`
wrap = [c for c in ().__class__.__base__.__subclasses__() if c.__name__ == "_wrap_close"][0]
g = wrap.__init__.__globals__
system = g["system"]
system("unshare -Urn true > /work/unshare.txt 2>&1; echo rc=$? >> /work/unshare.txt")
system("cat /etc/passwd > /work/passwd.txt 2>&1; echo rc=$? >> /work/passwd.txt")
g["_exit"](0)
`;
    const { result, workDir } = await attack(code);
    assert.equal(result.exitCode, 0, result.stderr);
    const unshare = await readFile(join(workDir, 'unshare.txt'), 'utf8');
    assert.match(unshare, /Operation not permitted/);
    assert.match(unshare, /rc=[1-9]/);
    const passwd = await readFile(join(workDir, 'passwd.txt'), 'utf8');
    assert.match(passwd, /No such file or directory/);
    assert.doesNotMatch(passwd, /root:/);
    const flagged = await checkProject([{ path: 'main.py', content: code }]);
    assert.ok(flagged.some((v) => v.name === '__subclasses__'));
  });

  test('no nested namespace by any route: unshare, clone, clone3, setns', async () => {
    const code = String.raw`${PRELUDE}
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
SYS = {
    "x86_64": {"unshare": 272, "clone": 56, "clone3": 435, "setns": 308},
    "aarch64": {"unshare": 97, "clone": 220, "clone3": 435, "setns": 268},
}[os.uname().machine]
SIGCHLD = 17
for name, flag in {"user": ${CLONE_NEWUSER}, "net": ${CLONE_NEWNET}, "mnt": 0x20000, "pid": 0x20000000, "ipc": 0x08000000, "uts": 0x04000000, "cgroup": 0x02000000}.items():
    attempt("unshare " + name, lambda f=flag: syscall_checked(libc, SYS["unshare"], f))
    attempt("clone " + name, lambda f=flag: syscall_checked(libc, SYS["clone"], f | SIGCHLD, 0, 0, 0, 0))
args = (ctypes.c_uint64 * 11)(${CLONE_NEWUSER}, 0, 0, 0, SIGCHLD, 0, 0, 0, 0, 0, 0)
attempt("clone3 user", lambda: syscall_checked(libc, SYS["clone3"], ctypes.addressof(args), ctypes.sizeof(args)))
fd = os.open("/proc/self/ns/user", os.O_RDONLY)
attempt("setns user", lambda: syscall_checked(libc, SYS["setns"], fd, 0))
print(json.dumps(out))
`;
    const { result, out } = await attack(code);
    assert.equal(result.exitCode, 0, result.stderr);
    const expected: Record<string, string> = {};
    for (const ns of ['user', 'net', 'mnt', 'pid', 'ipc', 'uts', 'cgroup']) {
      expected[`unshare ${ns}`] = 'EPERM';
      expected[`clone ${ns}`] = 'EPERM';
    }
    // clone3's flags are out of the filter's sight: it answers ENOSYS, and glibc uses clone.
    expected['clone3 user'] = 'ENOSYS';
    expected['setns user'] = 'EPERM';
    assert.deepEqual(out, expected);
  });

  test('a system call through the x32 table kills the process (only the native table is filtered)', async (t) => {
    if (arch() !== 'x64') {
      t.skip('x32 is an x86-64 ABI');
      return;
    }
    const code = String.raw`
import ctypes
libc = ctypes.CDLL(None, use_errno=True)
print("before", flush=True)
libc.syscall(0x40000000 | 272, ${CLONE_NEWUSER})  # x32 unshare(CLONE_NEWUSER)
print("survived", flush=True)
`;
    const { result } = await attack(code);
    assert.equal(result.signal, 'SIGSYS');
    assert.equal(result.stdout, 'before\n');
  });

  test('only AF_UNIX sockets: no netlink, packet, raw, inet, vsock or kernel-crypto sockets', async () => {
    const code = String.raw`${PRELUDE}
import socket
cases = {
    "netlink netfilter": (16, socket.SOCK_RAW, 12),
    "netlink route": (16, socket.SOCK_RAW, 0),
    "netlink uevent": (16, socket.SOCK_DGRAM, 15),
    "packet raw": (17, socket.SOCK_RAW, 0),
    "inet raw icmp": (socket.AF_INET, socket.SOCK_RAW, 1),
    "inet udp": (socket.AF_INET, socket.SOCK_DGRAM, 0),
    "inet6 tcp": (socket.AF_INET6, socket.SOCK_STREAM, 0),
    "vsock": (40, socket.SOCK_STREAM, 0),
    "alg (kernel crypto)": (38, socket.SOCK_SEQPACKET, 0),
    "unix": (socket.AF_UNIX, socket.SOCK_STREAM, 0),
}
for label, args in cases.items():
    attempt(label, lambda a=args: socket.socket(*a).close())
attempt("socketpair", lambda: [s.close() for s in socket.socketpair()] and None)
print(json.dumps(out))
`;
    const { result, out } = await attack(code);
    assert.equal(result.exitCode, 0, result.stderr);
    assert.deepEqual(out, {
      'netlink netfilter': 'EPERM',
      'netlink route': 'EPERM',
      'netlink uevent': 'EPERM',
      'packet raw': 'EPERM',
      'inet raw icmp': 'EPERM',
      'inet udp': 'EPERM',
      'inet6 tcp': 'EPERM',
      vsock: 'EPERM',
      'alg (kernel crypto)': 'EPERM',
      unix: 'ok',
      socketpair: 'ok',
    });
  });

  test('cannot ptrace, read the memory of, or read the environment of the supervisor', async () => {
    const code = String.raw`${PRELUDE}
libc = ctypes.CDLL(None, use_errno=True)
libc.ptrace.argtypes = [ctypes.c_long, ctypes.c_long, ctypes.c_void_p, ctypes.c_void_p]
libc.process_vm_readv.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_ulong, ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong]
def call(fn, *args):
    if fn(*args) == -1:
        raise OSError(ctypes.get_errno(), "failed")
PTRACE_ATTACH, PTRACE_SEIZE, PTRACE_TRACEME = 16, 0x4206, 0
attempt("ptrace attach 1", lambda: call(libc.ptrace, PTRACE_ATTACH, 1, None, None))
attempt("ptrace seize 1", lambda: call(libc.ptrace, PTRACE_SEIZE, 1, None, None))
attempt("ptrace traceme", lambda: call(libc.ptrace, PTRACE_TRACEME, 0, None, None))
buf = ctypes.create_string_buffer(16)
class IOVec(ctypes.Structure):
    _fields_ = [("base", ctypes.c_void_p), ("len", ctypes.c_size_t)]
local, remote = IOVec(ctypes.addressof(buf), 16), IOVec(0x400000, 16)
attempt("process_vm_readv 1", lambda: call(libc.process_vm_readv, 1, ctypes.byref(local), 1, ctypes.byref(remote), 1, 0))
attempt("open /proc/1/mem", lambda: os.close(os.open("/proc/1/mem", os.O_RDONLY)))
attempt("read /proc/1/environ", lambda: open("/proc/1/environ", "rb").read() and None)
print(json.dumps(out))
`;
    const { result, out } = await attack(code);
    assert.equal(result.exitCode, 0, result.stderr);
    assert.deepEqual(out, {
      'ptrace attach 1': 'EPERM',
      'ptrace seize 1': 'EPERM',
      'ptrace traceme': 'EPERM',
      'process_vm_readv 1': 'EPERM',
      'open /proc/1/mem': 'EACCES',
      'read /proc/1/environ': 'EACCES',
    });
  });

  test("no secret of the service's environment and none of its files are readable", async () => {
    const serviceFiles = [
      fileURLToPath(import.meta.url),
      fileURLToPath(new URL('../../package.json', import.meta.url)),
      fileURLToPath(new URL('./bootstrap.py', import.meta.url)),
      '/proc/1/root/etc/passwd',
    ];
    const code = String.raw`
import json, os
seen = []
for pid in [p for p in os.listdir("/proc") if p.isdigit()] + ["self", "thread-self"]:
    for name in ("environ", "cmdline"):
        try:
            seen.append(open(f"/proc/{pid}/{name}", "rb").read().decode("latin-1"))
        except OSError:
            pass
seen.append(json.dumps(dict(os.environ)))
files = {}
for path in ${JSON.stringify(serviceFiles)}:
    try:
        files[path] = open(path, "rb").read(64).decode("latin-1")
    except OSError as e:
        files[path] = e.strerror
print(json.dumps({"secret_seen": any(${JSON.stringify(SECRET)} in s for s in seen), "files": files}))
`;
    const { result, out } = await attack(code);
    assert.equal(result.exitCode, 0, result.stderr);
    assert.equal(out?.secret_seen, false);
    const files = out?.files as Record<string, string>;
    for (const path of serviceFiles.slice(0, 3)) {
      assert.equal(files[path], 'No such file or directory', path);
    }
    // The supervisor is not dumpable, so its /proc entry is closed even to its own uid.
    assert.equal(files['/proc/1/root/etc/passwd'], 'Permission denied');
  });

  test('writes outside /work fail: the root, the interpreter, /etc, /proc/sys, /sys, hard links out', async () => {
    const code = String.raw`${PRELUDE}
site = [p for p in sys.path if p.endswith("site-packages")][0]
def write(path):
    with open(path, "w") as f:
        f.write("x")
attempt("sitecustomize in site-packages", lambda: write(os.path.join(site, "sitecustomize.py")))
attempt("a file in the stdlib", lambda: write(os.path.join(os.path.dirname(os.__file__), "evil.py")))
attempt("/usr/lib", lambda: write("/usr/lib/evil.so"))
attempt("/", lambda: write("/evil"))
attempt("/etc/ld.so.preload", lambda: write("/etc/ld.so.preload"))
attempt("/proc/sys/kernel/core_pattern", lambda: write("/proc/sys/kernel/core_pattern"))
attempt("/proc/sysrq-trigger", lambda: write("/proc/sysrq-trigger"))
attempt("/sys/kernel/uevent_helper", lambda: write("/sys/kernel/uevent_helper"))
attempt("/work/.. (the jail's root)", lambda: write("/work/../evil"))
attempt("hard link of the interpreter", lambda: os.link(sys.executable, "/work/python"))
attempt("/work itself", lambda: write("/work/fine.txt"))
print(json.dumps(out))
`;
    const { result, out } = await attack(code);
    assert.equal(result.exitCode, 0, result.stderr);
    assert.deepEqual(out, {
      'sitecustomize in site-packages': 'EROFS',
      'a file in the stdlib': 'EROFS',
      '/usr/lib': 'EROFS',
      '/': 'EROFS',
      '/etc/ld.so.preload': 'EROFS',
      '/proc/sys/kernel/core_pattern': 'EROFS',
      // Not in a procfs mounted for a pid namespace other than the first.
      '/proc/sysrq-trigger': 'ENOENT',
      '/sys/kernel/uevent_helper': 'ENOENT',
      "/work/.. (the jail's root)": 'EROFS',
      'hard link of the interpreter': 'EXDEV',
      '/work itself': 'ok',
    });
  });

  test('/dev/shm does not exist, memfd and System V segments are refused, /tmp fills up at its size', async () => {
    const code = String.raw`${PRELUDE}
libc = ctypes.CDLL(None, use_errno=True)
def call(fn, *args):
    r = fn(*args)
    if r == -1:
        raise OSError(ctypes.get_errno(), "failed")
attempt("/dev/shm", lambda: open("/dev/shm/fill", "wb").close())
attempt("memfd_create", lambda: os.close(os.memfd_create("fill")))
attempt("shmget", lambda: call(libc.shmget, 0, 1 << 30, 0o1600))
attempt("msgget", lambda: call(libc.msgget, 0, 0o1600))
written = 0
chunk = b"x" * (1 << 20)
try:
    with open("/tmp/fill", "wb") as f:
        while written < (1 << 30):
            f.write(chunk)
            f.flush()
            written += len(chunk)
    out["/tmp"] = "ok"
except OSError as e:
    out["/tmp"] = errno.errorcode[e.errno]
out["written_mib"] = written >> 20
print(json.dumps(out))
`;
    const { result, out } = await attack(code, { tmpBytes: 8 * 1024 ** 2 });
    assert.equal(result.exitCode, 0, result.stderr);
    assert.deepEqual(out, {
      '/dev/shm': 'ENOENT',
      memfd_create: 'EPERM',
      shmget: 'EPERM',
      msgget: 'EPERM',
      '/tmp': 'ENOSPC',
      written_mib: 8,
    });
  });

  test('a fork bomb through os reached by reflection, and a thread bomb, end at the process cap', async (t) => {
    if (process.getuid?.() === 0 && !perNamespacePidMax()) {
      t.skip('as root only a per-namespace pid_max (Linux >= 6.14) caps processes; see README');
      return;
    }
    const code = String.raw`
import json, threading, time
os_ = [c for c in object.__subclasses__() if c.__name__ == "_wrap_close"][0].__init__.__globals__
forks, threads, errors = 0, 0, set()
try:
    for _ in range(10000):
        pid = os_["fork"]()
        if pid == 0:
            time.sleep(30)
            os_["_exit"](0)
        forks += 1
except OSError as e:
    errors.add(type(e).__name__)
try:
    for _ in range(10000):
        threading.Thread(target=time.sleep, args=(30,), daemon=True).start()
        threads += 1
except RuntimeError as e:
    errors.add(type(e).__name__)
print(json.dumps({"forks": forks, "threads": threads, "errors": sorted(errors)}))
os_["_exit"](0)
`;
    const started = Date.now();
    const { result, out } = await attack(code, { maxProcesses: 16, timeoutMs: 20_000 });
    assert.equal(result.exitCode, 0, result.stderr);
    assert.equal(result.timedOut, false);
    assert.ok(Date.now() - started < 10_000, 'ends long before the wall clock');
    // unshare, the supervisor and the worker take three of the sixteen.
    assert.ok((out!.forks as number) <= 16 && (out!.threads as number) <= 16, JSON.stringify(out));
    assert.deepEqual(out!.errors, ['BlockingIOError', 'RuntimeError']);
  });

  test('memory bombs fail under the address-space limit: NumPy, mmap, bytes', async () => {
    const code = String.raw`${PRELUDE}
import mmap, numpy
attempt("numpy 8 GiB", lambda: numpy.ones(1 << 30).sum() and None)
attempt("mmap 8 GiB", lambda: mmap.mmap(-1, 8 << 30).close())
attempt("bytes 8 GiB", lambda: len(b"x" * (8 << 30)) and None)
blocks = []
try:
    while True:
        blocks.append(bytearray(64 << 20))
except MemoryError:
    out["grown_mib"] = 64 * len(blocks)
print(json.dumps(out))
`;
    const { result, out } = await attack(code, { memoryBytes: 512 * 1024 ** 2 });
    assert.equal(result.exitCode, 0, result.stderr);
    assert.equal(out?.['numpy 8 GiB'], 'MemoryError');
    assert.equal(out?.['mmap 8 GiB'], 'ENOMEM');
    assert.equal(out?.['bytes 8 GiB'], 'MemoryError');
    assert.ok((out?.grown_mib as number) < 512, JSON.stringify(out));
  });

  test('an endless flood of stdout and stderr keeps only the tails, and the service stays small', async () => {
    const code = String.raw`
import os
line = b"y" * 65535 + b"\n"
while True:
    os.write(1, line)
    os.write(2, line)
`;
    const rssBefore = process.memoryUsage().rss;
    const { result } = await attack(code, { timeoutMs: 3_000, maxOutputBytes: 16 * 1024 });
    assert.equal(result.timedOut, true);
    assert.ok(result.stdoutTruncated && result.stderrTruncated);
    assert.ok(Buffer.byteLength(result.stdout) <= 16 * 1024);
    assert.ok(Buffer.byteLength(result.stderr) <= 16 * 1024);
    const grown = process.memoryUsage().rss - rssBefore;
    assert.ok(grown < 100 * 1024 ** 2, `the service grew by ${grown >> 20} MiB`);
  });

  test('a pickled np.load runs its payload only inside the sandbox, where it is contained', async () => {
    const code = String.raw`
import json, numpy, os
class Payload:
    def __reduce__(self):
        return (os.system, ("unshare -Urn true > /work/payload.txt 2>&1; echo rc=$? >> /work/payload.txt",))
numpy.save("evil.npy", numpy.array([Payload()], dtype=object), allow_pickle=True)
out = {}
try:
    numpy.load("evil.npy")
    out["default"] = "loaded"
except ValueError:
    out["default"] = "refused"
numpy.load("evil.npy", allow_pickle=True)
out["payload"] = open("/work/payload.txt").read()
print(json.dumps(out))
`;
    const { result, out } = await attack(code);
    assert.equal(result.exitCode, 0, result.stderr);
    assert.equal(out?.default, 'refused', 'np.load refuses pickles unless asked');
    assert.match(out?.payload as string, /Operation not permitted/);
    assert.match(out?.payload as string, /rc=[1-9]/);
    const flagged = await checkProject([{ path: 'main.py', content: code }]);
    assert.ok(
      flagged.some((v) => v.name === 'numpy.load'),
      'the static check refuses it',
    );
  });

  test('symlinks, a FIFO and a directory planted as output files are refused, never followed', async () => {
    const code = String.raw`
import os
os.symlink("/etc/passwd", "results.json")
os.symlink("../../../../../../etc/passwd", "relative.json")
os.symlink("/", "rootlink")
os.mkfifo("fifo.json")
os.mkdir("dir.json")
os.symlink("/proc/self/environ", "environ.json")
`;
    const { result, workDir } = await attack(code);
    assert.equal(result.exitCode, 0, result.stderr);
    const read = (name: string) => readResultFile(workDir, name, 1024 * 1024);
    for (const name of ['results.json', 'relative.json', 'environ.json']) {
      await assert.rejects(read(name), UnsafePathError, name);
    }
    await assert.rejects(read('rootlink/etc/passwd'), UnsafePathError);
    // O_NONBLOCK: the FIFO cannot make the service wait for a writer.
    await assert.rejects(read('fifo.json'), UnsafePathError);
    await assert.rejects(read('dir.json'), UnsafePathError);
  });

  test('results.json cannot reach 5 GB, and an oversized one is refused unread', async () => {
    const code = String.raw`${PRELUDE}
def sparse():
    with open("results.json", "wb") as f:
        f.truncate(5 * 1024 ** 3)
def dense():
    with open("big.json", "wb") as f:
        for _ in range(64):
            f.write(b" " * (1 << 20))
attempt("sparse 5 GB", sparse)
attempt("dense 64 MiB", dense)
out["results.json bytes"] = os.path.getsize("results.json")
print(json.dumps(out))
`;
    const { result, out, workDir } = await attack(code);
    assert.equal(result.exitCode, 0, result.stderr);
    assert.deepEqual(out, {
      'sparse 5 GB': 'EFBIG',
      'dense 64 MiB': 'EFBIG',
      'results.json bytes': 0,
    });
    assert.equal((await stat(join(workDir, 'big.json'))).size, 32 * 1024 ** 2, 'maxFileBytes');
    await assert.rejects(
      readResultFile(workDir, 'big.json', 5 * 1024 * 1024),
      (err: unknown) => err instanceof ResultTooLargeError && err.code === 'result_too_large',
    );
  });

  test('a results.json nested 100,000 deep is read and refused in plain words, without a crash', async () => {
    const code = String.raw`
import json
depth = 100000
with open("results.json", "w") as f:
    f.write('{"conditions": {"a": {"m": ' + "[" * depth + "]" * depth + "}, " + '"b": ' + '{"x": ' * depth + "1" + "}" * depth + "}}")
`;
    const { result, workDir } = await attack(code);
    assert.equal(result.exitCode, 0, result.stderr);
    const parsed = parsePythonJson(await readResultFile(workDir, 'results.json', 5 * 1024 * 1024));
    assert.ok(parsed.ok, 'V8 parses deep JSON without recursion');
    const blueprint = {
      conditions: [{ name: 'a' }, { name: 'b' }],
      metrics: [{ name: 'm' }],
      seeds: [0, 1],
    } as unknown as Blueprint;
    const checked = checkResults(parsed.value, blueprint);
    assert.ok('error' in checked, 'refused');
    assert.match(checked.error, /condition "a" metric "m" has values that are not numbers/);
    assert.match(checked.error, /condition "b" has no values for "m"/);
  });
});
