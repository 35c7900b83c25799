"""Builds the filesystem jail that jail.ts plans, and drops the namespace's root privileges.

Imported by bootstrap.py, which runs as pid 1 and root of fresh user, mount and pid namespaces
(unshare -r -m -p). Nothing here touches the host: every mount happens in the private mount
namespace and dies with it.

How: a staging tmpfs is mounted over /tmp and made the root with pivot_root, which moves the
host's tree to /host. The jail is assembled at /jail from bind mounts of /host/<path>; then
pivot_root(".", ".") into /jail and a lazy unmount of the old root drop the staging tmpfs and,
with it, every host mount. Afterwards no path, not even through /proc/<pid>/root, leads to the
host's root, because the mount namespace no longer contains it.

Then every capability is dropped (bounding set included) and no_new_privs is set: the project
stays uid 0 of its namespace but cannot mount, unmount, remount the read-only binds writable,
chroot, or regain capabilities by exec'ing a setuid binary.
"""

import ctypes
import os
import re

MS_RDONLY = 0x1
MS_NOSUID = 0x2
MS_NODEV = 0x4
MS_NOEXEC = 0x8
MS_REMOUNT = 0x20
MS_NOATIME = 0x400
MS_NODIRATIME = 0x800
MS_BIND = 0x1000
MS_REC = 0x4000
MS_PRIVATE = 0x40000
MS_RELATIME = 0x200000
MNT_DETACH = 0x2

# statvfs f_flag bits -> mount flags. A remount of a bind must repeat the flags the source mount
# already has (they are locked when the mount came from a more privileged namespace).
STATVFS_TO_MOUNT = [
    (os.ST_RDONLY, MS_RDONLY),
    (os.ST_NOSUID, MS_NOSUID),
    (os.ST_NODEV, MS_NODEV),
    (os.ST_NOEXEC, MS_NOEXEC),
    (os.ST_NOATIME, MS_NOATIME),
    (os.ST_NODIRATIME, MS_NODIRATIME),
    (os.ST_RELATIME, MS_RELATIME),
]

PR_SET_DUMPABLE = 4
PR_CAPBSET_DROP = 24
PR_SET_NO_NEW_PRIVS = 38
PR_CAP_AMBIENT = 47
PR_CAP_AMBIENT_CLEAR_ALL = 4
LINUX_CAPABILITY_VERSION_3 = 0x20080522

STAGING = "/tmp"  # any directory would do; the staging tmpfs hides it only in this namespace
HOST = "/host"  # the host's root while the jail is being assembled
NEW_ROOT = "/jail"
ROOT_TMPFS = "mode=0755,size=1m,nr_inodes=4096"
# Parents of mount points that exist only to reach them (/root/.pyenv/...): passable, not listable.
PASS_THROUGH_MODE = 0o111
# Linux >= 6.14 has a pid_max per pid namespace; before, the file is the global one.
PER_NAMESPACE_PID_MAX = (6, 14)
RESERVED_PIDS = 300  # the kernel hands out pids below this only until its cursor passes it

_libc = ctypes.CDLL(None, use_errno=True)
_libc.mount.argtypes = [ctypes.c_char_p] * 3 + [ctypes.c_ulong, ctypes.c_char_p]
_libc.umount2.argtypes = [ctypes.c_char_p, ctypes.c_int]
_libc.pivot_root.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
_libc.prctl.argtypes = [ctypes.c_int] + [ctypes.c_ulong] * 4


class _CapHeader(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]


class _CapData(ctypes.Structure):
    _fields_ = [
        ("effective", ctypes.c_uint32),
        ("permitted", ctypes.c_uint32),
        ("inheritable", ctypes.c_uint32),
    ]


def _check(result, what):
    if result != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def _b(path):
    return None if path is None else os.fsencode(path)


def mount(source, target, fstype, flags, data=None):
    result = _libc.mount(_b(source), _b(target), _b(fstype), flags, _b(data))
    _check(result, f"mount {source or fstype or ''} on {target}")


def prctl(option, arg2=0):
    _check(_libc.prctl(option, arg2, 0, 0, 0), f"prctl({option}, {arg2})")


