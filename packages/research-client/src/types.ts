import type { components, paths } from './openapi.d.ts';

// Names for the schemas of the OpenAPI document (generated into openapi.d.ts).
type Schemas = components['schemas'];

/** The JSON body of a route's success answer (200 or 201), as the document describes it. */
export type SuccessBody<P extends keyof paths, M extends 'get' | 'post'> = paths[P][M] extends {
  responses: infer R;
}
  ? R extends { 200: { content: { 'application/json': infer B } } }
    ? B
    : R extends { 201: { content: { 'application/json': infer B } } }
      ? B
      : never
  : never;

export type UserProfile = Schemas['UserProfile'];
export type UserProfileInput = Schemas['UserProfileInput'];
export type Skill = Schemas['Skill'];
export type Memory = Schemas['Memory'];
export type PlannerTraining = Schemas['PlannerTraining'];
export type PlannerStatus = Schemas['PlannerStatus'];
export type CreateRunRequest = Schemas['CreateRunRequest'];
export type RunSnapshot = Schemas['RunSnapshot'];
export type RunStatus = Schemas['RunStatus'];
export type StageName = Schemas['StageName'];
export type RunUsage = Schemas['RunUsage'];
export type RunArtefacts = Schemas['RunArtefacts'];
export type RunEvent = Schemas['RunEvent'];
export type RunEventType = RunEvent['type'];
/** The event of one `type`. */
export type RunEventOf<T extends RunEventType> = Extract<RunEvent, { type: T }>;
export type IntentRequest = Schemas['IntentRequest'];
export type IntentResponse = Schemas['IntentResponse'];
export type Intent = Schemas['Intent'];
export type IntentAction = Schemas['IntentAction'];
export type IntentSession = Schemas['IntentSession'];
export type Health = Schemas['Health'];
