import { describe, expect, it } from 'vitest';
import { sql, type Selectable } from 'kysely';
import { useTestDatabase } from '../../test/test-database.js';
import { migrateToLatest } from './migrate.js';
import type { DB } from './schema.js';

/**
 * Every table and column of the Kysely types with its SQL type and nullability, listed so that the
 * compiler rejects a missing or extra column and a type the TypeScript one cannot hold (a bigint
 * read as a number, a nullable column typed without null); the test then holds the list against
 * the migrated database, on PGlite and PostgreSQL alike.
 */
type SqlTypeOf<T> = [T] extends [boolean]
  ? 'boolean'
  : [T] extends [Date]
    ? 'timestamp with time zone' | 'date'
    : [T] extends [number]
      ? 'integer' | 'smallint' | 'double precision'
      : [T] extends [string]
        ? 'text' | 'uuid' | 'character' | 'date'
        : [T] extends [Date | string]
          ? 'date'
          : // int8 and numeric: a number or its decimal string, depending on the driver (schema.ts, Int8).
            [T] extends [string | number]
            ? 'bigint' | 'numeric'
            : 'jsonb';
/** A jsonb column typed `unknown` says nothing of its nullability. */
type ColumnSpec<T> = unknown extends T ? 'jsonb' | 'jsonb null' : null extends T ? `${SqlTypeOf<NonNullable<T>>} null` : SqlTypeOf<T>;
type ColumnList = { [T in keyof DB]: { [C in keyof DB[T]]-?: C extends keyof Selectable<DB[T]> ? ColumnSpec<Selectable<DB[T]>[C]> : never } };
const columns: ColumnList = {
  users: { id: 'uuid', email: 'text', password_hash: 'text', first_name: 'text', last_name: 'text', locale: 'text', subscribed_to_newsletter: 'boolean', inform_about_updates: 'boolean', beta_testing: 'boolean', email_confirmed_at: 'timestamp with time zone null', distribution_user_id: 'text null', distribution_artist_id: 'text null', distribution_participant_id: 'text null', distribution_label_id: 'text null', created_at: 'timestamp with time zone', updated_at: 'timestamp with time zone' },
  refresh_tokens: { id: 'uuid', user_id: 'uuid', family_id: 'uuid', token_hash: 'text', expires_at: 'timestamp with time zone', rotated_at: 'timestamp with time zone null', revoked_at: 'timestamp with time zone null', created_at: 'timestamp with time zone' },
  email_tokens: { id: 'uuid', user_id: 'uuid', purpose: 'text', token_hash: 'text', new_email: 'text null', expires_at: 'timestamp with time zone', used_at: 'timestamp with time zone null', created_at: 'timestamp with time zone' },
  addresses: { id: 'uuid', user_id: 'uuid', company: 'text null', street_and_number: 'text', additional: 'text null', city: 'text', zip: 'text', country: 'character', state: 'text', tax_id: 'text null', created_at: 'timestamp with time zone', updated_at: 'timestamp with time zone' },
  style_groups: { id: 'integer', name: 'text', description: 'text', description_de: 'text', icon: 'text', sort_order: 'integer', enabled: 'boolean', name_de: 'text' },
  styles: { id: 'integer', style_group_id: 'integer', name: 'text', description: 'text', description_de: 'text', style_index: 'integer', sort_order: 'integer', enabled: 'boolean', usage_count: 'integer', processing: 'jsonb', name_de: 'text' },
  tracks: { id: 'uuid', user_id: 'uuid', name: 'text', artist: 'text null', genre: 'text null', album: 'text null', bpm: 'integer null', is_custom_master: 'boolean', path: 'text null', file_name: 'text null', sample_rate: 'integer null', channels: 'smallint null', bits_per_sample: 'smallint null', sample_format: 'text null', number_of_samples: 'bigint null', byte_length: 'bigint null', created_at: 'timestamp with time zone', updated_at: 'timestamp with time zone', data_offset: 'bigint null', data_bytes: 'bigint null' },
  masters: { id: 'uuid', track_id: 'uuid', user_id: 'uuid', style_id: 'integer null', buying_option: 'smallint', status: 'text', failed_mastering_attempts: 'integer', share_count: 'integer', path: 'text null', checksum: 'text null', measurements: 'jsonb null', created_at: 'timestamp with time zone', updated_at: 'timestamp with time zone', waveform: 'jsonb null', file_bytes: 'bigint', intensity: 'text', reference_id: 'uuid null', tone_amount: 'smallint', width_amount: 'smallint', dynamics_amount: 'smallint' },
  mastering_albums: { id: 'uuid', user_id: 'uuid', style_id: 'integer', intensity: 'text', state: 'text', error: 'text null', created_at: 'timestamp with time zone', updated_at: 'timestamp with time zone' },
  mastering_album_tracks: { album_id: 'uuid', user_id: 'uuid', position: 'integer', track_id: 'uuid', master_id: 'uuid null', mix_lufs: 'double precision null', target_lufs: 'double precision null', master_lufs: 'double precision null', master_true_peak: 'double precision null' },
  reference_tracks: { id: 'uuid', user_id: 'uuid', name: 'text', path: 'text', sample_rate: 'integer', channels: 'smallint', number_of_samples: 'bigint', byte_length: 'bigint', created_at: 'timestamp with time zone' },
  shares: { id: 'uuid', master_id: 'uuid', owner_user_id: 'uuid', email: 'text', created_at: 'timestamp with time zone' },
  comments: { id: 'uuid', track_id: 'uuid', user_id: 'uuid', text: 'text', timestamp_s: 'double precision null', created_at: 'timestamp with time zone', updated_at: 'timestamp with time zone' },
  ratings: { id: 'uuid', track_id: 'uuid', user_id: 'uuid', rating: 'smallint', comment: 'text', created_at: 'timestamp with time zone', updated_at: 'timestamp with time zone' },
  comment_digests: { track_id: 'uuid', last_sent_at: 'timestamp with time zone', covered_until: 'timestamp with time zone' },
  comment_digest_optouts: { user_id: 'uuid', created_at: 'timestamp with time zone' },
  blog_categories: { id: 'integer', slug: 'text', name_en: 'text', name_de: 'text', sort_order: 'integer' },
  blog_images: { id: 'uuid', original_name: 'text', sizes: 'jsonb', created_at: 'timestamp with time zone' },
  blog_posts: { id: 'uuid', slug: 'text', category_id: 'integer null', author: 'text', cover_image_id: 'uuid null', featured: 'boolean', published_at: 'timestamp with time zone null', created_at: 'timestamp with time zone', updated_at: 'timestamp with time zone' },
  demos: { master_id: 'uuid', sort_order: 'integer', created_at: 'timestamp with time zone' },
  blog_post_texts: { post_id: 'uuid', locale: 'text', title: 'text', abstract: 'text', body_markdown: 'text', body_html: 'text', updated_at: 'timestamp with time zone' },
  faqs: { id: 'integer', locale: 'text', question: 'text', answer: 'text', sort_order: 'integer' },
  coupons: { id: 'integer', key: 'text', type: 'text', value: 'integer', max_uses: 'integer null', per_user_limit: 'integer null', expires_at: 'timestamp with time zone null', used_count: 'integer', created_at: 'timestamp with time zone' },
  payments: { id: 'uuid', user_id: 'uuid null', master_id: 'uuid null', buying_option: 'smallint', idempotency_key: 'text', gateway: 'text', transaction_id: 'text null', amount_cents: 'integer', currency: 'character', status: 'text', payment_method: 'text null', created_at: 'timestamp with time zone', updated_at: 'timestamp with time zone', coupon_id: 'integer null', quote: 'jsonb null', failure_message: 'text null', product_type: 'smallint', subscription_id: 'uuid null', album_id: 'uuid null' },
  invoice_counter: { id: 'boolean', last_number: 'bigint' },
  invoices: { invoice_number: 'bigint', user_id: 'uuid null', master_id: 'uuid null', payment_id: 'uuid null', first_name: 'text', last_name: 'text', company: 'text null', street_and_number: 'text', additional: 'text null', city: 'text', zip: 'text', country: 'character', state: 'text', tax_id: 'text null', coupon_key: 'text null', coupon_type: 'text null', coupon_amount: 'integer null', coupon_currency: 'character null', currency: 'character', price_cents: 'integer', coupon_value_cents: 'integer', vat_rate: 'numeric', vat_cents: 'integer', total_cents: 'integer', reverse_charge: 'boolean', product: 'text', product_type: 'smallint', buying_option: 'smallint', payment_method: 'text', transaction_id: 'text null', retain_until: 'date', created_at: 'timestamp with time zone', seller: 'jsonb', vat_check: 'jsonb null', locale: 'text' },
  invoice_lines: { invoice_number: 'bigint', position: 'smallint', master_id: 'uuid null', product: 'text', buying_option: 'smallint', upgrade_from: 'smallint', price_cents: 'integer' },
  vat_id_checks: { country: 'text', vat_number: 'text', valid: 'boolean', consultation_number: 'text null', request_date: 'text', trader_name: 'text null', trader_address: 'text null', checked_at: 'timestamp with time zone' },
  rate_limit_counters: { bucket: 'text', window_start: 'timestamp with time zone', hits: 'integer', expires_at: 'timestamp with time zone' },
  shared_secrets: { name: 'text', value: 'text', created_at: 'timestamp with time zone' },
  local_gateway_sales: { transaction_id: 'text', order_id: 'text', customer_id: 'text', amount_cents: 'integer', currency: 'text', payment_method: 'text', created_at: 'timestamp with time zone' },
  local_vault_methods: { token: 'text', customer_id: 'uuid', payment_method: 'text', description: 'text', source_nonce: 'text', subscription_ref: 'text null', created_at: 'timestamp with time zone' },
  distribution_subscriptions: { id: 'uuid', user_id: 'uuid', plan_id: 'text', gateway: 'text', gateway_ref: 'text', payment_method_token: 'text', status: 'text', price_cents: 'integer', currency: 'character', billing_frequency_months: 'smallint', period_number: 'integer', current_period_start: 'timestamp with time zone', current_period_end: 'timestamp with time zone', grace_until: 'timestamp with time zone null', next_retry_at: 'timestamp with time zone null', failed_renewals: 'integer', last_failure: 'text null', canceled_at: 'timestamp with time zone null', ended_at: 'timestamp with time zone null', created_at: 'timestamp with time zone', updated_at: 'timestamp with time zone' },
  distribution_users: { id: 'bigint', user_id: 'uuid', created_at: 'timestamp with time zone' },
  distribution_artists: { id: 'bigint', distribution_user_id: 'bigint', name: 'text', country: 'character', created_at: 'timestamp with time zone', updated_at: 'timestamp with time zone' },
  distribution_participants: { id: 'bigint', distribution_user_id: 'bigint', name: 'text', email: 'text', created_at: 'timestamp with time zone', updated_at: 'timestamp with time zone' },
  distribution_labels: { id: 'bigint', distribution_user_id: 'bigint', name: 'text', created_at: 'timestamp with time zone', updated_at: 'timestamp with time zone' },
  distribution_outlets: { store_id: 'integer', store_name: 'text', sort_order: 'integer', enabled: 'boolean' },
  distribution_child_stores: { id: 'integer', store_id: 'integer', name: 'text', sort_order: 'integer' },
  distribution_genres: { genre_id: 'integer', name: 'text' },
  distribution_languages: { code: 'text', name: 'text' },
  distribution_roles: { role_id: 'integer', name: 'text' },
  distribution_albums: { id: 'bigint', distribution_user_id: 'bigint', name: 'text', label_id: 'bigint', artist_id: 'bigint', product_type: 'text', product_format: 'text', product_code_type: 'text', code_auto_generate: 'boolean', product_code: 'text null', original_release_date: 'date', global_release_date: 'date null', state: 'text', disapprove_message: 'text null', cover: 'jsonb null', visited: 'jsonb', delivered_at: 'timestamp with time zone null', created_at: 'timestamp with time zone', updated_at: 'timestamp with time zone' },
  distribution_tracks: { id: 'bigint', distribution_user_id: 'bigint', album_id: 'bigint', master_id: 'uuid null', is_custom_master: 'boolean', position: 'integer', name: 'text', genre_ids: 'jsonb', language: 'text null', featured_artist_ids: 'jsonb', isrc: 'text null', isrc_assigned: 'boolean', iswc: 'text null', explicit: 'smallint', lyrics: 'text null', participants: 'jsonb', audio_key: 'text', audio_sha256: 'text', audio_bytes: 'bigint', audio_facts: 'jsonb', created_at: 'timestamp with time zone', updated_at: 'timestamp with time zone' },
  distribution_album_outlets: { album_id: 'bigint', store_id: 'integer', release_start_date: 'date null', status_code: 'integer', reason: 'text null', updated_at: 'timestamp with time zone' },
  distribution_code_sequences: { name: 'text', last_value: 'integer' },
  distribution_recordings: { isrc: 'text', distribution_user_id: 'bigint', master_id: 'uuid null', created_at: 'timestamp with time zone' },
  release_deliveries: { id: 'bigint', album_id: 'bigint', store_id: 'integer', kind: 'text', message_id: 'text', state: 'text', uploaded_files: 'jsonb', reason: 'text null', store_text: 'text null', created_at: 'timestamp with time zone', updated_at: 'timestamp with time zone' },
  release_acknowledgements: { id: 'bigint', source: 'text', file_name: 'text', delivery_id: 'bigint null', readable: 'boolean', status: 'text null', body: 'text', received_at: 'timestamp with time zone' },
  payout_address_confirmations: { id: 'bigint', participant_id: 'bigint', email: 'text', token_sha256: 'text', requested_at: 'timestamp with time zone', confirmed_at: 'timestamp with time zone null' },
  royalty_statements: { id: 'bigint', store: 'text', period: 'character', file_sha256: 'text', rates: 'jsonb', currency: 'character', line_count: 'integer', matched_count: 'integer', total_minor: 'bigint', imported_at: 'timestamp with time zone' },
  royalty_lines: { id: 'bigint', statement_id: 'bigint', line_no: 'integer', isrc: 'text null', upc: 'text null', territory: 'character', usage_type: 'text', quantity: 'bigint', net_revenue: 'text', net_currency: 'character', amount_minor: 'bigint', distribution_user_id: 'bigint null', album_id: 'bigint null', track_id: 'bigint null' },
  royalty_payouts: { id: 'bigint', run_id: 'uuid', participant_id: 'bigint null', distribution_user_id: 'bigint null', email: 'text', amount_minor: 'bigint', currency: 'character', provider: 'text', provider_reference: 'text null', created_at: 'timestamp with time zone', status: 'text', fee_minor: 'bigint', provider_item_id: 'text null', provider_status: 'text null', failure_reason: 'text null', settled_at: 'timestamp with time zone null', notified_at: 'timestamp with time zone null' },
  royalty_ledger: { id: 'bigint', line_id: 'bigint null', track_id: 'bigint null', participant_id: 'bigint', distribution_user_id: 'bigint', share_hundredths: 'integer', amount_minor: 'bigint', payout_id: 'bigint null', created_at: 'timestamp with time zone', kind: 'text', reason: 'text null', returned_payout_id: 'bigint null', released_hold_id: 'bigint null' },
  distribution_feedback: { id: 'bigint', user_id: 'uuid', sound_rating: 'smallint', overall_rating: 'smallint', comment: 'text', page: 'text', include_song_data: 'boolean', song_data: 'jsonb null', created_at: 'timestamp with time zone' },
  jobs: { id: 'bigint', kind: 'text', payload: 'jsonb', user_id: 'uuid null', priority: 'integer', idempotency_key: 'text null', state: 'text', attempts: 'integer', max_attempts: 'integer', backoff_ms: 'integer', run_after: 'timestamp with time zone', lease_token: 'uuid null', locked_until: 'timestamp with time zone null', last_error: 'text null', created_at: 'timestamp with time zone', updated_at: 'timestamp with time zone', finished_at: 'timestamp with time zone null' },
};