def _current_flags(path):
    f_flag = os.statvfs(path).f_flag
    return sum(mount_flag for st_flag, mount_flag in STATVFS_TO_MOUNT if f_flag & st_flag)


def _make_parents(path):
    parent = os.path.dirname(path)
    if not os.path.isdir(parent):
        _make_parents(parent)
        os.mkdir(parent)
        os.chmod(parent, PASS_THROUGH_MODE)  # not subject to the umask


def _mount_point(target, source):
    _make_parents(target)
    if os.path.isdir(source):
        os.mkdir(target)
    else:
        os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o444))


def _bind(entry):
    source, target = HOST + entry["source"], NEW_ROOT + entry["target"]
    _mount_point(target, source)
    # Not recursive: a mount inside the source stays out (the kernel refuses, rather than
    # reveal what it hides, and the jail then fails closed).
    mount(source, target, None, MS_BIND)
    flags = _current_flags(target) | MS_NOSUID
    if not entry["writable"]:
        flags |= MS_RDONLY
    if not entry["device"]:
        flags |= MS_NODEV
    if entry["writable"] and not entry["device"]:
        flags |= MS_NOEXEC  # nothing the project writes is executed as a binary or library
    mount(None, target, None, MS_REMOUNT | MS_BIND | flags)


def _tmpfs(entry):
    target = NEW_ROOT + entry["target"]
    _make_parents(target)
    os.mkdir(target)
    size = entry["sizeBytes"]
    # Inodes cost kernel memory that size= does not count; one per 4 KiB page is plenty.
    options = f"mode={entry['mode']:o},size={size},nr_inodes={max(1024, size // 4096)}"
    mount("tmpfs", target, "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, options)


def _proc(entry):
    target = NEW_ROOT + entry["target"]
    _make_parents(target)
    os.mkdir(target)
    # Read-only: as root of the user namespace the project maps to the service's uid, and when
    # that is real root, a writable /proc/sys would let it change the host's global sysctls
    # (kernel.core_pattern, for one) and /proc/sysrq-trigger would reach the host's kernel.
    flags = MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC
    mount("proc", target, "proc", flags)


MOUNTERS = {"bind": _bind, "tmpfs": _tmpfs, "proc": _proc}


def limit_pids(max_processes):
    """Caps this pid namespace at max_processes tasks, so even real root cannot fork without bound.

    The kernel hands out pids in [RESERVED_PIDS, pid_max) once its cursor has passed
    RESERVED_PIDS, so moving the cursor there (ns_last_pid) and setting pid_max leaves
    max_processes - 1 pids besides this pid 1. Skipped where the kernel has no per-namespace
    pid_max: writing the file there would change the host's.
    """
    release = re.match(r"(\d+)\.(\d+)", os.uname().release)
    if not release or tuple(map(int, release.groups())) < PER_NAMESPACE_PID_MAX:
        return
    # The namespace's own /proc (unshare --mount-proc), reached under the staging root.
    sysctl = HOST + "/proc/sys/kernel/"
    with open(sysctl + "pid_max", "w") as f:
        f.write(str(max(RESERVED_PIDS + max_processes - 1, RESERVED_PIDS + 1)))
    with open(sysctl + "ns_last_pid", "w") as f:
        f.write(str(RESERVED_PIDS))


def build(plan, max_processes):
    """Assembles the jail, pivots into it, and cds to the work directory; OSError on failure."""
    # unshare -m already makes every mount private; repeat it so nothing can propagate back.
    mount(None, "/", None, MS_REC | MS_PRIVATE)
    mount("tmpfs", STAGING, "tmpfs", MS_NOSUID | MS_NODEV, "mode=0700,size=64k,nr_inodes=64")
    os.mkdir(STAGING + HOST)
    os.mkdir(STAGING + NEW_ROOT)
    _check(_libc.pivot_root(_b(STAGING), _b(STAGING + HOST)), "pivot_root to the staging root")
    os.chdir("/")
    mount("tmpfs", NEW_ROOT, "tmpfs", MS_NOSUID | MS_NODEV, ROOT_TMPFS)
    for entry in plan["dirs"]:
        os.mkdir(NEW_ROOT + entry["path"])
        os.chmod(NEW_ROOT + entry["path"], entry["mode"])
    for entry in plan["mounts"]:
        MOUNTERS[entry["kind"]](entry)
    for link in plan["symlinks"]:
        _make_parents(NEW_ROOT + link["path"])
        os.symlink(link["target"], NEW_ROOT + link["path"])
    limit_pids(max_processes)
    os.chdir(NEW_ROOT)
    _check(_libc.pivot_root(b".", b"."), "pivot_root into the jail")
    # The old root (the staging tmpfs, with the host's tree under /host) now sits on top of
    # the jail; detaching it drops every host mount from this namespace.
    _check(_libc.umount2(b".", MNT_DETACH), "detach the old root")
    os.chdir("/")
    mount(None, "/", None, MS_REMOUNT | MS_BIND | _current_flags("/") | MS_RDONLY)
    os.chdir(plan["workDir"])


def drop_privileges():
    """Drops every capability for good (bounding set too) and sets no_new_privs."""
    with open("/proc/sys/kernel/cap_last_cap") as f:
        last_cap = int(f.read())
    for cap in range(last_cap + 1):
        prctl(PR_CAPBSET_DROP, cap)
    _check(_libc.prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0), "clear ambient caps")
    header = _CapHeader(LINUX_CAPABILITY_VERSION_3, 0)
    data = (_CapData * 2)()
    _check(_libc.capset(ctypes.byref(header), data), "capset")
    prctl(PR_SET_NO_NEW_PRIVS, 1)


