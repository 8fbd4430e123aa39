import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/test-database.js';
import { listEngineStyles, listStyleGroups, setEnabled } from './catalogue.service.js';

describe('style catalogue', () => {
  const testDb = useTestDatabase();

  it('when listed, then at least 5 groups of at least 3 styles come in order with unique style indices', async () => {
    const groups = await listStyleGroups({ db: testDb.db, locale: 'en' });
    expect(groups.length).toBeGreaterThanOrEqual(5);
    expect(groups.map((g) => g.order)).toEqual([...groups.map((g) => g.order)].sort((a, b) => a - b));
    for (const group of groups) {
      expect(group.styles.length).toBeGreaterThanOrEqual(3);
      expect(group.description.length).toBeGreaterThan(20);
    }
    const indices = groups.flatMap((g) => g.styles.map((s) => s.styleIndex));
    expect(new Set(indices).size).toBe(indices.length);
  });

  it('when the caller speaks German, then descriptions are German', async () => {
    const [pop] = await listStyleGroups({ db: testDb.db, locale: 'de' });
    expect(pop?.description).toMatch(/Gesang/);
  });

  it('when the caller speaks German, then group and style names are German too; every style has a German name', async () => {
    const german = await listStyleGroups({ db: testDb.db, locale: 'de' });
    const english = await listStyleGroups({ db: testDb.db, locale: 'en' });
    expect(german.map((g) => g.name)).toEqual(['Pop', 'Elektronisch', 'Hip-Hop', 'Rock', 'Akustisch']);
    expect(german[0]?.styles.map((s) => s.name)).toEqual(['Hell', 'Warm', 'Druckvoll']);
    expect(english[1]?.name).toBe('Electronic');
    const rows = await testDb.db.selectFrom('styles').select(['name', 'name_de']).execute();
    expect(rows.filter((row) => row.name_de === '')).toEqual([]);
  });

  it('when the catalogue is read, then each style tells its loudness target, ceiling and character from its engine parameters', async () => {
    const groups = await listStyleGroups({ db: testDb.db, locale: 'en' });
    const engine = await listEngineStyles({ db: testDb.db });
    for (const style of groups.flatMap((g) => g.styles)) {
      const processing = engine.find((e) => e.id === style.id)?.processing;
      expect(style.targetLufs).toBe(processing?.targetLufs);
      expect(style.ceilingDbtp).toBe(processing?.ceilingDbtp);
      expect(style.traits.length).toBeGreaterThan(0);
    }
    const wide = groups.find((g) => g.name === 'Electronic')?.styles.find((s) => s.name === 'Wide');
    expect(wide?.traits).toContain('wide');
  });

  it('when every style is read for the engine, then its processing parameters validate', async () => {
    const styles = await listEngineStyles({ db: testDb.db });
    expect(styles.length).toBeGreaterThanOrEqual(15);
    for (const style of styles) expect(style.processing.ceilingDbtp).toBeLessThanOrEqual(-1);
  });

  it('when an operator disables a style and a group, then they leave the catalogue until enabled again', async () => {
    await setEnabled({ db: testDb.db }, { target: 'style', name: 'Pop/Warm', enabled: false });
    await setEnabled({ db: testDb.db }, { target: 'group', name: 'Rock', enabled: false });
    let groups = await listStyleGroups({ db: testDb.db, locale: 'en' });
    expect(groups.find((g) => g.name === 'Pop')?.styles.map((s) => s.name)).not.toContain('Warm');
    expect(groups.map((g) => g.name)).not.toContain('Rock');
    expect((await listEngineStyles({ db: testDb.db })).map((s) => `${s.groupName}/${s.name}`)).not.toContain('Rock/Modern');
    await setEnabled({ db: testDb.db }, { target: 'style', name: 'Pop/Warm', enabled: true });
    await setEnabled({ db: testDb.db }, { target: 'group', name: 'Rock', enabled: true });
    groups = await listStyleGroups({ db: testDb.db, locale: 'en' });
    expect(groups.map((g) => g.name)).toContain('Rock');
  });

  it('when an operator names a style that does not exist, then a not-found error says so', async () => {
    await expect(setEnabled({ db: testDb.db }, { target: 'style', name: 'Pop/Nope', enabled: false })).rejects.toThrow('error.styleNotFound');
    await expect(setEnabled({ db: testDb.db }, { target: 'style', name: 'NoSlash', enabled: false })).rejects.toThrow('error.styleNameFormat');
  });
});
