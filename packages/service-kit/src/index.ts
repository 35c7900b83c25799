export { runUntilSignalled, type StartedService } from './run-until-signalled.ts';
export { listenOnLoopback, type Listenable } from './listen.ts';
export { PrometheusMeter, PROMETHEUS_CONTENT_TYPE } from './prometheus.ts';
