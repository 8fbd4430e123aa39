import { z } from 'zod';

/** Field name -> its GraphQL type as the SDL writes it ('String!', '[Style!]!'). */
export type FieldTypes = Record<string, string>;

export interface TypeDefsOptions {
  /** Input types: generated as `input`, read as what a caller may send. */
  inputs?: Record<string, z.ZodType>;
  /** Schemas that stand for a GraphQL type declared elsewhere (another module's type, a custom scalar). */
  refs?: Record<string, z.ZodType>;
  /** Per generated type, the fields whose GraphQL type is given rather than derived. */
  fields?: Record<string, FieldTypes>;
  /** String fields served as ID besides `id` (another record's id: `trackId`). */
  ids?: readonly string[];
  /** Per generated type, the description the SDL shows above it. */
  descriptions?: Record<string, string>;
}

type Io = 'input' | 'output';

interface Side {
  io: Io;
  names: Map<z.ZodType, string>;
  ids: readonly string[];
}

/**
 * Splits "may be null or absent" (what the SDL says by leaving off `!`) off a zod field. A default
 * is filled in before a value is served, but a caller may leave the field out.
 */
function unwrap(schema: z.ZodType, io: Io): { schema: z.ZodType; nullable: boolean } {
  let inner = schema;
  let nullable = false;
  for (;;) {
    if (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) {
      nullable = true;
      inner = inner.unwrap() as z.ZodType;
    } else if (inner instanceof z.ZodDefault) {
      nullable ||= io === 'input';
      inner = inner.unwrap() as z.ZodType;
    } else if (inner instanceof z.ZodPipe && io === 'input') {
      // A transform (`.nullish().transform(...)`) takes what its first schema takes.
      inner = inner.in as z.ZodType;
    } else {
      return { schema: inner, nullable };
    }
  }
}

/** The built-in scalar of a leaf, read through zod's JSON Schema as the contract walk reads it. */
function scalarOf(isId: boolean, schema: z.ZodType, io: Io): string | null {
  const node = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as { type?: unknown; graphql?: string };
  if (node.graphql) return node.graphql;
  if (node.type === 'integer') return 'Int';
  if (node.type === 'number') return 'Float';
  if (node.type === 'boolean') return 'Boolean';
  if (node.type === 'string') return isId ? 'ID' : 'String';
  return null;
}

function fieldType(side: Side, where: string, isId: boolean, schema: z.ZodType): string {
  const { schema: inner, nullable } = unwrap(schema, side.io);
  const bang = nullable ? '' : '!';
  const named = side.names.get(inner);
  if (named) return named + bang;
  if (inner instanceof z.ZodArray) return `[${fieldType(side, `${where}[]`, isId, inner.element as z.ZodType)}]${bang}`;
  const scalar = scalarOf(isId, inner, side.io);
  if (scalar) return scalar + bang;
  throw new Error(`${where}: no GraphQL type follows from its zod type; name the schema in types or refs, or give the field in fields`);
}

function typeDef(side: Side, name: string, schema: z.ZodType, given: FieldTypes): string {
  if (schema instanceof z.ZodEnum) return `enum ${name} {\n${schema.options.map((value) => `  ${String(value)}`).join('\n')}\n}`;
  if (!(schema instanceof z.ZodObject)) throw new Error(`${name}: only zod objects and enums become generated GraphQL types`);
  const lines = Object.entries(schema.shape).map(([field, shape]) => {
    const isId = field === 'id' || side.ids.includes(field);
    return `  ${field}: ${given[field] ?? fieldType(side, `${name}.${field}`, isId, shape as z.ZodType)}`;
  });
  return `${side.io === 'input' ? 'input' : 'type'} ${name} {\n${lines.join('\n')}\n}`;
}

function namesOf(...groups: Record<string, z.ZodType>[]): Map<z.ZodType, string> {
  return new Map(groups.flatMap((group) => Object.entries(group).map(([name, schema]) => [schema, name] as const)));
}

/**
 * The SDL of plain object, input and enum types, generated from the zod shapes they serve (or take)
 * so that a type is written once. A field's GraphQL type follows from its zod type: integers are Int
 * (`.meta({ graphql })` says otherwise), numbers Float, strings String (ID when the field is `id` or
 * named in `ids`), optional or nullable fields (and, on inputs, fields with a default) leave off `!`,
 * arrays are lists, and a schema that is (the very object) one of the types, inputs or `refs` is that
 * named type. Anything else is given in `fields`, or the type stays hand-written. The contract test
 * still walks the generated SDL against the zod shapes, as it walks the hand-written.
 */
export function typeDefsOf(types: Record<string, z.ZodType>, options: TypeDefsOptions = {}): string {
  const refs = options.refs ?? {};
  const inputs = options.inputs ?? {};
  const ids = options.ids ?? [];
  const sides: [Side, Record<string, z.ZodType>][] = [
    [{ io: 'output', names: namesOf(refs, types), ids }, types],
    // Inputs may hold the module's enums; an input of the same zod object wins over the output type.
    [{ io: 'input', names: namesOf(refs, types, inputs), ids }, inputs],
  ];
  return sides
    .flatMap(([side, group]) =>
      Object.entries(group).map(([name, schema]) => {
        const description = options.descriptions?.[name];
        return (description === undefined ? '' : `${JSON.stringify(description)}\n`) + typeDef(side, name, schema, options.fields?.[name] ?? {});
      }),
    )
    .join('\n');
}
