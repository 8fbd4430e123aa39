import {
  buildSchema,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import { z } from 'zod';
import type { GraphqlModule } from './graphql-module.js';

/*
 * The GraphQL SDL is written by hand (it is the public surface, names and all), but every type and
 * every argument in it has its zod shape named in the module's `contract`. This walk compares the
 * two and lists each difference, so a zod field that changes type, nullability or name without the
 * SDL following fails graphql-contract.test.ts (and the other way round).
 *
 * zod is read through its JSON Schema (`z.toJSONSchema`, a public API): object types by the shape a
 * service answers (`io: 'output'`), arguments and input types by what a caller may send
 * (`io: 'input'`, so `.default()` and `.optional()` fields count as nullable).
 */

type Io = 'input' | 'output';
type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  additionalProperties?: unknown;
  /** Set by `.meta({ graphql: 'Float' })` on a zod field: the GraphQL scalar it is served as. */
  graphql?: string;
};

/** The SDL every module extends: the roots, each with a field so that it is a valid type. */
export const ROOT_TYPE_DEFS = /* GraphQL */ `
  type Query { _version: String! }
  type Mutation { _noop: Boolean }
`;
const ROOT_PLACEHOLDERS = new Set(['Query._version', 'Mutation._noop']);

/** The schema of the modules' SDL, built with this process's own graphql (for walking, not serving). */
export function buildContractSchema(modules: readonly GraphqlModule[]): GraphQLSchema {
  return buildSchema([ROOT_TYPE_DEFS, ...modules.map((m) => m.typeDefs)].join('\n'));
}

const jsonSchemaOf = (schema: z.ZodType, io: Io): JsonSchema =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;

/** Splits "may be null or absent" off a JSON Schema node. */
function unwrapNull(node: JsonSchema): { nullable: boolean; node: JsonSchema } {
  if (node.anyOf) {
    const rest = node.anyOf.filter((part) => part.type !== 'null');
    const nullable = rest.length < node.anyOf.length;
    if (rest.length === 1) return { nullable, node: rest[0]! };
    return { nullable, node: { ...node, anyOf: rest } };
  }
  if (Array.isArray(node.type)) {
    const types = node.type.filter((t) => t !== 'null');
    return { nullable: types.length < node.type.length, node: { ...node, type: types.length === 1 ? types[0] : types } };
  }
  return { nullable: false, node };
}

const scalarKind = (node: JsonSchema): string => {
  if (node.enum?.every((v) => typeof v === 'string') || typeof node.const === 'string') return 'string';
  if (typeof node.const === 'boolean') return 'boolean';
  return typeof node.type === 'string' ? node.type : JSON.stringify(node);
};

/** Which JSON Schema kind each built-in scalar stands for: Int only for zod's `.int()`. */
const BUILT_IN: Record<string, string> = { ID: 'string', String: 'string', Int: 'integer', Float: 'number', Boolean: 'boolean' };

interface Walk {
  contracts: Map<string, { schema: z.ZodType; module: number }>;
  scalars: Map<string, z.ZodType>;
  differences: string[];
}

function compareType(walk: Walk, where: string, type: GraphQLOutputType | GraphQLInputType, raw: JsonSchema, present: boolean, io: Io): void {
  const { nullable: zodNullable, node } = unwrapNull(raw);
  const graphqlNullable = !isNonNullType(type);
  const zodMayBeEmpty = zodNullable || !present;
  if (graphqlNullable !== zodMayBeEmpty) {
    walk.differences.push(`${where}: GraphQL says ${graphqlNullable ? 'nullable' : 'non-null'}, zod says ${zodMayBeEmpty ? 'nullable or optional' : 'required'}`);
  }
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) {
    if (node.type !== 'array' || !node.items) {
      walk.differences.push(`${where}: GraphQL says list, zod says ${scalarKind(node)}`);
      return;
    }
    compareType(walk, `${where}[]`, inner.ofType, node.items, true, io);
    return;
  }
  compareNamed(walk, where, inner as GraphQLNamedType, node, io);
}

function compareNamed(walk: Walk, where: string, type: GraphQLNamedType, node: JsonSchema, io: Io): void {
  if (isScalarType(type)) {
    const builtIn = BUILT_IN[type.name];
    if (builtIn) {
      if (node.graphql) {
        if (node.graphql !== type.name) walk.differences.push(`${where}: GraphQL says ${type.name}, zod's meta says ${node.graphql}`);
        return;
      }
      const kind = scalarKind(node);
      if (kind !== builtIn) walk.differences.push(`${where}: GraphQL says ${type.name}, zod says ${kind}`);
      return;
    }
    const scalar = walk.scalars.get(type.name);
    if (!scalar) {
      walk.differences.push(`${where}: scalar ${type.name} has no zod shape in any module's contract.scalars`);
      return;
    }
    const expected = JSON.stringify(unwrapNull(jsonSchemaOf(scalar, io)).node, dropMeta);
    if (JSON.stringify(node, dropMeta) !== expected) walk.differences.push(`${where}: zod shape differs from scalar ${type.name}'s`);
    return;
  }
  if (isEnumType(type)) {
    const values = type.getValues().map((v) => v.name).sort();
    const zodValues = (node.enum ?? []).map(String).sort();
    if (values.join() !== zodValues.join()) walk.differences.push(`${where}: GraphQL enum ${type.name} [${values}], zod [${zodValues}]`);
    return;
  }
  if (isObjectType(type) || isInputObjectType(type)) {
    if (node.type !== 'object' || !node.properties) {
      walk.differences.push(`${where}: GraphQL says ${type.name}, zod says ${scalarKind(node)}`);
      return;
    }
    compareFields(walk, where, type.getFields(), node, io);
    return;
  }
  walk.differences.push(`${where}: GraphQL type ${type.name} is of a kind the contract does not know`);
}

