import { queriesSettled } from '../../components/query-page.js';
import { useSiteConfig } from '../../lib/site-config.js';
import { trpc } from '../../lib/trpc.js';

/**
 * Who checks out and how they pay: the account's names, its first address (the invoice address),
 * and the payment mode. `buyer` is null until all of it is there; `queries` are for <QueriesState>.
 */
export function useCheckoutBuyer() {
  const me = trpc.accounts.me.useQuery();
  const addresses = trpc.addresses.list.useQuery();
  const config = useSiteConfig();
  const queries = [me, addresses, config];
  const buyer =
    queriesSettled(queries) && me.data && addresses.data && config.data
      ? { user: me.data, address: addresses.data[0], addressesUpdatedAt: addresses.dataUpdatedAt, paymentMode: config.data.paymentMode }
      : null;
  return { queries, buyer };
}
export type CheckoutBuyer = NonNullable<ReturnType<typeof useCheckoutBuyer>['buyer']>;
