type Schema = Record<string, unknown>;

/**
 * Builds a deterministic value that satisfies a JSON Schema (the subset zod emits:
 * objects, arrays, strings with length bounds, numbers with ranges, enums, unions).
 * Strings are made from the property path so the output stays readable.
 */
export function jsonFromSchema(schema: Schema, path = 'value', root: Schema = schema): unknown {
  if (typeof schema.$ref === 'string')
    return jsonFromSchema(resolveRef(root, schema.$ref), path, root);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options) && options.length > 0) {
      const nonNull =
        (options as Schema[]).find((o) => o.type !== 'null') ?? (options[0] as Schema);
      return jsonFromSchema(nonNull, path, root);
    }
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const props = (schema.properties ?? {}) as Record<string, Schema>;
      for (const [name, sub] of Object.entries(props)) out[name] = jsonFromSchema(sub, name, root);
      return out;
    }
    case 'array': {
      const count = Math.max(1, Number(schema.minItems ?? 1));
      const items = (schema.items ?? {}) as Schema;
      return Array.from({ length: count }, (_, i) =>
        jsonFromSchema(items, `${path} ${i + 1}`, root),
      );
    }
    case 'string':
      return stringFor(schema, path);
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
      const exMin =
        typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
      const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
      let value = min ?? (exMin !== undefined ? exMin + 1 : 1);
      if (max !== undefined && value > max) value = max;
      return type === 'integer' ? Math.ceil(value) : value;
    }
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return stringFor(schema, path);
  }
}

function stringFor(schema: Schema, path: string): string {
  if (schema.format === 'date-time') return new Date(0).toISOString();
  let text = `${path.replace(/[_-]+/g, ' ')}`.trim() || 'text';
  const min = Number(schema.minLength ?? 0);
  while (text.length < min) text += ` ${text}`;
  const max = Number(schema.maxLength ?? Infinity);
  return text.slice(0, max);
}

function resolveRef(root: Schema, ref: string): Schema {
  const parts = ref.replace(/^#\//, '').split('/');
  let node: unknown = root;
  for (const part of parts) node = (node as Schema | undefined)?.[part];
  return (node as Schema | undefined) ?? {};
}
