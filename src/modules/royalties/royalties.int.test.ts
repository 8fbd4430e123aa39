import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { assignEan13 } from '../distribution/index.js';
import { useTestApp } from '../../test/test-app.js';
import { mailsTo } from '../../test/outbox.js';
import { createDistributor, createMasterWithAudio, createReleaseWithPartner } from '../../test/release-factories.js';
import { importStatement, payoutsDirOf, runPayouts } from './index.js';
import { createLocalPayoutProvider } from './provider/local-payout-provider.js';

const HEADER = 'ISRC,UPC,Territory,Usage Type,Quantity,Net Revenue,Currency,Track Title';

describe('royalties: statements in, ledger by payout shares, payouts out', () => {
  const suite = useTestApp();
  /** Every store and period unique to its test, so tests never share a statement. */
  let periodCounter = 0;
  const nextPeriod = () => `2031-${String(++periodCounter).padStart(2, '0')}`;

  /** A distributor with one release of one track: the user's participant 70 %, a partner 30 %. */
  async function releaseWithPartner(shares: { own: number; partner: number } = { own: 70, partner: 30 }) {
    const release = await createReleaseWithPartner(suite.platform, { shares });
    // The release code is given at delivery; statements name the code the stores received.
    const upc = assignEan13(suite.platform.env.EAN_PREFIX, release.albumId);
    await suite.platform.db.updateTable('distribution_albums').set({ product_code: upc }).where('id', '=', String(release.albumId)).execute();
    return { ...release, upc };
  }

  const ledgerOf = (participantId: number) =>
    suite.platform.db.selectFrom('royalty_ledger').select(['line_id', 'amount_minor', 'share_hundredths', 'payout_id']).where('participant_id', '=', participantId).orderBy('id').execute();
  const counts = async () => ({
    statements: Number((await suite.platform.db.selectFrom('royalty_statements').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
    lines: Number((await suite.platform.db.selectFrom('royalty_lines').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
    ledger: Number((await suite.platform.db.selectFrom('royalty_ledger').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  });

  it('when a statement is imported, then each matched line is split by the track\'s shares to the cent, the parts add up to the line, and unmatched lines are kept and listed', async () => {
    const r = await releaseWithPartner({ own: 66.67, partner: 33.33 });
    const period = nextPeriod();
    const csv = [
      HEADER,
      `${r.isrc},${r.upc},DE,stream,1000,3.41,USD,Moonrise`,
      // 1.00 EUR at 1.08 = 108 cents: 66.67 % is 72.0036 -> 72, 33.33 % is 35.9964 -> 36.
      `${r.isrc},,AT,Stream,250,1.00,EUR,Moonrise`,
      `"${r.isrc.slice(0, 2)}-${r.isrc.slice(2, 5)}-${r.isrc.slice(5, 7)}-${r.isrc.slice(7)}",,US,download,1,0.69,usd,"Moonrise, single"`,
      'GBAAA9900001,,FR,stream,77,0.25,USD,Somebody Else',
      '',
    ].join('\r\n');
    const result = await importStatement({ db: suite.platform.db }, { store: 'spotify', period, csv, rates: { EUR: '1.08' } });
    expect(result).toMatchObject({ store: 'Spotify', period, alreadyImported: false, lines: 4, matched: 3, currency: 'USD', totalMinor: 341 + 108 + 69 + 25, creditedMinor: 341 + 108 + 69, rates: { EUR: '1.08' } });
    expect(result.unmatched).toEqual([{ line: 5, isrc: 'GBAAA9900001', upc: null, territory: 'FR', amountMinor: 25 }]);

    // 341 cents: 66.67 % = 227.3447 -> 227, 33.33 % = 113.6553 -> 113, one cent left goes to the larger remainder (113.66).
    const own = await ledgerOf(r.participantId);
    const partner = await ledgerOf(r.partnerId);
    expect(own.map((e) => Number(e.amount_minor))).toEqual([227, 72, 46]);
    expect(partner.map((e) => Number(e.amount_minor))).toEqual([114, 36, 23]);
    expect(own.every((e) => e.share_hundredths === 6667 && e.payout_id === null)).toBe(true);
    for (let i = 0; i < 3; i++) expect(Number(own[i]!.amount_minor) + Number(partner[i]!.amount_minor)).toBe([341, 108, 69][i]);

    const payments = await r.caller.royalties.payments();
    expect(payments.participants.map((p) => [p.name, p.isMain, p.earnedMinor, p.balanceMinor])).toEqual([
      ['Erika Mustermann', true, 345, 345],
      [r.partnerName, false, 173, 173],
    ]);
    const analytics = await r.caller.royalties.analytics();
    expect(analytics.totals).toEqual({ streams: 1250, downloads: 1, revenueMinor: 518 });
    expect(analytics.stores).toEqual([{ store: 'Spotify', streams: 1250, downloads: 1, revenueMinor: 518 }]);
    expect(analytics.countries.map((c) => [c.country, c.streams])).toEqual([['DE', 1000], ['AT', 250], ['US', 0]]);
    expect(analytics.releases).toEqual([{ albumId: r.albumId, name: 'Night Songs', upc: r.upc, streams: 1250, downloads: 1, revenueMinor: 518 }]);
    expect(analytics.tracks).toMatchObject([{ trackId: r.trackId, name: 'Moonrise', isrc: r.isrc, releaseName: 'Night Songs', streams: 1250 }]);
    expect(analytics.periods).toEqual([{ period, streams: 1250, downloads: 1, revenueMinor: 518 }]);
    expect(analytics.storePeriods).toEqual([{ period, store: 'Spotify', albumId: r.albumId, streams: 1250, revenueMinor: 518 }]);
  });

  it('when a line names only the release\'s UPC, then its tracks share it equally and each part is split by that track\'s shares', async () => {
    const r = await releaseWithPartner({ own: 50, partner: 50 });
    const { masterId } = await createMasterWithAudio(suite.platform, r.userId, { trackName: 'Second', seconds: 1 });
    await r.caller.releases.addTrack({ masterId, albumId: r.albumId });
    const result = await importStatement({ db: suite.platform.db }, { store: 'iTunes', period: nextPeriod(), csv: `${HEADER}\n,${r.upc},DE,download,1,9.99,USD,Night Songs\n`, rates: {} });
    expect(result).toMatchObject({ matched: 1, creditedMinor: 999, unmatched: [] });
    // 999 -> tracks 500 and 499; track 1: 250/250, track 2 (user 100 %): 499.
    expect((await ledgerOf(r.participantId)).map((e) => Number(e.amount_minor))).toEqual([250, 499]);
    expect((await ledgerOf(r.partnerId)).map((e) => Number(e.amount_minor))).toEqual([250]);
  });

  it('when the same statement is imported again, then nothing changes; another file for the same store and period is refused', async () => {
    const r = await releaseWithPartner();
    const period = nextPeriod();
    const csv = `${HEADER}\n${r.isrc},,DE,stream,10,1.00,USD,Moonrise\n`;
    const first = await importStatement({ db: suite.platform.db }, { store: 'Deezer', period, csv, rates: {} });
    const before = { counts: await counts(), own: await ledgerOf(r.participantId), partner: await ledgerOf(r.partnerId) };

    const again = await importStatement({ db: suite.platform.db }, { store: 'deezer', period, csv, rates: {} });
    expect(again).toEqual({ ...first, alreadyImported: true });
    await expect(importStatement({ db: suite.platform.db }, { store: 'Deezer', period, csv: `${csv}${r.isrc},,AT,stream,1,0.01,USD,x\n`, rates: {} })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'royalties.error.statementConflict',
    });
    expect({ counts: await counts(), own: await ledgerOf(r.participantId), partner: await ledgerOf(r.partnerId) }).toEqual(before);

    // Two imports of a new statement at once: one imports, the other answers as a repeat.
    const racePeriod = nextPeriod();
    const raced = await Promise.all([1, 2].map(() => importStatement({ db: suite.platform.db }, { store: 'Deezer', period: racePeriod, csv, rates: {} })));
    expect(raced.map((result) => result.alreadyImported).sort()).toEqual([false, true]);
    expect((await counts()).statements).toBe(before.counts.statements + 1);
  });

  it('when a statement has malformed lines, then it is refused naming each bad line, and nothing is imported', async () => {
    const r = await releaseWithPartner();
    const before = await counts();
    const csv = [
      HEADER,
      `${r.isrc},,DE,stream,10,1.00,USD,fine`,
      `${r.isrc},,DE,stream,ten,1.00,USD,bad quantity`,
      `${r.isrc},,Germany,stream,10,1.00,USD,bad territory`,
      `${r.isrc},,DE,stream,10,1.00,GBP,no rate`,
      `NOTANISRC,,DE,stream,10,1,USD,bad isrc`,
      `${r.isrc},,DE,stream,10,1.0.0,USD,bad amount`,
    ].join('\n');
    const failure = await importStatement({ db: suite.platform.db }, { store: 'Tidal', period: nextPeriod(), csv, rates: {} }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'BAD_REQUEST', message: 'royalties.error.statementMalformed' });
    const detail = (failure as { detail: string }).detail.split('\n');
    expect(detail.map((line) => line.split(':')[0])).toEqual(['line 3', 'line 4', 'line 5', 'line 6', 'line 7']);
    expect(detail[2]).toContain('no rate for GBP');
    expect(await counts()).toEqual(before);

    await expect(importStatement({ db: suite.platform.db }, { store: 'Tidal', period: nextPeriod(), csv: 'ISRC,Quantity\nX,1\n', rates: {} })).rejects.toMatchObject({
      message: 'royalties.error.statementMalformed',
      detail: expect.stringContaining('line 1: the header must name the columns'),
    });
  });

  it('when payouts run, then each balance at or above the minimum is paid once to the payout e-mail and written to the payout file; a second run pays nothing', async () => {
    const r = await releaseWithPartner({ own: 80, partner: 20 });
    await importStatement({ db: suite.platform.db }, { store: 'Amazon Music', period: nextPeriod(), csv: `${HEADER}\n${r.isrc},,DE,stream,50000,100.00,USD,Moonrise\n`, rates: {} });
    // 80.00 for the user's participant, 20.00 for the partner; with --min 25 only the first is paid.
    const context = { db: suite.platform.db, provider: createLocalPayoutProvider(suite.platform.dataDir), payoutMin: 10, publicUrl: 'http://masterdeck.test', mailer: suite.platform.mailer };
    const first = await runPayouts(context, { min: 25 });
    const mine = first.payouts.filter((p) => [r.participantId, r.partnerId].includes(p.participantId));
    expect(mine).toEqual([
      { payoutId: expect.any(Number), participantId: r.participantId, name: 'Erika Mustermann', email: 'payout@example.com', amountMinor: 8000, feeMinor: 0, entries: 1, status: 'confirmed', failureReason: null },
    ]);
    const file = await readFile(first.reference!, 'utf8');
    expect(file).toContain(`payout@example.com,80.00,USD,masterdeck-payout-${mine[0]!.payoutId}`);
    expect((await readdir(payoutsDirOf(suite.platform.dataDir))).some((name) => name.endsWith('.tmp'))).toBe(false);

    const second = await runPayouts(context, { min: 25 });
    expect(second.payouts.filter((p) => [r.participantId, r.partnerId].includes(p.participantId))).toEqual([]);

    const third = await runPayouts(context, { min: 10 });
    expect(third.payouts.filter((p) => [r.participantId, r.partnerId].includes(p.participantId)).map((p) => [p.participantId, p.amountMinor])).toEqual([[r.partnerId, 2000]]);
    expect((await runPayouts(context, { min: 0 })).payouts.filter((p) => [r.participantId, r.partnerId].includes(p.participantId))).toEqual([]);

    // The partner learns their share from the payout e-mail, in the language of the user who named them.
    const mails = await mailsTo(suite.platform.outboxDir, r.partnerEmail);
    expect(mails.map((mail) => mail.subject)).toEqual(['Royalties from Erika Records: $20.00 paid to you']);
    expect(mails[0]!.text).toContain('Erika Records has paid you $20.00 in royalties');
    expect(mails[0]!.text).toContain('records payouts in a file and moves no money');
    expect(mails[0]!.text).toMatch(/- 2031-\d\d, Amazon Music, Moonrise, DE: 20 %, \$20\.00/);

    const payments = await r.caller.royalties.payments();
    expect(payments.participants.map((p) => [p.earnedMinor, p.paidMinor, p.balanceMinor])).toEqual([
      [8000, 8000, 0],
      [2000, 2000, 0],
    ]);
    expect(payments.payouts.map((p) => [p.email, p.amountMinor]).sort()).toEqual([
      [r.partnerEmail, 2000],
      ['payout@example.com', 8000],
    ]);
    expect(payments.entries.every((e) => e.paid)).toBe(true);

    // The user's account goes: their ledger goes with it, the statement lines and the payouts stay for the books, unlinked.
    const lineIds = (await suite.platform.db.selectFrom('royalty_lines').select('id').where('track_id', '=', r.trackId).execute()).map((l) => l.id);
    await suite.platform.db.deleteFrom('users').where('id', '=', r.userId).execute();
    expect(await ledgerOf(r.participantId)).toEqual([]);
    const lines = await suite.platform.db.selectFrom('royalty_lines').select(['distribution_user_id', 'track_id']).where('id', 'in', lineIds).execute();
    expect(lines).toEqual([{ distribution_user_id: null, track_id: null }]);
    const kept = await suite.platform.db.selectFrom('royalty_payouts').select(['participant_id', 'email']).where('email', '=', 'payout@example.com').where('id', '=', mine[0]!.payoutId).execute();
    expect(kept).toEqual([{ participant_id: null, email: 'payout@example.com' }]);
  });

  it('when another user asks for analytics and payments, then they see only their own (empty) figures, never the other user\'s', async () => {
    const alice = await releaseWithPartner();
    await importStatement({ db: suite.platform.db }, { store: 'YouTube Music', period: nextPeriod(), csv: `${HEADER}\n${alice.isrc},,DE,stream,42,0.42,USD,Moonrise\n`, rates: {} });
    expect((await alice.caller.royalties.analytics()).totals.streams).toBe(42);

    const bob = await createDistributor(suite.platform);
    const bobCaller = suite.callerFor(bob.userId);
    const analytics = await bobCaller.royalties.analytics();
    expect(analytics).toEqual({ currency: 'USD', totals: { streams: 0, downloads: 0, revenueMinor: 0 }, periods: [], storePeriods: [], releases: [], tracks: [], stores: [], countries: [] });
    const payments = await bobCaller.royalties.payments();
    expect(payments.participants.map((p) => [p.participantId, p.earnedMinor])).toEqual([[bob.participantId, 0]]);
    expect(payments.entries).toEqual([]);
    expect(payments.payouts).toEqual([]);
  });

  it('when another user asks over REST and GraphQL, then the answers hold only their own figures; without a sign-in nothing is answered', async () => {
    const alice = await releaseWithPartner();
    await importStatement({ db: suite.platform.db }, { store: 'Tidal', period: nextPeriod(), csv: `${HEADER}\n${alice.isrc},,DE,stream,7,0.70,USD,Moonrise\n`, rates: {} });
    const bob = await createDistributor(suite.platform);
    const rest = async (userId: string | null, url: string) => {
      const response = await fetch(`${suite.app.base}${url}`, { headers: userId ? suite.bearer(userId) : {} });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    expect((await rest(alice.userId, '/api/distribution/analytics')).body).toMatchObject({ totals: { streams: 7, revenueMinor: 70 } });
    expect((await rest(bob.userId, '/api/distribution/analytics')).body).toMatchObject({ totals: { streams: 0, revenueMinor: 0 }, stores: [] });
    expect((await rest(bob.userId, '/api/distribution/payments')).body).toMatchObject({ entries: [], payouts: [] });
    expect((await rest(null, '/api/distribution/payments')).status).toBe(401);

    const query = '{ distributionAnalytics { totals { streams } stores { store streams } } distributionPayments { participants { name balanceMinor } entries { amountMinor } } }';
    expect((await suite.graphql(alice.userId, query)).data).toEqual({
      distributionAnalytics: { totals: { streams: 7 }, stores: [{ store: expect.any(String), streams: 7 }] },
      distributionPayments: { participants: [{ name: 'Erika Mustermann', balanceMinor: 49 }, { name: alice.partnerName, balanceMinor: 21 }], entries: [{ amountMinor: 21 }, { amountMinor: 49 }] },
    });
    expect((await suite.graphql(bob.userId, query)).data).toEqual({
      distributionAnalytics: { totals: { streams: 0 }, stores: [] },
      distributionPayments: { participants: [{ name: 'Erika Mustermann', balanceMinor: 0 }], entries: [] },
    });
  });

  it('when feedback is sent from a distribution screen, then it is stored with the release data asked for; bad stars are refused and nothing is stored', async () => {
    const r = await releaseWithPartner();
    const feedbackOf = () => suite.platform.db.selectFrom('distribution_feedback').select(['sound_rating', 'overall_rating', 'comment', 'page', 'include_song_data', 'song_data']).where('user_id', '=', r.userId).execute();
    await expect(r.caller.royalties.sendFeedback({ soundRating: 0, overallRating: 5 })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('distribution.feedback.error.rating') });
    await expect(r.caller.royalties.sendFeedback({ soundRating: 6, overallRating: 5 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(r.caller.royalties.sendFeedback({ soundRating: 4, overallRating: 5, comment: 'x'.repeat(2001) })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(r.caller.royalties.sendFeedback({ soundRating: 4, overallRating: 5, page: '/masters' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await feedbackOf()).toEqual([]);

    await r.caller.royalties.sendFeedback({ soundRating: 4, overallRating: 5, comment: '  Clear payouts  ', includeSongData: true, page: '/distribution/payments' });
    const response = await fetch(`${suite.app.base}/api/distribution/feedback`, {
      method: 'POST',
      headers: { ...suite.bearer(r.userId), 'content-type': 'application/json' },
      body: JSON.stringify({ soundRating: 2, overallRating: 3 }),
    });
    expect(response.status).toBe(201);
    const stored = await feedbackOf();
    expect(stored).toEqual([
      {
        sound_rating: 4,
        overall_rating: 5,
        comment: 'Clear payouts',
        page: '/distribution/payments',
        include_song_data: true,
        song_data: [{ album_id: expect.anything(), album_name: 'Night Songs', product_code: r.upc, state: 'draft', track_id: expect.anything(), track_name: 'Moonrise', isrc: r.isrc }],
      },
      { sound_rating: 2, overall_rating: 3, comment: '', page: '/distribution', include_song_data: false, song_data: null },
    ]);
  });
});
