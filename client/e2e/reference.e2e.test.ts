import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { bright, dull, musicLike, normalizePeak } from '../../sidecar/engine/testing/signals.js';
import { encodeWav } from '../../sidecar/engine/testing/wav-writer.js';
import { formatFigure } from '../src/lib/format-decibels.js';
import { productInBrowser } from './server-harness.js';
import { openSite, PASSWORD, productApi } from './steps.js';

/**
 * The reference track from the master page, in Chromium against the real web process and media
 * sidecar: a reference WAV uploaded from the folded "Reference" under the amounts is chosen at once;
 * the master made then is made toward it (the report card tells the tonal distance to it before and
 * after, the later smaller), and the player plays the reference as a third version, at the master's
 * loudness: fetched only when that version is first chosen, its measured loudness and true peak then in the
 * player's table. In English and German at 375 and 1280 px, with screenshots. One account and one track for
 * all four; each uploads a reference of its own, so each makes a master of its own.
 */
const NAMES = {
  en: { disclosure: 'Reference', version: 'Reference', mastered: 'Mastered', play: 'Play', loudness: 'Measured loudness', distance: /Distance to reference: ([\d.]+) dB before, ([\d.]+) dB after/ },
  de: { disclosure: 'Referenz', version: 'Referenz', mastered: 'Gemastert', play: 'Abspielen', loudness: 'Gemessene Lautheit', distance: /Abstand zur Referenz: ([\d,]+) dB vorher, ([\d,]+) dB nachher/ },
} as const;
const REFERENCE_AUDIO = /\/api\/references\/[^/]+\/audio$/;

const product = productInBrowser({ shots: 'reference', media: true });
const steps = productApi(product);
const email = `reference-${Date.now()}@example.com`;
// A dull mix and a bright reference: the master toward it must come much closer to it in tone.
const mix = encodeWav(normalizePeak(dull(musicLike({ seconds: 3, seed: 11 }), 2500), -6));
const reference = encodeWav(normalizePeak(bright(musicLike({ seconds: 2, seed: 5 }), -6), -3));
let masterId: string;

type PlayerState = { version: string; status: string; reference: { state: string; lufs: number | null; truePeakDb: number | null; gainDb: number }; referenceDb: number | null; heard: number };
/** What the page's player says of itself (null until a player has published its test hook). */
const playerState = (page: Page) =>
  page.evaluate<PlayerState | null>(`(() => {
    const player = window.__masterdeckPlayer;
    if (!player) return null;
    const output = player.output(2048);
    return {
      version: player.version(),
      status: player.status(),
      reference: player.reference(),
      referenceDb: player.laneGainsDb()?.referenceDb ?? null,
      heard: output ? Math.max(...output.samples.map(Math.abs)) : 0,
    };
  })()`);

beforeAll(async () => {
  await steps.createAccount(email, PASSWORD);
  masterId = await steps.upload(await steps.logIn(email, PASSWORD), mix, 'Dull Mix.wav');
}, 60_000);

