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
