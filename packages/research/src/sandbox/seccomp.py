"""The system-call filter of the sandbox: libseccomp, driven through ctypes.

Installed by bootstrap.py after the jail is built and every capability is dropped, and before
the project's code runs; the worker inherits it across fork and exec, and no later filter can
loosen it. It is a deny list on top of the jail: it closes the kernel surface that an
unprivileged user namespace would otherwise reach (new namespaces, mounts, netlink, packet and
raw sockets, io_uring, BPF, perf, keyrings, ptrace, module and kexec loading), which is where
most user-namespace escapes of recent years live. Refusals return EPERM (clone3: ENOSYS, so
glibc falls back to clone, whose flags the filter can read); a process that uses another
architecture's system-call table (x32, i386 through int 0x80, arm32) is killed.

Why libseccomp and ctypes: libseccomp compiles rules to BPF for each architecture (syscall
numbers, the architecture check, x32 filtering), which is the part one gets wrong by hand.
Debian's python3-seccomp binding is built for Debian's own interpreter, while experiments run
on whichever Python 3 has NumPy (often pyenv's); the C library's API is stable, so it is called
directly. See README.md, "System-call filter".
"""

import ctypes
import errno
import os

# Actions (seccomp.h).
SCMP_ACT_KILL_PROCESS = 0x80000000
SCMP_ACT_ALLOW = 0x7FFF0000


def SCMP_ACT_ERRNO(number):
    return 0x00050000 | (number & 0xFFFF)


# Filter attributes and argument comparisons (seccomp.h).
SCMP_FLTATR_ACT_BADARCH = 2
SCMP_CMP_NE = 1
SCMP_CMP_MASKED_EQ = 7

# Architectures the filter is made for: the native one must be one of these.
AUDIT_ARCH_X86_64 = 0xC000003E
AUDIT_ARCH_AARCH64 = 0xC00000B7
SUPPORTED_ARCHES = {AUDIT_ARCH_X86_64: "x86-64", AUDIT_ARCH_AARCH64: "aarch64"}

AF_UNIX = 1
PERSONALITY_QUERY = 0xFFFFFFFF

# Namespace flags of clone(2). CLONE_NEWTIME (0x80) is left out: clone() has no room for it
# (its low byte is the exit signal), only clone3 and unshare take it, and both are refused whole.
CLONE_NAMESPACE_FLAGS = {
    "CLONE_NEWNS": 0x00020000,
    "CLONE_NEWCGROUP": 0x02000000,
    "CLONE_NEWUTS": 0x04000000,
    "CLONE_NEWIPC": 0x08000000,
    "CLONE_NEWUSER": 0x10000000,
    "CLONE_NEWPID": 0x20000000,
    "CLONE_NEWNET": 0x40000000,
}

# Refused whole with EPERM, by what they would give the project. Names that do not exist on the
# running architecture are skipped.
DENIED_SYSCALLS = {
    "namespaces": ["unshare", "setns"],
    "mounts": [
        "mount", "umount", "umount2", "pivot_root", "chroot", "move_mount", "open_tree",
        "fsopen", "fsconfig", "fsmount", "fspick", "mount_setattr",
    ],
    "other processes' memory": [
        "ptrace", "process_vm_readv", "process_vm_writev", "kcmp", "pidfd_getfd",
    ],
    "kernel programs and tracing": ["bpf", "perf_event_open", "userfaultfd"],
    "kernel keyrings": ["keyctl", "add_key", "request_key"],
    "io_uring": ["io_uring_setup", "io_uring_enter", "io_uring_register"],
    "kernel loading": [
        "kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module",
        "create_module",
    ],
    "host-wide settings": [
        "acct", "swapon", "swapoff", "reboot", "syslog", "settimeofday", "clock_settime",
        "clock_adjtime", "adjtimex", "sethostname", "setdomainname", "quotactl",
        "quotactl_fd", "nfsservctl", "vhangup",
    ],
    "raw hardware and legacy interfaces": [
        "iopl", "ioperm", "modify_ldt", "uselib", "ustat", "sysfs", "_sysctl", "lookup_dcookie",
        "vm86", "vm86old",
    ],
    # Anonymous files and System V segments and queues hold memory that RLIMIT_AS does not count
    # once unmapped; with no cgroup, they could take the host's memory.
    "memory outside the memory limit": ["memfd_create", "memfd_secret", "shmget", "msgget"],
    "file handles that bypass paths": ["open_by_handle_at", "name_to_handle_at", "fanotify_init"],
}


class _ArgCmp(ctypes.Structure):
    _fields_ = [
        ("arg", ctypes.c_uint),
        ("op", ctypes.c_int),
        ("datum_a", ctypes.c_uint64),
        ("datum_b", ctypes.c_uint64),
    ]


class SeccompError(OSError):
    pass


