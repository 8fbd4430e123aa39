import { createSchema, createYoga, type YogaServerInstance } from 'graphql-yoga';
import { GraphQLError } from 'graphql';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { AppError, GENERIC_SERVER_ERROR, httpStatusOf } from '../errors.js';
import type { ServiceContext } from '../context.js';
import type { Logger } from '../log.js';
import type { GraphqlModule } from './graphql-module.js';
import { ROOT_TYPE_DEFS } from './graphql-contract.js';

const isGraphqlError = (error: unknown): error is GraphQLError =>
  error instanceof Error && error.name === 'GraphQLError' && 'extensions' in error;

type NodeServerContext = { req: ExpressRequest; res: ExpressResponse };

/** 100 kB, the body limit of the REST and tRPC adapters. */
export const MAX_BODY_BYTES = 100 * 1024;


/**
 * GraphQL at /graphql over the module schemas. Domain errors keep their translation key in
 * `message` (decisions.md); anything else is masked and logged.
 */
export function createGraphqlHandler(
  modules: GraphqlModule[],
  contextOf: (req: ExpressRequest) => ServiceContext,
  log: Logger,
): YogaServerInstance<NodeServerContext, ServiceContext> {
  const resolvers = [{ Query: { _version: () => '1' }, Mutation: { _noop: () => null } }, ...modules.map((m) => m.resolvers)];
  return createYoga<NodeServerContext, ServiceContext>({
    schema: createSchema<NodeServerContext & ServiceContext>({ typeDefs: [ROOT_TYPE_DEFS, ...modules.map((m) => m.typeDefs)], resolvers }),
    context: ({ req }) => contextOf(req),
    graphqlEndpoint: '/graphql',
    landingPage: false,
    // The same bound as every other JSON body (app.ts); no call of ours takes a file upload.
    maxRequestBodySize: MAX_BODY_BYTES,
    multipart: false,
    logging: false,
    maskedErrors: {
      maskError(error) {
        // Duck-typed, not instanceof: yoga loads graphql's CommonJS build while this file gets its ES
        // module build, so yoga's GraphQLError is not an instance of the class imported here.
        const graphqlError = isGraphqlError(error) ? error : null;
        const original = graphqlError ? graphqlError.originalError : error;
        if (original instanceof AppError) {
          return new GraphQLError(original.message, {
            extensions: { code: original.code, statusCode: httpStatusOf[original.code], detail: original.detail },
          });
        }
        if (graphqlError && !original) return graphqlError; // validation and syntax errors
        log.error({ err: original ?? error }, 'graphql resolver failed');
        return new GraphQLError(GENERIC_SERVER_ERROR, { extensions: { code: 'INTERNAL', statusCode: 500 } });
      },
    },
  });
}
