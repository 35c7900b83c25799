// Typed request/response over a forked child's IPC channel, so each side of the load test
// (service, baseline, clients, audit) runs in its own process and its figures stay its own.
import { fork, type ChildProcess } from 'node:child_process';

/** A child's commands: name -> argument and result types. */
export type CommandMap = Record<string, { args: unknown; result: unknown }>;

type Handlers<C extends CommandMap> = {
  [K in keyof C]: (args: C[K]['args']) => C[K]['result'] | Promise<C[K]['result']>;
};

interface Request {
  id: number;
  cmd: string;
  args: unknown;
}
type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };

/** In a child: answers the parent's commands; exits when the parent goes away. */
export function serve<C extends CommandMap>(handlers: Handlers<C>): void {
  const send = process.send?.bind(process);
  if (!send) throw new Error('this script is a benchmark child: run bench/research-load.ts');
  process.on('message', (message: Request) => {
    const handler = handlers[message.cmd as keyof C];
    Promise.resolve()
      .then(() => {
        if (!handler) throw new Error(`unknown command ${message.cmd}`);
        return handler(message.args as C[keyof C]['args']);
      })
      .then(
        (result) => send({ id: message.id, ok: true, result } satisfies Reply),
        (err: unknown) =>
          send({
            id: message.id,
            ok: false,
            error: err instanceof Error ? (err.stack ?? err.message) : String(err),
          } satisfies Reply),
      );
  });
  // An orphaned child would keep ports and CPU busy on a shared machine.
  process.on('disconnect', () => process.exit(0));
  send({ ready: true });
}

/** The parent's handle on one child process. */
export class Child<C extends CommandMap> {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void }
  >();
  private exitError: Error | null = null;

  private constructor(
    readonly name: string,
    readonly process: ChildProcess,
  ) {
    process.on('message', (message: Reply | { ready: true }) => {
      if (!('id' in message)) return;
      const waiter = this.pending.get(message.id);
      if (!waiter) return;
      this.pending.delete(message.id);
      if (message.ok) waiter.resolve(message.result);
      else waiter.reject(new Error(`${name}: ${message.error}`));
    });
    process.on('exit', (code, signal) => {
      this.exitError = new Error(`${name} exited (${signal ?? code})`);
      for (const waiter of this.pending.values()) waiter.reject(this.exitError);
      this.pending.clear();
    });
  }

  /** Forks a TypeScript child through tsx and waits until it answers commands. */
  static async start<C extends CommandMap>(
    name: string,
    script: string,
    options: { args?: string[]; execArgv?: string[]; readyTimeoutMs?: number } = {},
  ): Promise<Child<C>> {
    const child = fork(script, options.args ?? [], {
      execArgv: ['--import', 'tsx', ...(options.execArgv ?? [])],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const handle = new Child<C>(name, child);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${name} did not start`)),
        options.readyTimeoutMs ?? 30_000,
      );
      child.on('message', (m: { ready?: boolean }) => {
        if (m.ready) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${name} exited before it was ready (${code})`));
      });
    });
    return handle;
  }

  /** Runs one command in the child; rejects after `timeoutMs`. */
  call<K extends keyof C & string>(
    cmd: K,
    args: C[K]['args'],
    timeoutMs = 60_000,
  ): Promise<C[K]['result']> {
    if (this.exitError) return Promise.reject(this.exitError);
    const id = this.nextId++;
    return new Promise<C[K]['result']>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${this.name}: ${cmd} timed out after ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, {
        resolve: (v) => {
          clearTimeout(timer);
          resolve(v as C[K]['result']);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      this.process.send({ id, cmd, args } satisfies Request);
    });
  }

  /** Disconnects (the child exits by itself); kills it if it is still there after `graceMs`. */
  async stop(graceMs = 10_000): Promise<void> {
    if (this.process.exitCode !== null || this.process.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => this.process.once('exit', () => resolve()));
    if (this.process.connected) this.process.disconnect();
    const timer = setTimeout(() => this.process.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  }
}
