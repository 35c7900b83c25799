// The chaos server's content-fault contract, as the research faults use it.
export interface ContentFaultRequest {
  schemaName: string | null;
  messages: { role: string; content: string }[];
  index: number;
}
export interface ContentFault {
  kind: string;
  family: string;
  rate: number;
  apply(request: ContentFaultRequest, tidy: string, rng: () => number): string | null;
}
