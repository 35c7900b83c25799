import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SandboxUnavailableError } from './errors.ts';
import { planJail, type HostFacts, type JailMount } from './jail.ts';

const mergedUsr: HostFacts = {
  system: [
    { path: '/usr', kind: 'dir' },
    { path: '/bin', kind: 'symlink', linkTo: 'usr/bin' },
    { path: '/lib', kind: 'symlink', linkTo: 'usr/lib' },
    { path: '/lib64', kind: 'symlink', linkTo: 'usr/lib64' },
  ],
  python: [
    {
      path: '/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages',
      real: '/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages',
    },
    { path: '/root/.pyenv/versions/3.11.7', real: '/root/.pyenv/versions/3.11.7' },
  ],
  devices: ['/dev/null', '/dev/zero', '/dev/urandom'],
  etc: ['/etc/ld.so.cache'],
};

function binds(mounts: JailMount[]) {
  return mounts.flatMap((m) =>
    m.kind === 'bind' ? [`${m.source} -> ${m.target} ${m.writable ? 'rw' : 'ro'}`] : [],
  );
}

function withPython(python: HostFacts['python']): HostFacts {
  return { ...mergedUsr, python };
}

describe('planJail', () => {
  test('exposes the system, the interpreter and NumPy read-only, and only the work dir writable', () => {
    const plan = planJail(mergedUsr, '/srv/data/runs/7/project/attempt-1', 1024);
    assert.deepEqual(binds(plan.mounts), [
      '/usr -> /usr ro',
      // The prefix holds the site-packages: mounted once, ancestor first.
      '/root/.pyenv/versions/3.11.7 -> /root/.pyenv/versions/3.11.7 ro',
      '/etc/ld.so.cache -> /etc/ld.so.cache ro',
      '/srv/data/runs/7/project/attempt-1 -> /work rw',
      '/dev/null -> /dev/null rw',
      '/dev/zero -> /dev/zero rw',
      '/dev/urandom -> /dev/urandom rw',
    ]);
    assert.deepEqual(
      plan.mounts.filter((m) => m.kind !== 'bind'),
      [
        { kind: 'tmpfs', target: '/tmp', sizeBytes: 1024, mode: 0o1777 },
        { kind: 'proc', target: '/proc' },
      ],
    );
    const devices = plan.mounts.filter((m) => m.kind === 'bind' && m.device);
    assert.deepEqual(
      devices.map((m) => m.target),
      ['/dev/null', '/dev/zero', '/dev/urandom'],
    );
    assert.deepEqual(plan.symlinks.slice(0, 3), [
      { path: '/bin', target: 'usr/bin' },
      { path: '/lib', target: 'usr/lib' },
      { path: '/lib64', target: 'usr/lib64' },
    ]);
    assert.equal(plan.workDir, '/work');
  });

  test('a system Python under /usr needs no mount of its own', () => {
    const plan = planJail(
      withPython([
        { path: '/usr', real: '/usr' },
        { path: '/usr/lib/python3/dist-packages', real: '/usr/lib/python3/dist-packages' },
      ]),
      '/w',
      1024,
    );
    assert.deepEqual(binds(plan.mounts).slice(0, 2), [
      '/usr -> /usr ro',
      '/etc/ld.so.cache -> /etc/ld.so.cache ro',
    ]);
  });

  test('a prefix reached through a symlink is mounted at its real path and linked', () => {
    const plan = planJail(
      withPython([{ path: '/opt/python', real: '/opt/python-3.11.7' }]),
      '/w',
      1024,
    );
    assert.ok(binds(plan.mounts).includes('/opt/python-3.11.7 -> /opt/python-3.11.7 ro'));
    assert.ok(
      plan.symlinks.some((s) => s.path === '/opt/python' && s.target === '/opt/python-3.11.7'),
    );
  });

  for (const where of ['/tmp/venv', '/work/venv', '/proc', '/']) {
    test(`refuses an interpreter at ${where}, which the jail cannot expose`, () => {
      assert.throws(
        () => planJail(withPython([{ path: where, real: where }]), '/w', 1024),
        (err: unknown) => err instanceof SandboxUnavailableError && /clashes/.test(err.message),
      );
    });
  }
});
