import { useDialogState, type DialogDataMap } from '../../../lib/dialogs.js';
import { trpc } from '../../../lib/trpc.js';
import { CheckoutForm } from './checkout-form.js';
import { CheckoutModal } from './checkout-modal.js';
import { DownloadProgressNotice } from './download-progress-notice.js';
import { QueriesState, querySettled } from '../../../components/query-page.js';
import { useCheckoutBuyer } from '../use-checkout-buyer.js';

type CheckoutData = DialogDataMap['CheckoutTrack'];

/**
 * CheckoutTrack. Step 0: name, invoice address, coupon and the server's price
 * summary; Continue only when something must be paid and the preconditions hold, otherwise the
 * step-0 button completes the purchase at once. Step 1: the card form, Back (discards it) and Pay.
 */
export function CheckoutTrackDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const data = useDialogState((state) => state.data.CheckoutTrack);
  return (
    <>
      <CheckoutModal opened={opened && Boolean(data)} onClose={onClose}>
        {data && <CheckoutBody key={`${data.masterId}:${data.buyingOption}`} data={data} onClose={onClose} />}
      </CheckoutModal>
      <DownloadProgressNotice />
    </>
  );
}

function CheckoutBody({ data, onClose }: { data: CheckoutData; onClose: () => void }) {
  const { queries, buyer } = useCheckoutBuyer();
  const master = trpc.masters.master.useQuery({ id: data.masterId });

  if (!buyer || !querySettled(master)) return <QueriesState queries={[...queries, master]} />;
  return <CheckoutForm data={data} {...buyer} master={master.data} onClose={onClose} />;
}
