import type { ServiceContext } from '../context.js';

// Resolvers are thin: they call one service function with the request's service context.
type Resolver = (parent: unknown, args: Record<string, unknown>, ctx: ServiceContext) => unknown;

export interface GraphqlModule {
  typeDefs: string;
  resolvers: Record<string, Record<string, Resolver>>;
}
