import { z } from 'zod';

/** GET /api/download/master/{masterId}/{buyingOption}. */
export const ZMasterDownloadInput = z.object({
  masterId: z.uuid(),
  buyingOption: z.coerce.number().int().min(0).max(2),
});
export type TMasterDownloadInput = z.infer<typeof ZMasterDownloadInput>;
