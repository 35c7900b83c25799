// The chaos server's content-fault contract, as the research faults use it.
export type { ContentFault, ChaosRequest as ContentFaultRequest } from '@hikma/llm/testing';
