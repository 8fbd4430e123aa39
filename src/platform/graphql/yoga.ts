import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { createSchema, createYoga, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import { GraphQLError, type ValidationContext } from 'graphql';
import { isPublicDeployment, type Env } from '../env.js';
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


/** What an operation over the bounds answers (armor prefixes its messages with "Syntax Error: "). */
export const QUERY_TOO_COMPLEX = 'global.error.queryTooComplex';
const ARMOR_REFUSAL = `Syntax Error: ${QUERY_TOO_COMPLEX}`;

/**
 * Refuses `__schema` and `__type` (introspection). Written against the AST, not graphql's own
 * NoSchemaIntrospectionCustomRule: yoga validates with graphql's CommonJS build, and that rule's
 * type checks (instanceof) would not recognise this file's ES module build.
 */
function noIntrospection(context: ValidationContext) {
  return {
    Field(node: { name: { value: string } }) {
      if (node.name.value === '__schema' || node.name.value === '__type') {
        context.reportError(new GraphQLError('global.error.introspectionDisabled', { nodes: [node as never] }));
      }
    },
  };
}

const disableIntrospection: Plugin = {
  onValidate({ addValidationRule }) {
    addValidationRule(noIntrospection as never);
  },
};

/**
 * Bounds per operation, checked while parsing and validating, before any resolver runs: 1,500
 * aliases of a catalogue query took 4-5 s of the one event loop. In a public deployment (NODE_ENV
 * production or an https PUBLIC_URL) the schema is not introspectable and unknown fields get no
 * "did you mean" hints, for anonymous and signed-in callers alike (they map the schema for free).
 */
function protections(env: Env): Plugin[] {
  const production = isPublicDeployment(env);
  const refusal = { errorMessage: QUERY_TOO_COMPLEX, exposeLimits: false };
  const armor = EnvelopArmorPlugin({
    maxAliases: { n: env.GRAPHQL_MAX_ALIASES, ...refusal },
    maxDepth: { n: env.GRAPHQL_MAX_DEPTH, ignoreIntrospection: false, ...refusal },
    maxTokens: { n: env.GRAPHQL_MAX_TOKENS, ...refusal },
    maxDirectives: { n: 20, ...refusal },
    costLimit: { maxCost: env.GRAPHQL_MAX_COST, ignoreIntrospection: false, ...refusal },
    blockFieldSuggestion: { enabled: production },
  }) as Plugin;
  return production ? [armor, disableIntrospection] : [armor];
}

/**
 * GraphQL at /graphql over the module schemas. Domain errors keep their translation key in
 * `message`; anything else is masked and logged.
 */
export function createGraphqlHandler(
  modules: GraphqlModule[],
  contextOf: (req: ExpressRequest) => ServiceContext,
  log: Logger,
  env: Env,
): YogaServerInstance<NodeServerContext, ServiceContext> {
  const resolvers = [{ Query: { _version: () => '1' }, Mutation: { _noop: () => null } }, ...modules.map((m) => m.resolvers)];
  return createYoga<NodeServerContext, ServiceContext>({
    schema: createSchema<NodeServerContext & ServiceContext>({ typeDefs: [ROOT_TYPE_DEFS, ...modules.map((m) => m.typeDefs)], resolvers }),
    context: ({ req }) => contextOf(req),
    graphqlEndpoint: '/graphql',
    landingPage: false,
    // The SPA calls from its own origin; no other site may call with the user's credentials (yoga's
    // default reflects any origin). The other routes send no CORS headers either.
    cors: false,
    plugins: protections(env),
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
        // A variable the schema cannot take (an enum value it does not have): graphql-js wraps its
        // own GraphQLError, which is bad input like any other, not a failure of ours.
        if (graphqlError && isGraphqlError(original) && !original.originalError) {
          return new GraphQLError('global.error.invalidInput', { extensions: { code: 'BAD_REQUEST', statusCode: 400, http: { status: 400 }, detail: graphqlError.message } });
        }
        if (graphqlError && !original) {
          if (graphqlError.message === ARMOR_REFUSAL || graphqlError.message === QUERY_TOO_COMPLEX) {
            return new GraphQLError(QUERY_TOO_COMPLEX, { extensions: { code: 'BAD_REQUEST', statusCode: 400, http: { status: 400 } } });
          }
          return graphqlError; // validation and syntax errors
        }
        log.error({ err: original ?? error }, 'graphql resolver failed');
        return new GraphQLError(GENERIC_SERVER_ERROR, { extensions: { code: 'INTERNAL', statusCode: 500 } });
      },
    },
  });
}