def _load_library():
    # By soname: ctypes.util.find_library would start ldconfig in a subprocess.
    try:
        lib = ctypes.CDLL("libseccomp.so.2", use_errno=True)
    except OSError as err:
        raise SeccompError(
            errno.ENOSYS, f"libseccomp is not installed (Debian: libseccomp2): {err}"
        ) from None
    lib.seccomp_init.restype = ctypes.c_void_p
    lib.seccomp_init.argtypes = [ctypes.c_uint32]
    lib.seccomp_release.argtypes = [ctypes.c_void_p]
    lib.seccomp_arch_native.restype = ctypes.c_uint32
    lib.seccomp_attr_set.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint32]
    lib.seccomp_syscall_resolve_name.argtypes = [ctypes.c_char_p]
    lib.seccomp_rule_add_array.argtypes = [
        ctypes.c_void_p, ctypes.c_uint32, ctypes.c_int, ctypes.c_uint, ctypes.POINTER(_ArgCmp),
    ]
    lib.seccomp_load.argtypes = [ctypes.c_void_p]
    return lib


def _check(result, what):
    # libseccomp returns -errno.
    if result < 0:
        raise SeccompError(-result, f"seccomp {what}: {os.strerror(-result)}")


class _Filter:
    def __init__(self, lib):
        self.lib = lib
        self.ctx = lib.seccomp_init(SCMP_ACT_ALLOW)
        if not self.ctx:
            raise SeccompError(errno.ENOMEM, "seccomp_init failed")

    def syscall(self, name):
        """The native number of `name`, or None when this architecture does not have it."""
        number = self.lib.seccomp_syscall_resolve_name(name.encode())
        return None if number < 0 else number

    def rule(self, action, name, *conditions):
        number = self.syscall(name)
        if number is None:
            return False
        args = (_ArgCmp * max(1, len(conditions)))(*conditions)
        _check(
            self.lib.seccomp_rule_add_array(self.ctx, action, number, len(conditions), args),
            f"rule for {name}",
        )
        return True


def install():
    """Installs the filter on the calling thread (no_new_privs must be set); SeccompError if not."""
    lib = _load_library()
    native = lib.seccomp_arch_native()
    if native not in SUPPORTED_ARCHES:
        raise SeccompError(errno.ENOSYS, f"no system-call filter for architecture {native:#x}")
    f = _Filter(lib)
    try:
        # Only the native table is in the filter; x32 numbers and foreign tables are "bad arch".
        _check(lib.seccomp_attr_set(f.ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS),
               "bad-arch action")
        eperm = SCMP_ACT_ERRNO(errno.EPERM)
        for names in DENIED_SYSCALLS.values():
            for name in names:
                f.rule(eperm, name)
        # One rule per flag: rules are or-ed, and a masked compare tests one pattern.
        for flag in CLONE_NAMESPACE_FLAGS.values():
            f.rule(eperm, "clone", _ArgCmp(0, SCMP_CMP_MASKED_EQ, flag, flag))
        # Its flags sit in a struct the filter cannot read; ENOSYS makes glibc use clone().
        f.rule(SCMP_ACT_ERRNO(errno.ENOSYS), "clone3")
        # Only AF_UNIX sockets: no netlink (nf_tables), packet, raw or any network family.
        f.rule(eperm, "socket", _ArgCmp(0, SCMP_CMP_NE, AF_UNIX, 0))
        # Querying the personality stays; setting one does not (libseccomp takes one comparison
        # per argument and rule, so even re-setting the default is refused; nothing needs it).
        f.rule(eperm, "personality", _ArgCmp(0, SCMP_CMP_NE, PERSONALITY_QUERY, 0))
        _check(lib.seccomp_load(f.ctx), "load")
    finally:
        lib.seccomp_release(f.ctx)


_libc = ctypes.CDLL(None, use_errno=True)
_libc.unshare.argtypes = [ctypes.c_int]
_libc.socket.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_int]

CLONE_NEWUSER = CLONE_NAMESPACE_FLAGS["CLONE_NEWUSER"]
AF_NETLINK = 16
SOCK_RAW = 3
NETLINK_NETFILTER = 12


def problem():
    """Why the filter is not in force in this process, or None when it is."""
    with open("/proc/self/status") as status:
        mode = next((line.split()[1] for line in status if line.startswith("Seccomp:")), None)
    if mode != "2":
        return f"no seccomp filter is installed (Seccomp: {mode})"
    if _libc.unshare(CLONE_NEWUSER) != -1 or ctypes.get_errno() != errno.EPERM:
        return "unshare(CLONE_NEWUSER) is not refused"
    fd = _libc.socket(AF_NETLINK, SOCK_RAW, NETLINK_NETFILTER)
    if fd != -1:
        os.close(fd)
        return "a netlink socket can be opened"
    if ctypes.get_errno() != errno.EPERM:
        return f"a netlink socket fails with {errno.errorcode.get(ctypes.get_errno())}, not EPERM"
    return None