def set_dumpable(dumpable):
    """Undumpable keeps a process of the same uid from ptracing (or reading /proc/<pid>/ of) this one."""
    prctl(PR_SET_DUMPABLE, 1 if dumpable else 0)


def _unescape(field):
    return os.fsdecode(re.sub(rb"\\([0-7]{3})", lambda m: bytes([int(m.group(1), 8)]), field))


def _mount_points():
    with open("/proc/self/mountinfo", "rb") as f:
        return [_unescape(line.split(b" ")[4]) for line in f if line.strip()]


def _status_fields():
    with open("/proc/self/status") as f:
        return dict(line.rstrip("\n").split(":\t", 1) for line in f if ":\t" in line)


def _exposed(path, plan):
    """Whether the plan deliberately shows the host's `path` (it lies in a read-only bind)."""
    binds = [m for m in plan["mounts"] if m["kind"] == "bind" and not m["writable"]]
    return any(path == m["target"] or path.startswith(m["target"] + "/") for m in binds)


def problem(plan, host_root, host_marker):
    """Why the current root is not the planned jail, or None when it is.

    host_root is the (st_dev, st_ino) of the host's root; host_marker a host file that must not
    be visible (unless it lies in what the plan exposes, e.g. a service installed under /usr).
    """
    root = os.stat("/")
    if (root.st_dev, root.st_ino) == host_root:
        return "the root directory is still the host's"
    markers = ["/etc/passwd"] + ([] if _exposed(host_marker, plan) else [host_marker])
    for path in markers:
        if os.path.lexists(path):
            return f"the host's {path} is visible"
    expected = ["/"] + [entry["target"] for entry in plan["mounts"]]
    actual = _mount_points()
    if sorted(actual) != sorted(expected):
        return f"the mounts are {sorted(actual)}, expected {sorted(expected)}"
    read_only = ["/"] + [
        m["target"] for m in plan["mounts"] if m["kind"] == "proc" or not m.get("writable", True)
    ]
    for path in read_only:
        if not os.statvfs(path).f_flag & os.ST_RDONLY:
            return f"{path} is writable"
    status = _status_fields()
    for field in ("CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb"):
        if int(status.get(field, "1"), 16) != 0:
            return f"capabilities left: {field} {status.get(field)}"
    if status.get("NoNewPrivs") != "1":
        return "no_new_privs is not set"
    if os.getcwd() != plan["workDir"]:
        return f"the working directory is {os.getcwd()}"
    return None
