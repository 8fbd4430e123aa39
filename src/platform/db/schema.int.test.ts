import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { migrateToLatest } from './migrate.js';
import type { DB } from './schema.js';

/**
 * Every table and column of the Kysely types, listed so that the compiler rejects a missing or
 * extra one; the test then holds the list against the migrated database (house rule 7).
 */
type ColumnList = { [T in keyof DB]: { [C in keyof DB[T]]-?: true } };
const columns: ColumnList = {
  users: { id: true, email: true, password_hash: true, first_name: true, last_name: true, locale: true, subscribed_to_newsletter: true, inform_about_updates: true, beta_testing: true, email_confirmed_at: true, distribution_user_id: true, distribution_artist_id: true, distribution_participant_id: true, distribution_label_id: true, created_at: true, updated_at: true },
  refresh_tokens: { id: true, user_id: true, family_id: true, token_hash: true, expires_at: true, rotated_at: true, revoked_at: true, created_at: true },
  email_tokens: { id: true, user_id: true, purpose: true, token_hash: true, new_email: true, expires_at: true, used_at: true, created_at: true },
  addresses: { id: true, user_id: true, company: true, street_and_number: true, additional: true, city: true, zip: true, country: true, state: true, tax_id: true, created_at: true, updated_at: true },
  style_groups: { id: true, name: true, name_de: true, description: true, description_de: true, icon: true, sort_order: true, enabled: true },
  styles: { id: true, style_group_id: true, name: true, name_de: true, description: true, description_de: true, style_index: true, sort_order: true, enabled: true, usage_count: true, processing: true },
  tracks: { id: true, user_id: true, name: true, artist: true, genre: true, album: true, bpm: true, is_custom_master: true, path: true, file_name: true, sample_rate: true, channels: true, bits_per_sample: true, sample_format: true, number_of_samples: true, byte_length: true, created_at: true, updated_at: true, data_offset: true, data_bytes: true },
  masters: { id: true, track_id: true, user_id: true, style_id: true, buying_option: true, status: true, failed_mastering_attempts: true, share_count: true, path: true, checksum: true, measurements: true, waveform: true, file_bytes: true, created_at: true, updated_at: true },
  shares: { id: true, master_id: true, owner_user_id: true, email: true, created_at: true },
  comments: { id: true, track_id: true, user_id: true, text: true, timestamp_s: true, created_at: true, updated_at: true },
  ratings: { id: true, track_id: true, user_id: true, rating: true, comment: true, created_at: true, updated_at: true },
  comment_digests: { track_id: true, last_sent_at: true, covered_until: true },
  comment_digest_optouts: { user_id: true, created_at: true },
  blog_categories: { id: true, slug: true, name_en: true, name_de: true, sort_order: true },
  blog_images: { id: true, original_name: true, sizes: true, created_at: true },
  blog_posts: { id: true, slug: true, category_id: true, author: true, cover_image_id: true, featured: true, published_at: true, created_at: true, updated_at: true },
  demos: { master_id: true, sort_order: true, created_at: true },
  blog_post_texts: { post_id: true, locale: true, title: true, abstract: true, body_markdown: true, body_html: true, updated_at: true },
  faqs: { id: true, locale: true, question: true, answer: true, sort_order: true },
  coupons: { id: true, key: true, type: true, value: true, max_uses: true, per_user_limit: true, expires_at: true, used_count: true, created_at: true },
  payments: { id: true, user_id: true, master_id: true, buying_option: true, idempotency_key: true, gateway: true, transaction_id: true, amount_cents: true, currency: true, status: true, payment_method: true, created_at: true, updated_at: true, coupon_id: true, quote: true, failure_message: true, product_type: true, subscription_id: true },
  invoice_counter: { id: true, last_number: true },
  invoices: { invoice_number: true, user_id: true, master_id: true, payment_id: true, first_name: true, last_name: true, company: true, street_and_number: true, additional: true, city: true, zip: true, country: true, state: true, tax_id: true, coupon_key: true, coupon_type: true, coupon_amount: true, coupon_currency: true, currency: true, price_cents: true, coupon_value_cents: true, vat_rate: true, vat_cents: true, total_cents: true, reverse_charge: true, product: true, product_type: true, buying_option: true, payment_method: true, transaction_id: true, retain_until: true, created_at: true, seller: true },
  rate_limit_counters: { bucket: true, window_start: true, hits: true, expires_at: true },
  shared_secrets: { name: true, value: true, created_at: true },
  local_gateway_sales: { transaction_id: true, order_id: true, customer_id: true, amount_cents: true, currency: true, payment_method: true, created_at: true },
  local_vault_methods: { token: true, customer_id: true, payment_method: true, description: true, source_nonce: true, subscription_ref: true, created_at: true },
  distribution_subscriptions: { id: true, user_id: true, plan_id: true, gateway: true, gateway_ref: true, payment_method_token: true, status: true, price_cents: true, currency: true, billing_frequency_months: true, period_number: true, current_period_start: true, current_period_end: true, grace_until: true, next_retry_at: true, failed_renewals: true, last_failure: true, canceled_at: true, ended_at: true, created_at: true, updated_at: true },
  distribution_users: { id: true, user_id: true, created_at: true },
  distribution_artists: { id: true, distribution_user_id: true, name: true, country: true, created_at: true, updated_at: true },
  distribution_participants: { id: true, distribution_user_id: true, name: true, email: true, created_at: true, updated_at: true },
  distribution_labels: { id: true, distribution_user_id: true, name: true, created_at: true, updated_at: true },
  distribution_outlets: { store_id: true, store_name: true, sort_order: true, enabled: true },
  distribution_child_stores: { id: true, store_id: true, name: true, sort_order: true },
  distribution_genres: { genre_id: true, name: true },
  distribution_languages: { code: true, name: true },
  distribution_roles: { role_id: true, name: true },
  distribution_albums: { id: true, distribution_user_id: true, name: true, label_id: true, artist_id: true, product_type: true, product_format: true, product_code_type: true, code_auto_generate: true, product_code: true, original_release_date: true, global_release_date: true, state: true, disapprove_message: true, cover: true, visited: true, delivered_at: true, created_at: true, updated_at: true },
  distribution_tracks: { id: true, distribution_user_id: true, album_id: true, master_id: true, is_custom_master: true, position: true, name: true, genre_ids: true, language: true, featured_artist_ids: true, isrc: true, isrc_assigned: true, iswc: true, explicit: true, lyrics: true, participants: true, audio_key: true, audio_sha256: true, audio_bytes: true, audio_facts: true, created_at: true, updated_at: true },
  distribution_album_outlets: { album_id: true, store_id: true, release_start_date: true, status_code: true, reason: true, updated_at: true },
  distribution_code_sequences: { name: true, last_value: true },
  distribution_jobs: { id: true, kind: true, album_id: true, state: true, step: true, attempts: true, run_after: true, locked_until: true, last_error: true, created_at: true, updated_at: true, finished_at: true },
  distribution_recordings: { isrc: true, distribution_user_id: true, master_id: true, created_at: true },
  release_deliveries: { id: true, album_id: true, store_id: true, kind: true, message_id: true, state: true, uploaded_files: true, reason: true, store_text: true, created_at: true, updated_at: true },
  release_acknowledgements: { id: true, source: true, file_name: true, delivery_id: true, readable: true, status: true, body: true, received_at: true },
  royalty_statements: { id: true, store: true, period: true, file_sha256: true, rates: true, currency: true, line_count: true, matched_count: true, total_minor: true, imported_at: true },
  royalty_lines: { id: true, statement_id: true, line_no: true, isrc: true, upc: true, territory: true, usage_type: true, quantity: true, net_revenue: true, net_currency: true, amount_minor: true, distribution_user_id: true, album_id: true, track_id: true },
  royalty_payouts: { id: true, run_id: true, participant_id: true, distribution_user_id: true, email: true, amount_minor: true, currency: true, provider: true, provider_reference: true, created_at: true },
  royalty_ledger: { id: true, line_id: true, track_id: true, participant_id: true, distribution_user_id: true, share_hundredths: true, amount_minor: true, payout_id: true, created_at: true },
  distribution_feedback: { id: true, user_id: true, sound_rating: true, overall_rating: true, comment: true, page: true, include_song_data: true, song_data: true, created_at: true },
  jobs: { id: true, kind: true, payload: true, user_id: true, priority: true, idempotency_key: true, state: true, attempts: true, max_attempts: true, backoff_ms: true, run_after: true, lease_token: true, locked_until: true, last_error: true, created_at: true, updated_at: true, finished_at: true },
};

describe('database schema', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(() => testDb.destroy());

  it('when migrated, then every table and column of the Kysely types exists, and no other', async () => {
    const rows = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and table_name not like 'kysely_%'`.execute(testDb.db);
    const actual: Record<string, string[]> = {};
    for (const row of rows.rows) (actual[row.table_name] ??= []).push(row.column_name);
    const expected = Object.fromEntries(Object.entries(columns).map(([table, cols]) => [table, Object.keys(cols).sort()]));
    expect(Object.fromEntries(Object.entries(actual).map(([table, cols]) => [table, cols.sort()]))).toEqual(expected);
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

  it("when a master or share names someone other than the owner, or an invoice's figures do not add up, then the database refuses it", async () => {
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
  });
});
