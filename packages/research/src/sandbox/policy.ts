// What generated experiment code may import and call. The static check is a policy gate and an
// early, readable error for the model; it is not the security boundary (dynamic tricks such as
// getattr with a computed name defeat any static check). The boundary is the runtime isolation
// in python-runner.ts. See README.md.

/** Third-party top-level packages allowed besides the standard library. */
export const ALLOWED_THIRD_PARTY = ['numpy'] as const;

/**
 * Denied modules (a name denies its submodules too), with the reason shown to the model.
 * `shutil` is deliberately allowed: it only wraps file operations `os` already offers, the
 * filesystem jail bounds what either can reach, and it starts no processes and opens no sockets.
 */
export const DENIED_MODULES: Readonly<Record<string, string>> = {
  // Network.
  socket: 'network access',
  ssl: 'network access',
  http: 'network access',
  urllib: 'network access',
  ftplib: 'network access',
  smtplib: 'network access',
  smtpd: 'network access',
  poplib: 'network access',
  imaplib: 'network access',
  nntplib: 'network access',
  telnetlib: 'network access',
  xmlrpc: 'network access',
  socketserver: 'network access',
  wsgiref: 'network access',
  asyncio: 'network access and subprocesses',
  asyncore: 'network access',
  asynchat: 'network access',
  webbrowser: 'starts a browser process',
  'logging.handlers': 'network handlers (socket, SMTP, HTTP)',
  'logging.config': 'dictConfig/listen resolve arbitrary callables and open a socket',
  // Processes and signals.
  subprocess: 'starts processes',
  multiprocessing: 'starts processes',
  concurrent: 'process pools',
  pty: 'starts processes',
  signal: 'signals other processes and changes signal handling',
  posix: 'raw OS interface (system, fork, exec) behind os',
  distutils: 'spawns compilers',
  ensurepip: 'runs pip',
  venv: 'runs pip',
  // Native code.
  ctypes: 'loads native code',
  cffi: 'loads native code',
  'numpy.ctypeslib': 'loads native code',
  'numpy.f2py': 'compiles and loads native code',
  'numpy.distutils': 'spawns compilers',
  // Dynamic import or execution of strings, which would bypass this check.
  importlib: 'dynamic import',
  pkgutil: 'dynamic import (resolve_name)',
  zipimport: 'dynamic import',
  runpy: 'runs other code',
  builtins: 'reaches eval/exec/__import__',
  code: 'executes strings',
  codeop: 'compiles strings',
  pdb: 'executes strings',
  bdb: 'executes strings',
  timeit: 'executes statement strings',
  doctest: 'executes docstrings',
  pickle: 'unpickling runs arbitrary callables',
  marshal: 'loads code objects',
  shelve: 'unpickling runs arbitrary callables',
};

/** Built-in names that compile or import from strings; denied when the file does not rebind them. */
export const DENIED_BUILTINS = ['eval', 'exec', 'compile', '__import__', '__builtins__'] as const;

/**
 * Attributes that reach other namespaces (a function's globals, the builtins, every loaded
 * class) and so defeat the import and builtin rules above; flagged as attributes, as
 * `getattr` names and as string literals (for `globals()["__builtins__"]`-style lookups).
 */
export const DENIED_ATTRIBUTES: Readonly<Record<string, string>> = {
  __globals__: "reaches another module's globals",
  __builtins__: 'reaches eval/exec/__import__',
  __import__: 'imports modules by name',
  __subclasses__: 'walks every loaded class',
  __bases__: 'walks the class hierarchy',
  __base__: 'walks the class hierarchy',
  __mro__: 'walks the class hierarchy',
  __code__: 'reaches code objects',
  __closure__: "reaches another function's variables",
  __loader__: 'loads modules by name',
  f_globals: "reaches a frame's globals",
  f_builtins: "reaches a frame's builtins",
  f_locals: "reaches a frame's variables",
  f_back: 'walks the call stack',
  tb_frame: 'reaches stack frames',
  gi_frame: 'reaches stack frames',
  cr_frame: 'reaches stack frames',
};

/** Module attributes that hand out modules or frames by name. */
export const DENIED_MODULE_ATTRIBUTES: Readonly<Record<string, string>> = {
  'sys.modules': 'hands out any loaded module by name',
  'sys._getframe': 'reaches stack frames',
  'operator.attrgetter': 'attribute access by computed name',
  'operator.methodcaller': 'method calls by computed name',
};

/** `os` functions that start, replace or signal processes (also matched as prefixes below). */
export const DENIED_OS_FUNCTIONS = [
  'system',
  'popen',
  'fork',
  'forkpty',
  'kill',
  'killpg',
  'startfile',
] as const;
export const DENIED_OS_PREFIXES = ['exec', 'spawn', 'posix_spawn'] as const;

/**
 * Functions whose string-literal path arguments must stay inside the project directory
 * (no absolute, `~` or `..` paths). Dotted names are matched after resolving import aliases;
 * bare names are methods whose receiver cannot be resolved statically (`array.tofile`).
 */
export const PATH_FUNCTIONS = [
  'open',
  'io.open',
  'codecs.open',
  'os.open',
  'os.listdir',
  'os.scandir',
  'os.walk',
  'os.stat',
  'os.remove',
  'os.unlink',
  'os.rmdir',
  'os.removedirs',
  'os.rename',
  'os.renames',
  'os.replace',
  'os.mkdir',
  'os.makedirs',
  'os.chdir',
  'os.chmod',
  'os.chown',
  'os.symlink',
  'os.link',
  'os.truncate',
  'shutil.rmtree',
  'shutil.copy',
  'shutil.copy2',
  'shutil.copyfile',
  'shutil.copytree',
  'shutil.move',
  'glob.glob',
  'glob.iglob',
  'pathlib.Path',
  'pathlib.PurePath',
  'pathlib.PosixPath',
  'numpy.load',
  'numpy.loadtxt',
  'numpy.genfromtxt',
  'numpy.save',
  'numpy.savez',
  'numpy.savez_compressed',
  'numpy.savetxt',
  'numpy.fromfile',
  'numpy.memmap',
  'tofile',
] as const;

/** The policy as the Python checker receives it. */
export function checkerPolicy(): Record<string, unknown> {
  return {
    allowed_third_party: ALLOWED_THIRD_PARTY,
    denied_modules: DENIED_MODULES,
    denied_builtins: DENIED_BUILTINS,
    denied_attributes: DENIED_ATTRIBUTES,
    denied_module_attributes: DENIED_MODULE_ATTRIBUTES,
    denied_os_functions: DENIED_OS_FUNCTIONS,
    denied_os_prefixes: DENIED_OS_PREFIXES,
    path_functions: PATH_FUNCTIONS,
  };
}
