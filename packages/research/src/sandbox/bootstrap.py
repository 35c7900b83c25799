"""Sandbox bootstrap (started by python-runner.ts through unshare).

It runs as pid 1 of fresh user, network, pid, mount and IPC namespaces. It checks that it really
is isolated, builds the filesystem jail and moves into it (jail.py), drops every capability,
checks that the root it now sees is the jail, installs the system-call filter (seccomp.py) and
checks that it holds, applies the resource limits, reports "ready" on
the status pipe, then forks a worker that runs the project's entry with runpy. It stays behind
as a small supervisor because a pid-1 process ignores signals whose action is the default (so
SIGXCPU would not stop it), and unshare turns a child killed by a signal into a plain "exit 1";
the supervisor reports the worker's real exit code or signal instead. When the supervisor
exits, the kernel kills every process left in the pid namespace, so nothing the project started
outlives the run.

argv[1]: JSON {"entry", "limits": {...}, "host_namespaces": {"net": "net:[...]", ...},
               "jail": {"dirs", "mounts", "symlinks", "workDir"}} (isolation.ts, jail.ts)
fd 3:    status pipe to the parent, JSON lines:
         {"event": "ready"} then {"event": "exit", "code": n} or {"event": "signal", "signal": x};
         {"event": "error", "message": ...} instead when isolation or the jail is missing
         (nothing runs).
"""

import json
import os
import resource
import signal
import sys

import jail
import seccomp

STATUS_FD = 3
# Distinct from anything the entry is likely to return, for "did not run".
NOT_ISOLATED_EXIT = 97


def send(event):
    os.write(STATUS_FD, (json.dumps(event) + "\n").encode())


def isolation_problem(host_namespaces):
    """Why this process is not in namespaces of its own, or None when it is."""
    for kind, host_id in host_namespaces.items():
        try:
            own_id = os.readlink(f"/proc/self/ns/{kind}")
        except OSError as err:
            return f"cannot read /proc/self/ns/{kind}: {err}"
        if own_id == host_id:
            return f"still in the host's {kind} namespace ({own_id})"
    return None


def set_limit(which, soft, hard):
    # An unprivileged process cannot raise a hard limit, only lower it.
    _, current_hard = resource.getrlimit(which)
    if current_hard != resource.RLIM_INFINITY:
        hard = min(hard, current_hard)
        soft = min(soft, hard)
    resource.setrlimit(which, (soft, hard))


def apply_limits(limits):
    cpu = limits["cpuSeconds"]
    # SIGXCPU at the soft limit; the hard limit (SIGKILL) is the backstop if it is caught.
    set_limit(resource.RLIMIT_CPU, cpu, cpu + 1)
    set_limit(resource.RLIMIT_AS, limits["memoryBytes"], limits["memoryBytes"])
    set_limit(resource.RLIMIT_FSIZE, limits["maxFileBytes"], limits["maxFileBytes"])
    # Counted per user namespace, so this caps the sandbox's own processes and threads. The
    # kernel exempts real root, so it binds only when the service runs unprivileged (README).
    set_limit(resource.RLIMIT_NPROC, limits["maxProcesses"], limits["maxProcesses"])
    set_limit(resource.RLIMIT_NOFILE, limits["maxOpenFiles"], limits["maxOpenFiles"])
    set_limit(resource.RLIMIT_CORE, 0, 0)


def run_entry(config):
    """The worker: becomes the project's __main__, as `python entry.py` in the work dir would."""
    os.close(STATUS_FD)
    work_dir = config["jail"]["workDir"]
    os.chdir(work_dir)
    sys.argv = [config["entry"]]
    # Replaces this bootstrap's own directory (not even visible in the jail), which Python put
    # first on the path.
    sys.path[0] = work_dir
    import runpy

    # Relative, so __file__, sys.argv[0] and tracebacks read as for `python main.py`.
    runpy.run_path(config["entry"], run_name="__main__")


def supervise(worker):
    while True:
        pid, status = os.wait()
        if pid == worker:
            break
        # Anything else is an orphan the project left behind, reparented to pid 1: just reap it.
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        try:
            name = signal.Signals(number).name
        except ValueError:
            name = f"SIG{number}"
        send({"event": "signal", "signal": name})
        os._exit(128 + number)
    code = os.WEXITSTATUS(status)
    send({"event": "exit", "code": code})
    os._exit(code)


def enter_jail(config):
    """Builds the jail, moves into it and drops privileges; returns why it failed, or None."""
    host_root = os.stat("/")
    try:
        jail.build(config["jail"], config["limits"]["maxProcesses"])
        jail.drop_privileges()
    except OSError as err:
        return f"cannot build the filesystem jail: {err}"
    # This file is on the host's filesystem: seeing it would mean the host is still reachable.
    return jail.problem(config["jail"], (host_root.st_dev, host_root.st_ino), __file__)


def filter_syscalls():
    """Installs the system-call filter and proves it holds; returns why it failed, or None."""
    try:
        seccomp.install()
    except OSError as err:
        return f"cannot install the system-call filter: {err}"
    return seccomp.problem()


def main():
    config = json.loads(sys.argv[1])
    # Namespaces first: the jail's mounts must never be attempted in the host's mount namespace.
    # The filter comes last: it refuses the mount calls that build the jail.
    problem = (
        isolation_problem(config["host_namespaces"]) or enter_jail(config) or filter_syscalls()
    )
    if problem:
        send({"event": "error", "message": problem})
        os._exit(NOT_ISOLATED_EXIT)
    # Before the fork, so "ready" means isolated, jailed and limited; the worker inherits it all.
    apply_limits(config["limits"])
    send({"event": "ready"})
    # The worker (same uid, no capabilities) must not ptrace the supervisor to forge its status,
    # nor read its memory. Undumpable before the fork: after it, the worker could run first.
    jail.set_dumpable(False)
    worker = os.fork()
    if worker == 0:
        jail.set_dumpable(True)  # the project's own /proc/self stays readable, as usual
        run_entry(config)  # exceptions propagate and print their traceback, as usual
        return
    supervise(worker)


main()