const dropMeta = (key: string, value: unknown) => (key === '$schema' ? undefined : value);

function compareFields(
  walk: Walk,
  where: string,
  fields: Record<string, { type: GraphQLOutputType | GraphQLInputType }>,
  node: JsonSchema,
  io: Io,
): void {
  const properties = node.properties ?? {};
  const required = new Set(node.required ?? []);
  for (const [name, field] of Object.entries(fields)) {
    const property = properties[name];
    if (!property) {
      walk.differences.push(`${where}.${name}: in GraphQL, not in zod`);
      continue;
    }
    compareType(walk, `${where}.${name}`, field.type, property, required.has(name), io);
  }
  for (const name of Object.keys(properties)) {
    if (!(name in fields)) walk.differences.push(`${where}.${name}: in zod, not in GraphQL`);
  }
}

function compareArguments(walk: Walk, where: string, field: GraphQLField<unknown, unknown>, schema: z.ZodType | undefined): void {
  if (!schema) {
    if (field.args.length > 0) walk.differences.push(`${where}: has arguments but no zod shape in contract.args`);
    return;
  }
  const { node } = unwrapNull(jsonSchemaOf(schema, 'input'));
  const args = Object.fromEntries(field.args.map((arg) => [arg.name, { type: arg.type }]));
  compareFields(walk, `${where}(args)`, args, node, 'input');
}

/**
 * Every difference between the modules' SDL and their zod contracts, as readable lines; empty when
 * they agree. Also a difference: a type or a root field with arguments that no contract names, and
 * a contract entry that names nothing in the SDL.
 */
export function graphqlContractDifferences(modules: readonly GraphqlModule[]): string[] {
  const schema = buildContractSchema(modules);
  const walk: Walk = { contracts: new Map(), scalars: new Map(), differences: [] };
  const args = new Map<string, z.ZodType>();
  modules.forEach((module, index) => {
    for (const [name, shape] of Object.entries(module.contract.types)) {
      const earlier = walk.contracts.get(name);
      // A module that `extend type`s another's type names only the fields it adds; they are merged.
      if (earlier && earlier.schema instanceof z.ZodObject && shape instanceof z.ZodObject) {
        walk.contracts.set(name, { schema: earlier.schema.extend(shape.shape), module: index });
      } else if (earlier) {
        walk.differences.push(`${name}: two modules give it a zod shape that is not an object to merge`);
      } else {
        walk.contracts.set(name, { schema: shape, module: index });
      }
    }
    for (const [name, shape] of Object.entries(module.contract.scalars ?? {})) walk.scalars.set(name, shape);
    for (const [name, shape] of Object.entries(module.contract.args)) args.set(name, shape);
  });

  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || type.name === 'Query' || type.name === 'Mutation') continue;
    if (isScalarType(type) && (BUILT_IN[type.name] || walk.scalars.has(type.name))) continue;
    if (isScalarType(type)) {
      walk.differences.push(`${type.name}: scalar without a zod shape in contract.scalars`);
      continue;
    }
    const contract = walk.contracts.get(type.name);
    if (!contract) {
      walk.differences.push(`${type.name}: no zod shape in any module's contract.types`);
      continue;
    }
    const io: Io = isInputObjectType(type) ? 'input' : 'output';
    compareNamed(walk, type.name, type, unwrapNull(jsonSchemaOf(contract.schema, io)).node, io);
  }
  for (const name of walk.contracts.keys()) {
    if (!schema.getType(name)) walk.differences.push(`${name}: in contract.types, not in the SDL`);
  }

  const roots = [schema.getQueryType(), schema.getMutationType()];
  for (const root of roots) {
    if (!root) continue;
    for (const field of Object.values(root.getFields())) {
      const key = `${root.name}.${field.name}`;
      if (ROOT_PLACEHOLDERS.has(key)) continue;
      compareArguments(walk, key, field, args.get(key));
      args.delete(key);
    }
  }
  for (const key of args.keys()) walk.differences.push(`${key}: in contract.args, not in the SDL`);
  return walk.differences;
}
