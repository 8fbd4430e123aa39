import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PayoutBatch, PayoutProvider } from './payout-provider.js';

/** The folder under DATA_DIR the local provider writes its payout files to. */
export const payoutsDirOf = (dataDir: string) => path.join(dataDir, 'payouts');

const csvField = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const amountOf = (minor: number) => `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;

/**
 * The local payout provider (DISTRIBUTION_PROVIDER=local): writes each run as a CSV in the shape of
 * a PayPal Payouts batch upload (recipient e-mail, amount, currency, a unique id, a note) to
 * DATA_DIR/payouts/<runId>.csv, through a temporary name so a file is either whole or absent.
 */
export function createLocalPayoutProvider(dataDir: string): PayoutProvider {
  return {
    kind: 'local',
    async send(batch: PayoutBatch) {
      const dir = payoutsDirOf(dataDir);
      await mkdir(dir, { recursive: true });
      const lines = [
        'email,amount,currency,payout_id,note',
        ...batch.items.map((item) =>
          [item.email, amountOf(item.amountMinor), batch.currency, `masterdeck-payout-${item.payoutId}`, `Royalties for ${item.name}`].map(csvField).join(','),
        ),
      ];
      const file = path.join(dir, `${batch.runId}.csv`);
      await writeFile(`${file}.tmp`, `${lines.join('\n')}\n`, 'utf8');
      await rename(`${file}.tmp`, file);
      return { reference: file };
    },
  };
}
