export { runUntilSignalled, type StartedService } from './run-until-signalled.ts';
export { listenOnLoopback, type Listenable } from './listen.ts';
