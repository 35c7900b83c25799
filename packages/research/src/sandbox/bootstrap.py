"""Sandbox bootstrap (started by python-runner.ts through unshare).

It runs as pid 1 of fresh user, network, pid, mount and IPC namespaces. It checks that it really
is isolated, applies the resource limits, reports "ready" on the status pipe, then forks a
worker that runs the project's entry with runpy. It stays behind as a small supervisor because
a pid-1 process ignores signals whose action is the default (so SIGXCPU would not stop it), and
unshare turns a child killed by a signal into a plain "exit 1"; the supervisor reports the
worker's real exit code or signal instead. When the supervisor exits, the kernel kills every
process left in the pid namespace, so nothing the project started outlives the run.

argv[1]: JSON {"entry", "work_dir", "limits": {...}, "host_namespaces": {"net": "net:[...]", ...}}
fd 3:    status pipe to the parent, JSON lines:
         {"event": "ready"} then {"event": "exit", "code": n} or {"event": "signal", "signal": name};
         {"event": "error", "message": ...} instead when isolation is missing (nothing runs).
"""

import json
import os
import resource
import signal
import sys

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
    set_limit(resource.RLIMIT_CORE, 0, 0)


def run_entry(config):
    """The worker: becomes the project's __main__, as `python entry.py` run from work_dir would."""
    os.close(STATUS_FD)
    work_dir = config["work_dir"]
    os.chdir(work_dir)
    sys.argv = [config["entry"]]
    # Replaces this bootstrap's own directory, which Python put first on the path.
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


def main():
    config = json.loads(sys.argv[1])
    problem = isolation_problem(config["host_namespaces"])
    if problem:
        send({"event": "error", "message": problem})
        os._exit(NOT_ISOLATED_EXIT)
    # Before the fork, so "ready" means isolated and limited; the worker inherits the limits.
    apply_limits(config["limits"])
    send({"event": "ready"})
    worker = os.fork()
    if worker == 0:
        run_entry(config)  # exceptions propagate and print their traceback, as usual
        return
    supervise(worker)


main()
