import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CheckFailedError, InvalidProjectError } from './errors.ts';
import { checkProject, type ProjectViolation } from './import-check.ts';

/** Checks a one-file project and returns its findings as `line kind name` strings. */
async function findings(
  main: string,
  extra: { path: string; content: string }[] = [],
): Promise<string[]> {
  const violations = await checkProject([{ path: 'main.py', content: main }, ...extra]);
  return violations.map((v) => `${v.file}:${v.line} ${v.kind} ${v.name}`);
}

describe('checkProject', () => {
  test('accepts a NumPy project with the standard library and its own modules', async () => {
    const files = [
      {
        path: 'main.py',
        content: [
          'from __future__ import annotations',
          'import json, math, random, statistics, dataclasses, shutil',
          'import os.path',
          'from pathlib import Path',
          'from collections import defaultdict',
          'import numpy as np',
          'from numpy.linalg import norm',
          'from models.mlp import train',
          'import utils',
          'def compile(spec):  # a project function may reuse a builtin name',
          '    return spec',
          'compile({})',
          'rng = np.random.default_rng(0)',
          'out = Path("out") / "x.json"',
          'with open(os.path.join("data", "values.csv")) as f:',
          '    rows = f.read().replace("..", ".")',
          'np.save("out/arr.npy", rng.normal(size=3))',
          'open("results.json", "w").write(json.dumps({"a": 1}))',
        ].join('\n'),
      },
      { path: 'models/__init__.py', content: '' },
      {
        path: 'models/mlp.py',
        content: 'from . import layers\nfrom .layers import dense\ndef train(): pass\n',
      },
      { path: 'models/layers.py', content: 'def dense(): pass\n' },
      { path: 'utils.py', content: 'import itertools\n' },
      // Data files are not parsed, even if they look like Python.
      { path: 'data/values.csv', content: 'import socket\n' },
    ];
    assert.deepEqual(await checkProject(files), []);
  });

  test('flags imports outside the standard library and NumPy', async () => {
    assert.deepEqual(
      await findings('import numpy\nimport requests\nfrom torch import nn\nimport cffi\n'),
      ['main.py:2 import requests', 'main.py:3 import torch', 'main.py:4 import cffi'],
    );
  });

  test('flags network, process and native-code modules of the standard library', async () => {
    const main = [
      'import socket',
      'import subprocess',
      'import urllib.request',
      'from http import client',
      'import ctypes',
      'import multiprocessing',
      'from concurrent.futures import ProcessPoolExecutor',
      'import importlib',
      'import asyncio',
      'import _socket',
      'import numpy.ctypeslib',
      'import signal',
    ].join('\n');
    assert.deepEqual(await findings(main), [
      'main.py:1 import socket',
      'main.py:2 import subprocess',
      'main.py:3 import urllib.request',
      'main.py:4 import http',
      'main.py:5 import ctypes',
      'main.py:6 import multiprocessing',
      'main.py:7 import concurrent.futures',
      'main.py:8 import importlib',
      'main.py:9 import asyncio',
      'main.py:10 import _socket',
      'main.py:11 import numpy.ctypeslib',
      'main.py:12 import signal',
    ]);
  });

  test('explains why an import is denied', async () => {
    const [violation] = await checkProject([{ path: 'main.py', content: 'import subprocess\n' }]);
    assert.deepEqual(violation, {
      file: 'main.py',
      line: 1,
      kind: 'import',
      name: 'subprocess',
      message: "import of 'subprocess' is not allowed (starts processes)",
    } satisfies ProjectViolation);
  });

  test('flags eval, exec, compile and __import__', async () => {
    const main = [
      'x = eval("1 + 1")',
      'exec("print(1)")',
      'code = compile("1", "f", "eval")',
      'mod = __import__("socket")',
      'f = eval  # a reference is as good as a call',
      '__builtins__.__dict__["exec"]("pass")',
    ].join('\n');
    assert.deepEqual(await findings(main), [
      'main.py:1 call eval',
      'main.py:2 call exec',
      'main.py:3 call compile',
      'main.py:4 call __import__',
      'main.py:5 call eval',
      'main.py:6 call __builtins__',
    ]);
  });

  test('flags os process functions however they are reached', async () => {
    const main = [
      'import os',
      'import os as o',
      'from os import system',
      'from os import popen as p',
      'from os import *',
      'os.system("ls")',
      'o.execv("/bin/sh", ["sh"])',
      'os.spawnlp(os.P_WAIT, "ls", "ls")',
      'pid = os.fork()',
      'os.kill(1, 9)',
      'run = getattr(os, "popen")',
      'os.posix_spawn("/bin/sh", ["sh"], {})',
      'import posix',
      'os.path.join("a", "b")  # fine',
    ].join('\n');
    assert.deepEqual(await findings(main), [
      'main.py:3 call os.system',
      'main.py:4 call os.popen',
      'main.py:5 call os.*',
      'main.py:6 call os.system',
      'main.py:7 call os.execv',
      'main.py:8 call os.spawnlp',
      'main.py:9 call os.fork',
      'main.py:10 call os.kill',
      'main.py:11 call os.popen',
      'main.py:12 call os.posix_spawn',
      'main.py:13 import posix',
    ]);
  });

  test('flags denied submodules reached through an alias', async () => {
    const main =
      'import numpy as np\nlib = np.ctypeslib.load_library("libc", ".")\nfrom numpy import f2py\n';
    assert.deepEqual(await findings(main), [
      'main.py:2 import numpy.ctypeslib',
      'main.py:3 import numpy.f2py',
    ]);
  });

  test('flags computed getattr and reflection that reaches other namespaces', async () => {
    const main = [
      'import numpy, sys, operator',
      'lib = getattr(numpy, "ctypes" + "lib")',
      'def f(): pass',
      'b = f.__globals__["__builtins__"]',
      'walk = object.__subclasses__()',
      'mro = ().__class__.__mro__[1]',
      'mod = sys.modules["os"]',
      'g = globals()["__builtins__"]',
      'get = operator.attrgetter("x")',
      'arr = numpy.load("a.npy", allow_pickle=True)',
      'ok = getattr(numpy, "pi") + numpy.load("a.npy", allow_pickle=False).sum()',
    ].join('\n');
    assert.deepEqual(await findings(main), [
      'main.py:2 reflection getattr',
      'main.py:4 reflection __globals__',
      'main.py:4 reflection __builtins__',
      'main.py:5 reflection __subclasses__',
      'main.py:6 reflection __mro__',
      'main.py:7 reflection sys.modules',
      'main.py:8 reflection __builtins__',
      'main.py:9 reflection operator.attrgetter',
      'main.py:10 call numpy.load',
    ]);
  });

  test('flags a project module that shadows a denied module', async () => {
    const result = await findings('import socket\n', [{ path: 'socket.py', content: 'x = 1\n' }]);
    assert.deepEqual(result, ['main.py:1 import socket', 'socket.py:1 import socket']);
  });

  test('flags literal paths that leave the project directory', async () => {
    const main = [
      'import numpy as np',
      'from pathlib import Path',
      'import shutil',
      'a = open("/etc/passwd").read()',
      'b = open("../secrets.txt")',
      'c = np.loadtxt("data/../../x.csv")',
      'd = Path("/etc")',
      'e = open(f"/home/{a}")',
      'shutil.rmtree("~/")',
      'np.zeros(3).tofile("/tmp/x")',
      'open(file="/etc/hosts")',
      'ok = open("results.json", "w")',
    ].join('\n');
    assert.deepEqual(await findings(main), [
      'main.py:4 call open',
      'main.py:5 call open',
      'main.py:6 call numpy.loadtxt',
      'main.py:7 call pathlib.Path',
      'main.py:8 call open',
      'main.py:9 call shutil.rmtree',
      'main.py:10 call tofile',
      'main.py:11 call open',
    ]);
  });

  test('reports a syntax error with its line, and checks the other files', async () => {
    const violations = await checkProject([
      { path: 'main.py', content: 'import numpy as np\n\ndef f(x:\n    return x\n' },
      { path: 'b.py', content: 'if True:\nprint(1)\n' },
      { path: 'c.py', content: 'import socket\n' },
    ]);
    assert.deepEqual(
      violations.map((v) => [v.file, v.line, v.kind, v.name]),
      [
        ['b.py', 2, 'syntax', 'IndentationError'],
        ['c.py', 1, 'import', 'socket'],
        ['main.py', 3, 'syntax', 'SyntaxError'],
      ],
    );
    assert.match(violations[2]!.message, /never closed|invalid syntax/);
  });

  test('reports null bytes as a syntax violation', async () => {
    // SyntaxError on Python 3.11.4+ and 3.12, ValueError before; either way a syntax violation.
    const violations = await checkProject([{ path: 'main.py', content: 'x = 1\0\n' }]);
    assert.deepEqual(
      violations.map((v) => [v.line, v.kind]),
      [[1, 'syntax']],
    );
  });

  test('refuses invalid file paths like the runner does', async () => {
    await assert.rejects(checkProject([{ path: '../main.py', content: '' }]), InvalidProjectError);
  });

  test('fails with check_failed when the interpreter is missing', async () => {
    await assert.rejects(
      checkProject([{ path: 'main.py', content: '' }], { python: '/nonexistent/python3' }),
      (err: unknown) => err instanceof CheckFailedError && err.code === 'check_failed',
    );
  });
});