describe('database schema', () => {
  const testDb = useTestDatabase();

  it('when migrated, then every table and column of the Kysely types exists with its SQL type and nullability, and no other', async () => {
    const rows = await sql<{ table_name: string; column_name: string; data_type: string; is_nullable: 'YES' | 'NO' }>`
      select table_name, column_name, data_type, is_nullable from information_schema.columns
      where table_schema = current_schema() and table_name not like 'kysely_%'`.execute(testDb.db);
    const actual: Record<string, Record<string, string>> = {};
    for (const row of rows.rows) (actual[row.table_name] ??= {})[row.column_name] = `${row.data_type}${row.is_nullable === 'YES' ? ' null' : ''}`;
    expect(actual).toEqual(columns);
  });

  it('when migrations run again, then nothing is applied twice', async () => {
    expect(await migrateToLatest(testDb.db, testDb.schema ? { schema: testDb.schema } : {})).toEqual([]);
  });

  it('when a row breaks a check or foreign key, then the database refuses it', async () => {
    await expect(
      testDb.db.insertInto('users').values({ email: 'Upper@Example.com', password_hash: 'x' }).execute(),
    ).rejects.toThrow();
    await expect(
      testDb.db.insertInto('tracks').values({ user_id: '00000000-0000-0000-0000-000000000000', name: 'x' }).execute(),
    ).rejects.toThrow();
    await expect(testDb.db.insertInto('coupons').values({ key: 'HALF', type: 'percent', value: 150 }).execute()).rejects.toThrow();
  });

  it('when a style is mastered at two intensities, then they are two masters, and a second master of the same style and intensity is refused', async () => {
    const db = testDb.db;
    const owner = await db.insertInto('users').values({ email: 'intensity@schema.test', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
    const track = await db.insertInto('tracks').values({ user_id: owner.id, name: 'Song' }).returning('id').executeTakeFirstOrThrow();
    const style = await db.selectFrom('styles').select('id').orderBy('id').executeTakeFirstOrThrow();
    const master = (intensity?: 'low' | 'medium' | 'high') =>
      db.insertInto('masters').values({ track_id: track.id, user_id: owner.id, style_id: style.id, ...(intensity ? { intensity } : {}) }).returning(['id', 'intensity']).executeTakeFirstOrThrow();
    expect((await master()).intensity).toBe('medium');
    expect((await master('high')).intensity).toBe('high');
    await expect(master('high')).rejects.toThrow(/masters_track_style_steering_key/);
    await expect(db.insertInto('masters').values({ track_id: track.id, user_id: owner.id, intensity: 'high' }).execute()).rejects.toThrow(/masters_unmastered_is_medium/);
    await expect(db.insertInto('masters').values({ track_id: track.id, user_id: owner.id, style_id: style.id, intensity: 'loud' as 'low' }).execute()).rejects.toThrow(/intensity_check/);
  });

  it('when a style is mastered at other amounts, then that is another master; amounts outside 0-150 in steps of 10, or on an unmastered master, are refused', async () => {
    const db = testDb.db;
    const owner = await db.insertInto('users').values({ email: 'amounts@schema.test', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
    const track = await db.insertInto('tracks').values({ user_id: owner.id, name: 'Song' }).returning('id').executeTakeFirstOrThrow();
    const style = await db.selectFrom('styles').select('id').orderBy('id').executeTakeFirstOrThrow();
    const master = (amounts: { tone_amount?: number; width_amount?: number; dynamics_amount?: number }) =>
      db.insertInto('masters').values({ track_id: track.id, user_id: owner.id, style_id: style.id, ...amounts }).returning(['tone_amount', 'width_amount', 'dynamics_amount']).executeTakeFirstOrThrow();
    expect(await master({})).toEqual({ tone_amount: 100, width_amount: 100, dynamics_amount: 100 });
    expect(await master({ tone_amount: 120, width_amount: 80 })).toEqual({ tone_amount: 120, width_amount: 80, dynamics_amount: 100 });
    await expect(master({ tone_amount: 120, width_amount: 80 })).rejects.toThrow(/masters_track_style_steering_key/);
    await expect(master({ tone_amount: 160 })).rejects.toThrow(/masters_tone_amount_check/);
    await expect(master({ width_amount: 85 })).rejects.toThrow(/masters_width_amount_check/);
    await expect(master({ dynamics_amount: -10 })).rejects.toThrow(/masters_dynamics_amount_check/);
    await expect(db.insertInto('masters').values({ track_id: track.id, user_id: owner.id, tone_amount: 50 }).execute()).rejects.toThrow(/masters_unmastered_has_default_amounts/);
  });

  it('when a style is mastered toward a reference, then it is a master of its own, once per reference and amounts, and an unmastered master names none', async () => {
    const db = testDb.db;
    const owner = await db.insertInto('users').values({ email: 'reference@schema.test', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
    const track = await db.insertInto('tracks').values({ user_id: owner.id, name: 'Song' }).returning('id').executeTakeFirstOrThrow();
    const style = await db.selectFrom('styles').select('id').orderBy('id').executeTakeFirstOrThrow();
    const referenceId = '11111111-1111-4111-8111-111111111111';
    const master = (reference: string | null, amounts: { tone_amount?: number; dynamics_amount?: number } = {}) =>
      db.insertInto('masters').values({ track_id: track.id, user_id: owner.id, style_id: style.id, reference_id: reference, ...amounts }).returning(['id', 'reference_id']).executeTakeFirstOrThrow();
    expect((await master(null)).reference_id).toBeNull();
    expect((await master(referenceId)).reference_id).toBe(referenceId);
    expect((await master('22222222-2222-4222-8222-222222222222')).reference_id).not.toBe(referenceId);
    expect((await master(referenceId, { tone_amount: 50 })).reference_id).toBe(referenceId);
    expect((await master(null, { tone_amount: 50 })).reference_id).toBeNull();
    await expect(master(referenceId)).rejects.toThrow(/masters_track_style_steering_reference_key/);
    await expect(master(referenceId, { tone_amount: 50 })).rejects.toThrow(/masters_track_style_steering_reference_key/);
    await expect(master(null)).rejects.toThrow(/masters_track_style_steering_key/);
    await expect(master(null, { tone_amount: 50 })).rejects.toThrow(/masters_track_style_steering_key/);
    await expect(db.insertInto('masters').values({ track_id: track.id, user_id: owner.id, reference_id: referenceId }).execute()).rejects.toThrow(/masters_unmastered_has_no_reference/);
  });

  it("when a master or share names someone other than the owner, or an invoice's or payment's figures do not add up, then the database refuses it", async () => {
    const db = testDb.db;
    const user = (email: string) => db.insertInto('users').values({ email, password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
    const [alice, bob] = [await user('alice@schema.test'), await user('bob@schema.test')];
    const track = await db.insertInto('tracks').values({ user_id: alice.id, name: 'Song' }).returning('id').executeTakeFirstOrThrow();
    await expect(db.insertInto('masters').values({ track_id: track.id, user_id: bob.id }).execute()).rejects.toThrow(/masters_owner_is_track_owner/);
    const master = await db.insertInto('masters').values({ track_id: track.id, user_id: alice.id }).returning('id').executeTakeFirstOrThrow();
    await expect(db.insertInto('shares').values({ master_id: master.id, owner_user_id: bob.id, email: 'carol@schema.test' }).execute()).rejects.toThrow(
      /shares_owner_is_master_owner/,
    );
    const invoice = {
      invoice_number: 777_001, first_name: 'Ada', last_name: 'Lovelace', street_and_number: 'Main 1', city: 'Berlin', zip: '10115', country: 'DE',
      state: 'Berlin', currency: 'EUR' as const, price_cents: 299, vat_cents: 57, total_cents: 356, product: 'Song / Pop Bright', buying_option: 1,
      payment_method: 'credit_card', retain_until: '2036-12-31',
    };
    await expect(db.insertInto('invoices').values({ ...invoice, total_cents: 355 }).execute()).rejects.toThrow(/invoices_total_adds_up/);
    await expect(db.insertInto('invoices').values({ ...invoice, coupon_key: 'HALF' }).execute()).rejects.toThrow(/invoices_coupon_complete/);
    await db.insertInto('invoices').values(invoice).execute();
    const line = { invoice_number: 777_001, position: 0, master_id: master.id, product: 'Song / Pop - Bright', buying_option: 2, upgrade_from: 1, price_cents: 400 };
    await expect(db.insertInto('invoice_lines').values({ ...line, upgrade_from: 2 }).execute()).rejects.toThrow(/invoice_lines_check/);
    await db.insertInto('invoice_lines').values(line).execute();
    const payment = { user_id: alice.id, buying_option: 1, idempotency_key: 'album:schema:1', gateway: 'none' as const, amount_cents: 0, currency: 'EUR' as const, status: 'pending' as const, product_type: 2 };
    await expect(db.insertInto('payments').values({ ...payment, master_id: master.id }).execute()).rejects.toThrow(/payments_album_names_no_master/);
  });
});
