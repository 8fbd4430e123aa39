import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listStyleGroups } from '../src/modules/catalogue/index.js';
import type { TestPlatform } from '../src/test/test-platform.js';
import { runAdmin } from './lib/admin-commands.js';
import type { ProductAccess } from './lib/product-access.js';
import { startAdminHarness, type AdminHarness } from './testing/admin-harness.js';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

describe('operator commands', () => {
  let platform: TestPlatform;
  let harness: AdminHarness;
  let accesses: [string, ProductAccess][];

  beforeAll(async () => {
    harness = await startAdminHarness();
    platform = harness.platform;
    accesses = [
      ['the running product', harness.product],
      ['the database', harness.database],
    ];
  });
  afterAll(() => harness.close());

  it('when asked for help or an unknown command, then the list of commands comes, with exit 0 and 2', async () => {
    const help = capture();
    expect(await runAdmin(['help'], null, help.io)).toBe(0);
    expect(help.out.join('\n')).toMatch(/style:disable "Group\/Style"[\s\S]*faq:add --locale/);
    const unknown = capture();
    expect(await runAdmin(['coupon:explode'], null, unknown.io)).toBe(2);
    expect(unknown.err.join('\n')).toMatch(/unknown command: coupon:explode[\s\S]*usage: npm run admin/);
  });

  it('when styles and groups are switched, then the catalogue follows and each command says what it changed', async () => {
    for (const [via, access] of accesses) {
      const run = async (...argv: string[]) => {
        const io = capture();
        const code = await runAdmin(argv, access, io.io);
        return { code, out: io.out.join('\n'), err: io.err.join('\n') };
      };
      expect(await run('style:disable', 'Pop/Warm'), via).toMatchObject({ code: 0, out: 'disabled style Pop/Warm' });
      expect(await run('group:disable', 'Rock')).toMatchObject({ code: 0, out: 'disabled group Rock' });
      const list = await run('style:list');
      expect(list.out).toMatch(/Pop\/Warm\s+#1\s+disabled\n/);
      expect(list.out).toMatch(/Rock\/Raw\s+#11\s+disabled \(group disabled\)/);
      expect(list.out).toMatch(/Pop\/Bright\s+#0\s+enabled/);
      const groups = await listStyleGroups({ db: platform.db, locale: 'en' });
      expect(groups.map((g) => g.name)).not.toContain('Rock');
      expect(groups.find((g) => g.name === 'Pop')?.styles.map((s) => s.name)).toEqual(['Bright', 'Punchy']);
      expect(await run('style:enable', 'Pop/Warm')).toMatchObject({ code: 0, out: 'enabled style Pop/Warm' });
      expect(await run('group:enable', 'Rock')).toMatchObject({ code: 0, out: 'enabled group Rock' });
      expect(await run('style:disable', 'Pop/Nope')).toMatchObject({ code: 1, err: expect.stringMatching(/error.styleNotFound/) });
      expect(await run('style:disable')).toMatchObject({ code: 2 });
    }
  });

  it('when FAQ entries are added, listed and removed, then the FAQ follows', async () => {
    for (const [via, access] of accesses) {
      const run = async (...argv: string[]) => {
        const io = capture();
        const code = await runAdmin(argv, access, io.io);
        return { code, out: io.out.join('\n'), err: io.err.join('\n') };
      };
      const added = await run('faq:add', '--locale', 'de', '--question', `Frage über ${via}?`, '--answer', 'Antwort.');
      expect(added.code, added.err).toBe(0);
      const id = Number(/#(\d+)/.exec(added.out)?.[1]);
      expect(added.out).toMatch(new RegExp(`^added FAQ #${id} \\[de\\] order \\d+: Frage über ${via}\\?$`));
      expect((await run('faq:list', '--locale', 'de')).out).toContain(`#${id} [de]`);
      expect((await run('faq:list', '--locale', 'en')).out).not.toContain(`#${id} [de]`);
      expect(await run('faq:remove', String(id))).toMatchObject({ code: 0, out: `removed FAQ #${id} [de]: Frage über ${via}?` });
      expect(await run('faq:remove', String(id))).toMatchObject({ code: 1, err: expect.stringMatching(/error.faqNotFound/) });
      expect((await run('faq:add', '--locale', 'fr', '--question', 'Q', '--answer', 'A')).code).toBe(2);
      expect((await run('faq:add', '--bogus', 'x')).code).toBe(2);
    }
  });
});
