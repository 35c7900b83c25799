#!/usr/bin/env node
// Starts every service that exists in the workspace, each as its own process, prints a
// banner once they answer (where they are, the development key, the embedded providers),
// and stops them all together on Ctrl-C / SIGTERM.
import { existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { bannerWhenReady } from './start-banner.mjs';

const root = new URL('..', import.meta.url).pathname;
const services = ['research', 'voice'].filter((name) =>
  existsSync(`${root}packages/${name}/src/main.ts`),
);

// Each service in its own process group: npm does not pass a signal on to the service it
// started (two npm levels deep here), so stopping signals the whole group.
const children = services.map((name) => {
  const child = spawn('npm', ['run', name], { cwd: root, stdio: 'inherit', detached: true });
  child.on('exit', (code) => {
    if (stopping) return;
    console.error(`[start] ${name} exited with code ${code}`);
    shutdown(code ?? 1);
  });
  return child;
});

const waiting = new AbortController();
bannerWhenReady({ env: process.env, services, signal: waiting.signal }).then(
  (banner) => {
    if (banner) console.log(banner);
    else if (!stopping) console.error('[start] the services did not answer their health checks');
  },
  (err) => console.error(`[start] no banner: ${err instanceof Error ? err.message : err}`),
);

let stopping = false;
function shutdown(code) {
  if (stopping) return;
  stopping = true;
  waiting.abort();
  for (const child of children) signalGroup(child, 'SIGTERM');
  // A service gets its drain time (VOICE_DRAIN_MS, 10 s by default), then is killed.
  setTimeout(() => {
    for (const child of children) signalGroup(child, 'SIGKILL');
    process.exit(code);
  }, 15_000).unref();
  Promise.all(children.map(groupGone)).then(() => process.exit(code));
}

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group has already gone
  }
}

/** Resolves once no process of the child's group is left. */
async function groupGone(child) {
  for (;;) {
    try {
      process.kill(-child.pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
