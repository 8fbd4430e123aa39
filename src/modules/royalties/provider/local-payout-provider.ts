import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { senderItemIdOf, type PayoutBatch, type PayoutProvider } from './payout-provider.js';

/** The folder under DATA_DIR the local provider writes its payout files to. */
export const payoutsDirOf = (dataDir: string) => path.join(dataDir, 'payouts');

const csvField = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const amountOf = (minor: number) => `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;

/**
 * The local payout provider (PAYOUT_PROVIDER=local, the embedded default): moves no money. It
 * writes each run as a CSV in the shape of a PayPal Payouts batch upload (recipient e-mail,
 * amount, currency, a unique id, a note) to DATA_DIR/payouts/<runId>.csv, through a temporary
 * name so a file is either whole or absent, and reports every item as paid once the file is
 * there: the file is the record an operator pays from. Screens and mails say so.
 */
export function createLocalPayoutProvider(dataDir: string): PayoutProvider {
  const fileOf = (runId: string) => path.join(payoutsDirOf(dataDir), `${runId}.csv`);
  return {
    kind: 'local',
    feeOf: () => 0,
    async submit(batch: PayoutBatch) {
      await mkdir(payoutsDirOf(dataDir), { recursive: true });
      const lines = [
        'email,amount,currency,payout_id,note',
        ...batch.items.map((item) =>
          [item.email, amountOf(item.amountMinor), batch.currency, senderItemIdOf(item.payoutId), `Royalties for ${item.name} from ${item.from}`].map(csvField).join(','),
        ),
      ];
      const file = fileOf(batch.runId);
      await writeFile(`${file}.tmp`, `${lines.join('\n')}\n`, 'utf8');
      await rename(`${file}.tmp`, file);
      return { reference: file };
    },
    async poll(_reference, batch) {
      return batch.items.map((item) => ({ payoutId: item.payoutId, state: 'paid', providerStatus: 'RECORDED', providerItemId: null, feeMinor: 0 }));
    },
  };
}
