export { startFakeOpenAIServer } from './fake-openai-server.ts';
export type {
  FakeCompletionReply,
  FakeErrorReply,
  FakeHandler,
  FakeOpenAIServer,
  FakeReply,
  FakeToolCall,
  RecordedRequest,
} from './fake-openai-server.ts';
export { fakeTokenCredential } from './fake-token-credential.ts';
export type { FakeTokenCredential } from './fake-token-credential.ts';
export { selfSignedCertificate } from './tls.ts';
export { startChaosOpenAIServer } from './chaos-openai-server.ts';
export type {
  ChaosOpenAIServer,
  ChaosRequest,
  ChaosServerOptions,
  ContentFault,
  InjectedFault,
  JsonFaultKind,
  TidyResponder,
  TransportFaultKind,
} from './chaos-openai-server.ts';
export {
  DEFAULT_JSON_FAULT_RATES,
  DEFAULT_TRANSPORT_FAULT_RATES,
  HUGE_STRING_CHARS,
} from './chaos-faults.ts';
export type { FaultedAnswer } from './chaos-faults.ts';
