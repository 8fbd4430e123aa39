import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { seededEngineStyles } from '../../sidecar/engine/testing/seed-styles.js';
import { testFolder } from '../../sidecar/engine/testing/test-folder.js';
import { readCatalogueSnapshot, writeCatalogueSnapshot } from './catalogue-snapshot.js';

const root = testFolder('catalogue-snapshot-');

describe('catalogue snapshot of an embedded database', () => {
  it('when the database files are unchanged, then the snapshot answers; when any file changes, then it is stale', () => {
    const dir = path.join(root, 'pg');
    mkdirSync(path.join(dir, 'base'), { recursive: true });
    writeFileSync(path.join(dir, 'base', '1'), 'pages');
    writeFileSync(path.join(dir, 'PG_VERSION'), '17');
    const styles = seededEngineStyles().slice(0, 3);
    expect(readCatalogueSnapshot(dir, true)).toBeNull();
    writeCatalogueSnapshot(dir, true, styles);
    expect(readCatalogueSnapshot(dir, true)).toEqual(styles);
    // Another question (every style, not only the enabled ones) is not answered by it.
    expect(readCatalogueSnapshot(dir, false)).toBeNull();
    // A write by the product or an operator command changes a file: the snapshot no longer counts.
    writeFileSync(path.join(dir, 'base', '1'), 'pages!');
    expect(readCatalogueSnapshot(dir, true)).toBeNull();
    writeCatalogueSnapshot(dir, true, styles);
    const later = new Date(Date.now() + 5000);
    utimesSync(path.join(dir, 'PG_VERSION'), later, later);
    expect(readCatalogueSnapshot(dir, true)).toBeNull();
  });

  it('when there is no database directory, then there is no snapshot', () => {
    writeCatalogueSnapshot(path.join(root, 'missing'), true, []);
    expect(readCatalogueSnapshot(path.join(root, 'missing'), true)).toBeNull();
  });
});
