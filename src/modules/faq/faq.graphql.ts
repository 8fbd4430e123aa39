import type { GraphqlModule } from '../../platform/graphql/graphql-module.js';
import { ZFaq } from './faq.schemas.js';
import { listFaqs } from './faq.service.js';

export const faqGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    type Faq {
      id: Int!
      question: String!
      answer: String!
      order: Int!
    }
    extend type Query {
      Faqs: [Faq!]!
    }
  `,
  resolvers: { Query: { Faqs: (_parent, _args, ctx) => listFaqs(ctx) } },
  contract: { types: { Faq: ZFaq }, args: {} },
};
