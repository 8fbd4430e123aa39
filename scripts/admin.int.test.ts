import { describe, expect, it } from 'vitest';
import { listStyleGroups } from '../src/modules/catalogue/index.js';
import { runCommand, useAdminHarness } from './testing/admin-harness.js';

describe('operator commands', () => {
  const harness = useAdminHarness();

  it('when asked for help or an unknown command, then the list of commands comes, with exit 0 and 2', async () => {
    const help = await runCommand(null, 'help');
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/style:disable "Group\/Style"[\s\S]*faq:add --locale/);
    const unknown = await runCommand(null, 'coupon:explode');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/unknown command: coupon:explode[\s\S]*usage: npm run admin/);
  });

  it('when styles and groups are switched, then the catalogue follows and each command says what it changed', async () => {
    for (const [via, access] of Object.entries(harness.accesses())) {
      const run = (...argv: string[]) => runCommand(access, ...argv);
      expect(await run('style:disable', 'Pop/Warm'), via).toMatchObject({ code: 0, out: 'disabled style Pop/Warm' });
      expect(await run('group:disable', 'Rock')).toMatchObject({ code: 0, out: 'disabled group Rock' });
      const list = await run('style:list');
      expect(list.out).toMatch(/Pop\/Warm\s+#1\s+disabled\n/);
      expect(list.out).toMatch(/Rock\/Raw\s+#11\s+disabled \(group disabled\)/);
      expect(list.out).toMatch(/Pop\/Bright\s+#0\s+enabled/);
      const groups = await listStyleGroups({ db: harness.platform.db, locale: 'en' });
      expect(groups.map((g) => g.name)).not.toContain('Rock');
      expect(groups.find((g) => g.name === 'Pop')?.styles.map((s) => s.name)).toEqual(['Bright', 'Punchy']);
      expect(await run('style:enable', 'Pop/Warm')).toMatchObject({ code: 0, out: 'enabled style Pop/Warm' });
      expect(await run('group:enable', 'Rock')).toMatchObject({ code: 0, out: 'enabled group Rock' });
      expect(await run('style:disable', 'Pop/Nope')).toMatchObject({ code: 1, err: expect.stringMatching(/error.styleNotFound/) });
      expect(await run('style:disable')).toMatchObject({ code: 2 });
    }
  });

  it('when FAQ entries are added, listed and removed, then the FAQ follows', async () => {
    for (const [via, access] of Object.entries(harness.accesses())) {
      const run = (...argv: string[]) => runCommand(access, ...argv);
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