describe('a reference track on the master page', () => {
  for (const locale of ['en', 'de'] as const) {
    for (const width of [375, 1280]) {
      it(`when a reference is uploaded and chosen there (${locale}, ${width} px), then the master is made toward it, the report card tells it came closer, and the reference, fetched once first chosen, plays beside it with its loudness`, async () => {
        const names = NAMES[locale];
        const page = await openSite(product, locale, width, { signedInAs: { email, password: PASSWORD }, langCookie: true, at: `/masters/song/${masterId}` });
        const referenceFetches: string[] = [];
        page.on('request', (request) => {
          if (REFERENCE_AUDIO.test(new URL(request.url()).pathname)) referenceFetches.push(request.url());
        });
        await page.getByTestId('new-master').waitFor();
        await page.getByTestId('analyzing-overlay').waitFor({ state: 'detached', timeout: 120_000 });

        const control = page.getByTestId('reference-control');
        await control.getByRole('button', { name: names.disclosure }).click();
        const fileName = `Bright ${locale} ${width}`;
        await control.getByTestId('reference-file').setInputFiles({ name: `${fileName}.wav`, mimeType: 'audio/wav', buffer: reference });
        const chosen = control.getByRole('radio', { name: fileName });
        await expect.poll(() => chosen.isChecked(), { timeout: 30_000 }).toBe(true);
        await control.scrollIntoViewIfNeeded();
        await product.shot(page, `chosen-${locale}-${width}`);

        // Making the master makes it toward the chosen reference.
        await page.getByTestId('buy-option-0').getByRole('button').first().click();
        await page.getByTestId('master-detail').waitFor({ timeout: 120_000 });
        const distance = page.getByTestId('report-reference');
        await distance.waitFor({ timeout: 30_000 });
        const [, before, after] = names.distance.exec((await distance.textContent()) ?? '') ?? [];
        const [beforeDb, afterDb] = [before, after].map((figure) => Number(figure?.replace(',', '.')));
        expect(afterDb).toBeLessThan(beforeDb!);
        await distance.scrollIntoViewIfNeeded();
        await product.shot(page, `report-${locale}-${width}`);

        // The reference is the player's third version, fetched only once it is chosen: playing the
        // master fetches nothing of it, and the loudness table has no row for it yet.
        const player = page.getByTestId('master-player');
        await player.scrollIntoViewIfNeeded();
        await player.getByRole('button', { name: names.play, exact: true }).click();
        await expect.poll(async () => (await playerState(page))?.status, { timeout: 20_000 }).toBe('playing');
        const versions = player.getByRole('radiogroup');
        const loudness = player.getByRole('table', { name: names.loudness });
        const referenceRow = loudness.getByRole('row').filter({ hasText: names.version });
        expect((await playerState(page))!.reference.state).toBe('unloaded');
        expect(referenceFetches).toEqual([]);
        expect(await referenceRow.count()).toBe(0);

        // Chosen, it is fetched once and decoded while the player waits, then it is what is heard.
        await versions.getByText(names.version, { exact: true }).click();
        await expect.poll(async () => playerState(page), { timeout: 30_000 }).toMatchObject({ version: 'reference', status: 'playing', reference: { state: 'ready' } });
        expect(referenceFetches).toHaveLength(1);
        await expect.poll(async () => (await playerState(page))!.heard, { timeout: 10_000 }).toBeGreaterThan(0.01);
        const state = (await playerState(page))!;
        expect(state.reference.lufs).not.toBeNull();
        // The graph applies the gain that brings the reference to the master's loudness.
        expect(state.referenceDb).toBeCloseTo(state.reference.gainDb, 1);
        // Its loudness and true peak as the player measured them join the table, in the page's language's
        // figures. Its samples peak at -3 dBFS; between them it may reach a little higher.
        await expect.poll(async () => referenceRow.textContent()).toContain(`${formatFigure(state.reference.lufs!, locale)} LUFS`);
        expect(state.reference.truePeakDb).toBeGreaterThan(-3.1);
        expect(state.reference.truePeakDb).toBeLessThan(-1);
        expect(await referenceRow.textContent()).toContain(`${formatFigure(state.reference.truePeakDb!, locale)} dBTP`);

        // Back to the master and to the reference again: nothing is fetched a second time.
        await versions.getByText(names.mastered, { exact: true }).click();
        await expect.poll(async () => (await playerState(page))?.version).toBe('mastered');
        await versions.getByText(names.version, { exact: true }).click();
        await expect.poll(async () => (await playerState(page))?.version).toBe('reference');
        expect(referenceFetches).toHaveLength(1);
        // The whole player, its loudness table with the reference's row included, fits the window at either width.
        await player.scrollIntoViewIfNeeded();
        await product.shot(page, `playing-reference-${locale}-${width}`);
        await page.context().close();
      }, 180_000);
    }
  }
});
