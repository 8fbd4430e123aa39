import type { z } from 'zod';
import type { ServiceContext } from '../context.js';

// Resolvers are thin: they call one service function with the request's service context.
type Resolver = (parent: unknown, args: Record<string, unknown>, ctx: ServiceContext) => unknown;

/**
 * One domain's part of the GraphQL schema. The SDL is the public surface; `contract` names the zod
 * shape behind each of its parts, and graphql-contract.test.ts fails on any difference between the
 * two (field names, Int/Float/String/Boolean/ID, nullability, lists, enums).
 */
export interface GraphqlModule {
  typeDefs: string;
  resolvers: Record<string, Record<string, Resolver>>;
  contract: {
    /** Every object and input type the SDL declares -> the zod shape a service answers (or takes). */
    types: Record<string, z.ZodType>;
    /** Every Query or Mutation field with arguments, as 'Query.field' -> the zod object its resolver parses. */
    args: Record<string, z.ZodType>;
    /** Custom scalars -> the zod shape of the value they carry. */
    scalars?: Record<string, z.ZodType>;
  };
}
