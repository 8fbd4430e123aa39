import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Kysely table types, written once against sql/ and verified by schema.int.test.ts, which compares
 * every table and column here, with its SQL type and nullability, with the migrated database.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** jsonb: pg and PGlite both parse it on read; we write it as a JSON string. */
type Json<T> = ColumnType<T, string, string>;
/** bigint and numeric come back from pg as strings (PGlite: numbers); read them through Number(). */
type Int8 = ColumnType<string | number, number | string, number | string>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  locale: Generated<'en' | 'de'>;
  subscribed_to_newsletter: Generated<boolean>;
  inform_about_updates: Generated<boolean>;
  beta_testing: Generated<boolean>;
  email_confirmed_at: Date | null;
  distribution_user_id: string | null;
  distribution_artist_id: string | null;
  distribution_participant_id: string | null;
  distribution_label_id: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  user_id: string;
  family_id: string;
  token_hash: string;
  expires_at: Timestamp;
  rotated_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface EmailTokensTable {
  id: Generated<string>;
  user_id: string;
  purpose: 'verify' | 'reset' | 'email_change';
  token_hash: string;
  new_email: string | null;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

/** A postal address as addresses keep it and an invoice copies it. */
interface PostalAddressColumns {
  company: string | null;
  street_and_number: string;
  additional: string | null;
  city: string;
  zip: string;
  country: string;
  state: string;
  tax_id: string | null;
}

export interface AddressesTable extends PostalAddressColumns {
  id: Generated<string>;
  user_id: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface StyleGroupsTable {
  id: Generated<number>;
  name: string;
  /** German name; '' falls back to `name` (sql/0078). */
  name_de: Generated<string>;
  description: Generated<string>;
  description_de: Generated<string>;
  icon: Generated<string>;
  sort_order: Generated<number>;
  enabled: Generated<boolean>;
}

export interface StylesTable {
  id: Generated<number>;
  style_group_id: number;
  name: string;
  /** German name; '' falls back to `name` (sql/0078). */
  name_de: Generated<string>;
  description: Generated<string>;
  description_de: Generated<string>;
  style_index: number;
  sort_order: Generated<number>;
  enabled: Generated<boolean>;
  usage_count: Generated<number>;
  processing: Json<unknown>;
}

export interface TracksTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  artist: string | null;
  genre: string | null;
  album: string | null;
  bpm: number | null;
  is_custom_master: Generated<boolean>;
  path: string | null;
  file_name: string | null;
  sample_rate: number | null;
  channels: number | null;
  bits_per_sample: number | null;
  sample_format: 'int' | 'float' | null;
  number_of_samples: Int8 | null;
  byte_length: Int8 | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** sql/0005: where the samples of the stored original are. */
  data_offset: Int8 | null;
  data_bytes: Int8 | null;
}

export type MasterStatus = 'CREATED' | 'MASTERING' | 'MASTERED' | 'FAILED' | 'PAYMENT_DONE';
export type MasterIntensity = 'low' | 'medium' | 'high';

export interface MastersTable {
  id: Generated<string>;
  track_id: string;
  user_id: string;
  style_id: number | null;
  buying_option: Generated<number>;
  status: Generated<MasterStatus>;
  failed_mastering_attempts: Generated<number>;
  share_count: Generated<number>;
  path: string | null;
  checksum: string | null;
  measurements: Json<unknown> | null;
  /** The bounced master's 512 waveform peaks (sql/0007). */
  waveform: Json<number[]> | null;
  /** Bytes of its stored files, master and downloads (sql/0066), counted by the storage quota. */
  file_bytes: ColumnType<string | number, number | string | undefined, number | string>;
  /** How hard the style is driven (sql/0263); part of the master's key with track and style. */
  intensity: Generated<MasterIntensity>;
  /** How far the style's tone, width and dynamics moves are taken, percent (sql/0280); part of the key too. */
  tone_amount: Generated<number>;
  width_amount: Generated<number>;
  dynamics_amount: Generated<number>;
  /** The owner's reference track it was made toward (sql/0276), part of its key; null: none. */
  reference_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** Album mode (sql/0270): one style and intensity for tracks mastered together, in order. */
export interface MasteringAlbumsTable {
  id: Generated<string>;
  user_id: string;
  style_id: number;
  intensity: MasterIntensity;
  state: Generated<'queued' | 'mastering' | 'done' | 'failed'>;
  error: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface MasteringAlbumTracksTable {
  album_id: string;
  user_id: string;
  position: number;
  track_id: string;
  master_id: string | null;
  mix_lufs: number | null;
  target_lufs: number | null;
  master_lufs: number | null;
  master_true_peak: number | null;
}

/** A user's private reference WAV (sql/0275): never shared, sold, listed for others or downloaded. */
export interface ReferenceTracksTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  path: string;
  sample_rate: number;
  channels: number;
  number_of_samples: Int8;
  byte_length: Int8;
  created_at: CreatedAt;
}

export interface SharesTable {
  id: Generated<string>;
  master_id: string;
  owner_user_id: string;
  email: string;
  created_at: CreatedAt;
}

export interface CommentsTable {
  id: Generated<string>;
  track_id: string;
  user_id: string;
  text: string;
  timestamp_s: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface RatingsTable {
  id: Generated<string>;
  track_id: string;
  user_id: string;
  rating: number;
  comment: Generated<string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** The owner's comment digest per track (sql/0030): when the last went out and which comments it covered. */
export interface CommentDigestsTable {
  track_id: string;
  last_sent_at: Timestamp;
  covered_until: Timestamp;
}

export interface CommentDigestOptoutsTable {
  user_id: string;
  created_at: CreatedAt;
}

/** The blog's content service (sql/0031). */
export interface BlogCategoriesTable {
  id: Generated<number>;
  slug: string;
  name_en: string;
  name_de: string;
  sort_order: Generated<number>;
}

export interface BlogImagesTable {
  id: Generated<string>;
  original_name: string;
  sizes: Json<{ size: string; width: number; height: number }[]>;
  created_at: CreatedAt;
}

export interface BlogPostsTable {
  id: Generated<string>;
  slug: string;
  category_id: number | null;
  author: string;
  cover_image_id: string | null;
  featured: Generated<boolean>;
  published_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface BlogPostTextsTable {
  post_id: string;
  locale: 'en' | 'de';
  title: string;
  abstract: string;
  body_markdown: string;
  body_html: string;
  updated_at: Timestamp;
}

/** Home page demos (sql/0032): mastered masters an operator chose. */
export interface DemosTable {
  master_id: string;
  sort_order: Generated<number>;
  created_at: CreatedAt;
}

export interface FaqsTable {
  id: Generated<number>;
  locale: 'en' | 'de';
  question: string;
  answer: string;
  sort_order: Generated<number>;
}

export interface CouponsTable {
  id: Generated<number>;
  key: string;
  type: 'percent' | 'amount' | 'free';
  value: number;
  max_uses: number | null;
  per_user_limit: number | null;
  expires_at: Timestamp | null;
  used_count: Generated<number>;
  created_at: CreatedAt;
}

export interface PaymentsTable {
  id: Generated<string>;
  user_id: string | null;
  master_id: string | null;
  buying_option: number;
  idempotency_key: string;
  gateway: 'local' | 'braintree' | 'none';
  transaction_id: string | null;
  amount_cents: number;
  currency: 'USD' | 'EUR';
  status: 'pending' | 'settled' | 'declined' | 'failed';
  payment_method: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  coupon_id: number | null;
  quote: Json<unknown> | null;
  failure_message: string | null;
  /** 0 a master's option, 1 a distribution subscription period (sql/0021), 2 an album's masters (sql/0285). */
  product_type: Generated<number>;
  subscription_id: string | null;
  /** The album bought (product type 2); its masters are the quote's lines. */
  album_id: string | null;
}

export interface InvoiceCounterTable {
  id: Generated<boolean>;
  last_number: Int8;
}

export interface InvoicesTable extends PostalAddressColumns {
  invoice_number: Int8;
  user_id: string | null;
  master_id: string | null;
  payment_id: string | null;
  first_name: string;
  last_name: string;
  coupon_key: string | null;
  coupon_type: string | null;
  coupon_amount: number | null;
  coupon_currency: string | null;
  currency: 'USD' | 'EUR';
  price_cents: number;
  coupon_value_cents: Generated<number>;
  vat_rate: ColumnType<string | number, number | string | undefined, number | string>;
  vat_cents: Generated<number>;
  total_cents: number;
  reverse_charge: Generated<boolean>;
  product: string;
  product_type: Generated<number>;
  buying_option: number;
  payment_method: string;
  transaction_id: string | null;
  retain_until: ColumnType<Date | string, Date | string, Date | string>;
  created_at: CreatedAt;
  seller: ColumnType<unknown, string | undefined, string>;
  /** The VIES answer the VAT treatment relied on (sql/0170), null without VIES or without a VAT id. */
  vat_check: ColumnType<unknown, string | null | undefined, string | null>;
  /** The language the invoice is issued in (sql/0171). */
  locale: Generated<'en' | 'de'>;
}

/** What each track of an album's invoice sold (sql/0285), as issued. */
export interface InvoiceLinesTable {
  invoice_number: Int8;
  position: number;
  master_id: string | null;
  product: string;
  buying_option: number;
  upgrade_from: number;
  price_cents: number;
}

/** VIES answers per VAT id (sql/0170): the latest definite one. */
export interface VatIdChecksTable {
  country: string;
  vat_number: string;
  valid: boolean;
  consultation_number: string | null;
  request_date: string;
  trader_name: string | null;
  trader_address: string | null;
  checked_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Fixed-window abuse-limit counters (sql/0004); `bucket` holds a hash, never an address or IP. */
export interface RateLimitCountersTable {
  bucket: string;
  window_start: Date;
  hits: Generated<number>;
  expires_at: Date;
}

/** Secrets all web processes share when the environment sets none (sql/0085). */
export interface SharedSecretsTable {
  name: 'jwt';
  value: string;
  created_at: CreatedAt;
}

/** The local gateway's vault (sql/0020). */
export interface LocalVaultMethodsTable {
  token: string;
  customer_id: string;
  payment_method: string;
  description: string;
  source_nonce: string;
  subscription_ref: string | null;
  created_at: CreatedAt;
}

/** sql/0065: the local gateway's ledger, found again by order id as Braintree's transactions are. */
export interface LocalGatewaySalesTable {
  transaction_id: string;
  order_id: string;
  customer_id: string;
  amount_cents: number;
  currency: string;
  payment_method: string;
  created_at: CreatedAt;
}

export type DistributionSubscriptionStatus = 'active' | 'past_due' | 'canceled' | 'ended';

/** sql/0021 */
export interface DistributionSubscriptionsTable {
  id: Generated<string>;
  user_id: string;
  plan_id: string;
  gateway: 'local' | 'braintree';
  gateway_ref: string;
  payment_method_token: string;
  status: DistributionSubscriptionStatus;
  price_cents: number;
  currency: 'USD' | 'EUR';
  billing_frequency_months: number;
  period_number: Generated<number>;
  current_period_start: Timestamp;
  current_period_end: Timestamp;
  grace_until: Timestamp | null;
  next_retry_at: Timestamp | null;
  failed_renewals: Generated<number>;
  last_failure: string | null;
  canceled_at: Timestamp | null;
  ended_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** The local distribution provider's records (sql/0022); bigint ids come back as strings or numbers. */
export interface DistributionUsersTable {
  id: ColumnType<string | number, never, never>;
  user_id: string;
  created_at: CreatedAt;
}
interface DistributionOwned {
  id: ColumnType<string | number, never, never>;
  distribution_user_id: Int8;
  name: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}
export interface DistributionArtistsTable extends DistributionOwned {
  country: string;
}
export interface DistributionParticipantsTable extends DistributionOwned {
  email: string;
}
export type DistributionLabelsTable = DistributionOwned;

/** Reference data (sql/0023). */
export interface DistributionOutletsTable {
  store_id: number;
  store_name: string;
  sort_order: number;
  enabled: Generated<boolean>;
}
export interface DistributionChildStoresTable {
  id: ColumnType<number, never, never>;
  store_id: number;
  name: string;
  sort_order: number;
}
export interface DistributionGenresTable {
  genre_id: number;
  name: string;
}
export interface DistributionLanguagesTable {
  code: string;
  name: string;
}
export interface DistributionRolesTable {
  role_id: number;
  name: string;
}

/** Releases of the local provider (sql/0050). */
export type AlbumState = 'draft' | 'delivering' | 'delivered';
export interface DistributionAlbumsTable {
  id: ColumnType<string | number, never, never>;
  distribution_user_id: Int8;
  name: Generated<string>;
  label_id: Int8;
  artist_id: Int8;
  product_type: Generated<'album' | 'single' | 'ep'>;
  product_format: Generated<'stereo'>;
  product_code_type: Generated<'ean' | 'upc'>;
  code_auto_generate: Generated<boolean>;
  product_code: string | null;
  /** date: read as a Date at UTC midnight by pg, as text by PGlite; the repository casts to text. */
  original_release_date: ColumnType<string, string | undefined, string>;
  global_release_date: ColumnType<string | null, string | null | undefined, string | null>;
  state: Generated<AlbumState>;
  disapprove_message: string | null;
  cover: Json<unknown> | null;
  visited: ColumnType<unknown, string | undefined, string>;
  delivered_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}
export interface DistributionTracksTable {
  id: ColumnType<string | number, never, never>;
  distribution_user_id: Int8;
  album_id: Int8;
  master_id: string | null;
  is_custom_master: Generated<boolean>;
  position: number;
  name: string;
  genre_ids: ColumnType<unknown, string | undefined, string>;
  language: string | null;
  featured_artist_ids: ColumnType<unknown, string | undefined, string>;
  isrc: string | null;
  isrc_assigned: Generated<boolean>;
  iswc: string | null;
  explicit: Generated<number>;
  lyrics: string | null;
  participants: Json<unknown>;
  audio_key: string;
  audio_sha256: string;
  audio_bytes: Int8;
  audio_facts: Json<unknown>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}
export interface DistributionAlbumOutletsTable {
  album_id: Int8;
  store_id: number;
  release_start_date: ColumnType<string | null, string | null | undefined, string | null>;
  status_code: Generated<number>;
  reason: string | null;
  updated_at: Timestamp;
}
export type ReleaseDeliveryState = 'queued' | 'uploaded' | 'acknowledged' | 'live' | 'rejected' | 'unreadable' | 'taken_down';
export interface ReleaseDeliveriesTable {
  id: ColumnType<string | number, never, never>;
  album_id: Int8;
  store_id: number;
  kind: 'new' | 'update' | 'takedown';
  message_id: string;
  state: ColumnType<ReleaseDeliveryState, ReleaseDeliveryState | undefined, ReleaseDeliveryState>;
  uploaded_files: ColumnType<Record<string, { sha256: string; bytes: number }>, string | undefined, string>;
  reason: string | null;
  store_text: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}
export interface ReleaseAcknowledgementsTable {
  id: ColumnType<string | number, never, never>;
  source: string;
  file_name: string;
  delivery_id: Int8 | null;
  readable: boolean;
  status: string | null;
  body: string;
  received_at: CreatedAt;
}
export interface DistributionRecordingsTable {
  isrc: string;
  distribution_user_id: Int8;
  master_id: string | null;
  created_at: CreatedAt;
}
export interface DistributionCodeSequencesTable {
  name: string;
  last_value: Generated<number>;
}
/** The durable job queue (sql/0080). */
export interface JobsTable {
  id: ColumnType<string | number, never, never>;
  kind: string;
  payload: Json<unknown>;
  user_id: string | null;
  priority: Generated<number>;
  idempotency_key: string | null;
  state: Generated<'queued' | 'running' | 'done' | 'failed'>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  backoff_ms: Generated<number>;
  run_after: Timestamp;
  lease_token: string | null;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  finished_at: Timestamp | null;
}

/** Royalties (sql/0067): statements, their lines, the ledger split by payout shares, payouts. */
export interface RoyaltyStatementsTable {
  id: ColumnType<string | number, never, never>;
  store: string;
  period: string;
  file_sha256: string;
  rates: Json<Record<string, string>>;
  currency: Generated<string>;
  line_count: number;
  matched_count: number;
  total_minor: Int8;
  imported_at: CreatedAt;
}
export interface RoyaltyLinesTable {
  id: ColumnType<string | number, never, never>;
  statement_id: Int8;
  line_no: number;
  isrc: string | null;
  upc: string | null;
  territory: string;
  usage_type: string;
  quantity: Int8;
  net_revenue: string;
  net_currency: string;
  amount_minor: Int8;
  distribution_user_id: Int8 | null;
  album_id: Int8 | null;
  track_id: Int8 | null;
}
export interface RoyaltyPayoutsTable {
  id: ColumnType<string | number, never, never>;
  run_id: string;
  participant_id: Int8 | null;
  distribution_user_id: Int8 | null;
  email: string;
  amount_minor: Int8;
  currency: Generated<string>;
  provider: string;
  provider_reference: string | null;
  created_at: CreatedAt;
  status: Generated<'pending' | 'submitted' | 'confirmed' | 'returned'>;
  fee_minor: ColumnType<string | number, number | string | undefined, number | string>;
  provider_item_id: string | null;
  provider_status: string | null;
  failure_reason: string | null;
  settled_at: Timestamp | null;
  notified_at: Timestamp | null;
}
export interface RoyaltyLedgerTable {
  id: ColumnType<string | number, never, never>;
  line_id: Int8 | null;
  track_id: Int8 | null;
  participant_id: Int8;
  distribution_user_id: Int8;
  share_hundredths: number;
  amount_minor: Int8;
  payout_id: Int8 | null;
  created_at: CreatedAt;
  kind: Generated<'earning' | 'adjustment' | 'hold' | 'release' | 'returned'>;
  reason: string | null;
  returned_payout_id: Int8 | null;
  released_hold_id: Int8 | null;
}
export interface PayoutAddressConfirmationsTable {
  id: ColumnType<string | number, never, never>;
  participant_id: Int8;
  email: string;
  token_sha256: string;
  requested_at: Timestamp;
  confirmed_at: Timestamp | null;
}
export interface DistributionFeedbackTable {
  id: ColumnType<string | number, never, never>;
  user_id: string;
  sound_rating: number;
  overall_rating: number;
  comment: Generated<string>;
  page: string;
  include_song_data: Generated<boolean>;
  song_data: Json<unknown> | null;
  created_at: CreatedAt;
}

export interface DB {
  vat_id_checks: VatIdChecksTable;
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  email_tokens: EmailTokensTable;
  addresses: AddressesTable;
  style_groups: StyleGroupsTable;
  styles: StylesTable;
  tracks: TracksTable;
  masters: MastersTable;
  mastering_albums: MasteringAlbumsTable;
  mastering_album_tracks: MasteringAlbumTracksTable;
  reference_tracks: ReferenceTracksTable;
  shares: SharesTable;
  comments: CommentsTable;
  ratings: RatingsTable;
  comment_digests: CommentDigestsTable;
  comment_digest_optouts: CommentDigestOptoutsTable;
  blog_categories: BlogCategoriesTable;
  blog_images: BlogImagesTable;
  blog_posts: BlogPostsTable;
  blog_post_texts: BlogPostTextsTable;
  demos: DemosTable;
  faqs: FaqsTable;
  coupons: CouponsTable;
  payments: PaymentsTable;
  invoice_counter: InvoiceCounterTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  rate_limit_counters: RateLimitCountersTable;
  shared_secrets: SharedSecretsTable;
  local_vault_methods: LocalVaultMethodsTable;
  local_gateway_sales: LocalGatewaySalesTable;
  distribution_subscriptions: DistributionSubscriptionsTable;
  distribution_users: DistributionUsersTable;
  distribution_artists: DistributionArtistsTable;
  distribution_participants: DistributionParticipantsTable;
  distribution_labels: DistributionLabelsTable;
  distribution_outlets: DistributionOutletsTable;
  distribution_child_stores: DistributionChildStoresTable;
  distribution_genres: DistributionGenresTable;
  distribution_languages: DistributionLanguagesTable;
  distribution_roles: DistributionRolesTable;
  distribution_albums: DistributionAlbumsTable;
  distribution_tracks: DistributionTracksTable;
  distribution_album_outlets: DistributionAlbumOutletsTable;
  distribution_code_sequences: DistributionCodeSequencesTable;
  release_deliveries: ReleaseDeliveriesTable;
  distribution_recordings: DistributionRecordingsTable;
  release_acknowledgements: ReleaseAcknowledgementsTable;
  royalty_statements: RoyaltyStatementsTable;
  royalty_lines: RoyaltyLinesTable;
  royalty_payouts: RoyaltyPayoutsTable;
  royalty_ledger: RoyaltyLedgerTable;
  payout_address_confirmations: PayoutAddressConfirmationsTable;
  distribution_feedback: DistributionFeedbackTable;
  jobs: JobsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
