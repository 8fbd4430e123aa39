import type { GraphqlModule } from '../../platform/graphql/graphql-module.js';
import { typeDefsOf } from '../../platform/graphql/graphql-sdl.js';
import { ZFaq } from './faq.schemas.js';
import { listFaqs } from './faq.service.js';

const types = { Faq: ZFaq };

export const faqGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    ${typeDefsOf(types)}
    extend type Query {
      Faqs: [Faq!]!
    }
  `,
  resolvers: { Query: { Faqs: (_parent, _args, ctx) => listFaqs(ctx) } },
  contract: { types, args: {} },
};
