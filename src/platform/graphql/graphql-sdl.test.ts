import { buildSchema } from 'graphql';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { graphqlContractDifferences, ROOT_TYPE_DEFS } from './graphql-contract.js';
import { typeDefsOf } from './graphql-sdl.js';

const ZColour = z.enum(['red', 'green']);
const ZOwner = z.object({ id: z.string(), email: z.string() });
const ZThing = z.object({
  id: z.string(),
  ownerId: z.string(),
  count: z.number().int(),
  weight: z.number(),
  frames: z.number().int().meta({ graphql: 'Float' }),
  done: z.boolean(),
  note: z.string().nullable(),
  tags: z.array(z.string()),
  colour: ZColour,
  owner: ZOwner,
  previous: ZOwner.optional(),
  size: z.number().int().default(1),
});
const ZThingInput = z.object({
  name: z.string(),
  size: z.number().int().default(1),
  colour: ZColour.optional(),
  when: z.string().nullish().transform((value) => value ?? null),
});

describe('SDL generated from zod shapes', () => {
  test('when object, input and enum types are generated, then each field has the GraphQL type its zod type gives', () => {
    const sdl = typeDefsOf({ Colour: ZColour, Owner: ZOwner, Thing: ZThing }, { inputs: { ThingInput: ZThingInput }, ids: ['ownerId'] });
    expect(sdl.split('\n')).toEqual([
      'enum Colour {',
      '  red',
      '  green',
      '}',
      'type Owner {',
      '  id: ID!',
      '  email: String!',
      '}',
      'type Thing {',
      '  id: ID!',
      '  ownerId: ID!',
      '  count: Int!',
      '  weight: Float!',
      '  frames: Float!',
      '  done: Boolean!',
      '  note: String',
      '  tags: [String!]!',
      '  colour: Colour!',
      '  owner: Owner!',
      '  previous: Owner',
      '  size: Int!',
      '}',
      'input ThingInput {',
      '  name: String!',
      '  size: Int',
      '  colour: Colour',
      '  when: String',
      '}',
    ]);
  });

  test('when the generated SDL is walked against its own zod shapes, then the contract finds no difference', () => {
    const types = { Colour: ZColour, Owner: ZOwner, Thing: ZThing, ThingInput: ZThingInput };
    const typeDefs = `${typeDefsOf({ Colour: ZColour, Owner: ZOwner, Thing: ZThing }, { inputs: { ThingInput: ZThingInput }, ids: ['ownerId'] })}
      extend type Query { thing: Thing }`;
    expect(graphqlContractDifferences([{ typeDefs, resolvers: {}, contract: { types, args: {} } }])).toEqual([]);
  });

  test('when a field is given, a type refers to another module or carries a description, then the SDL says so', () => {
    const sdl = typeDefsOf(
      { Box: z.object({ id: z.string(), owner: ZOwner, blob: z.record(z.string(), z.number()) }) },
      { refs: { Owner: ZOwner }, fields: { Box: { id: 'String!', blob: 'Blob!' } }, descriptions: { Box: 'A "box".' } },
    );
    expect(sdl).toBe('"A \\"box\\"."\ntype Box {\n  id: String!\n  owner: Owner!\n  blob: Blob!\n}');
    expect(() => buildSchema(`${ROOT_TYPE_DEFS}\nscalar Blob\ntype Owner { id: ID! email: String! }\n${sdl}`)).not.toThrow();
  });

  test('when a field has no GraphQL type of its own and none is given, then generating names the field', () => {
    expect(() => typeDefsOf({ Box: z.object({ blob: z.record(z.string(), z.number()) }) })).toThrow(/Box\.blob: no GraphQL type/);
  });
});
