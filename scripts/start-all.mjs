#!/usr/bin/env node
// Starts every service that exists in the workspace, each as its own process,
// and stops them all together on Ctrl-C / SIGTERM.
import { existsSync } from 'node:fs';
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const services = ['research', 'voice'].filter((name) =>
  existsSync(`${root}packages/${name}/src/main.ts`),
);

const children = services.map((name) => {
  const child = spawn('npm', ['run', name], { cwd: root, stdio: 'inherit' });
  child.on('exit', (code) => {
    console.error(`[start] ${name} exited with code ${code}`);
    shutdown(code ?? 1);
  });
  return child;
});

let stopping = false;
function shutdown(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 2000).unref();
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
