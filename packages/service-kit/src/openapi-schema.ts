// One rule for the JSON Schema both services' API documents are generated with.

/** What zod-openapi hands an `override` callback, as far as {@link tidyJsonSchema} reads it. */
export interface SchemaOverrideContext {
  jsonSchema: {
    additionalProperties?: unknown;
    type?: unknown;
    minimum?: unknown;
    maximum?: unknown;
  };
  zodSchema: { _zod: { def: unknown } };
  io: 'input' | 'output';
}

/**
 * Drops what JSON Schema output adds without telling a client anything: `additionalProperties:
 * false` on answers (an answer or a message may gain fields; clients ignore those they do not
 * know, and one schema then serves requests and responses alike) and the safe-integer bounds
 * of every integer. Pass it as zod-openapi's `override`.
 */
export function tidyJsonSchema({ jsonSchema, zodSchema, io }: SchemaOverrideContext): void {
  const def = zodSchema._zod.def as { type: string; catchall?: unknown };
  if (io === 'output' && def.type === 'object' && !def.catchall) {
    if (jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
  }
  if (jsonSchema.type === 'integer') {
    if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
    if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
  }
}
