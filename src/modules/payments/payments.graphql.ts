import type { GraphqlModule } from '../../platform/graphql/graphql-module.js';
import { typeDefsOf } from '../../platform/graphql/graphql-sdl.js';
import { parseInput, withoutNulls } from '../../platform/validation.js';
import { albumPriceInfo, payAlbum } from './album-purchase.service.js';
import { ZAlbumPriceInfo, ZAlbumPriceInfoInput, ZAlbumPriceLine, ZAlbumPurchase, ZMasterInvoice, ZPayAlbumInput } from './payments.schemas.js';

const ZPurchasedMaster = ZAlbumPurchase.shape.masters.element;
const types = { AlbumPriceLine: ZAlbumPriceLine, AlbumPriceInfo: ZAlbumPriceInfo, PurchaseInvoice: ZMasterInvoice, PurchasedMaster: ZPurchasedMaster, AlbumPurchase: ZAlbumPurchase };

/** An album of masters priced and bought at once over GraphQL (the same services as tRPC and REST). */
export const paymentsGraphql: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    ${typeDefsOf(types, { ids: ['albumId', 'masterId'] })}
    extend type Query {
      albumPriceInfo(albumId: ID!, buyingOption: Int!, couponKey: String): AlbumPriceInfo!
    }
    extend type Mutation {
      payAlbum(albumId: ID!, buyingOption: Int!, couponKey: String, nonce: String): AlbumPurchase!
    }
  `,
  resolvers: {
    Query: {
      albumPriceInfo: (_parent, args, ctx) => albumPriceInfo(ctx, parseInput(ZAlbumPriceInfoInput, withoutNulls(args))),
    },
    Mutation: {
      payAlbum: (_parent, args, ctx) => payAlbum(ctx, parseInput(ZPayAlbumInput, withoutNulls(args))),
    },
  },
  contract: {
    types,
    args: { 'Query.albumPriceInfo': ZAlbumPriceInfoInput, 'Mutation.payAlbum': ZPayAlbumInput },
  },
};
