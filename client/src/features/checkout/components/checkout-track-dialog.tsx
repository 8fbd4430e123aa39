import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useLingui } from '@lingui/react/macro';
import { useDialogState, type DialogDataMap } from '../../../lib/dialogs.js';
import { useSiteConfig } from '../../../lib/site-config.js';
import { trpc } from '../../../lib/trpc.js';
import { CheckoutForm } from './checkout-form.js';
import { DownloadProgressNotice } from './download-progress-notice.js';
import { QueriesState, queriesSettled } from '../../../components/query-page.js';

type CheckoutData = DialogDataMap['CheckoutTrack'];

/**
 * CheckoutTrack. Step 0: name, invoice address, coupon and the server's price
 * summary; Continue only when something must be paid and the preconditions hold, otherwise the
 * step-0 button completes the purchase at once. Step 1: the card form, Back (discards it) and Pay.
 */
export function CheckoutTrackDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const data = useDialogState((state) => state.data.CheckoutTrack);
  const narrow = useMediaQuery('(max-width: 40em)');
  return (
    <>
      <Modal
        opened={opened && Boolean(data)}
        onClose={onClose}
        title={t`Checkout`}
        size="lg"
        fullScreen={narrow}
        closeButtonProps={{ 'aria-label': t`Close` }}
      >
        {data && <CheckoutBody key={`${data.masterId}:${data.buyingOption}`} data={data} onClose={onClose} />}
      </Modal>
      <DownloadProgressNotice />
    </>
  );
}

function CheckoutBody({ data, onClose }: { data: CheckoutData; onClose: () => void }) {
  const me = trpc.accounts.me.useQuery();
  const addresses = trpc.addresses.list.useQuery();
  const master = trpc.masters.master.useQuery({ id: data.masterId });
  const config = useSiteConfig();

  const queries = [me, addresses, master, config];
  if (!queriesSettled(queries) || !me.data || !addresses.data || !master.data || !config.data) return <QueriesState queries={queries} />;
  return (
    <CheckoutForm
      data={data}
      user={me.data}
      address={addresses.data[0]}
      addressesUpdatedAt={addresses.dataUpdatedAt}
      master={master.data}
      paymentMode={config.data.paymentMode}
      onClose={onClose}
    />
  );
}
