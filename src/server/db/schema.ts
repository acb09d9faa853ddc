import { and, eq, sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  jsonb,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import type { AdStatus, ReportReason } from '../../shared/moderation.js';
import type { TranscriptSegment } from '../../shared/transcripts.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

// --- Accounts: the tables better-auth works on (camelCase keys are its field names). ---

export const users = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  // Sign-up data; a trigger copies it into the profile row in the same transaction (migration 0003).
  firstName: text('first_name'),
  lastName: text('last_name'),
  companyName: text('company_name'),
  ...timestamps,
  // Moderators (decision 44): granted by `npm run admin:grant`; ADMIN_EMAILS names more without a row.
  isAdmin: boolean('is_admin').notNull().default(false),
  // Set while a moderator has suspended the account: sign-in is refused and its ads are hidden.
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  // The advertiser's IANA time zone (from the browser at sign-up, changed in Settings): the weekly report
  // goes out on Monday 08:00 there, and its weeks are that zone's.
  timeZone: text('time_zone').notNull().default('UTC'),
  // The weekly report e-mail; turned off in Settings or by the signed unsubscribe link.
  weeklyReport: boolean('weekly_report').notNull().default(true),
});

export const sessions = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/** better-auth's rate limiter, in the database so every app process shares it. */
export const rateLimits = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * Recent failed sign-ins, counted per client network, per account and per pair of the two; each
 * count sets a growing wait (see login-throttle.ts). Keys hold an address stand-in, never an address.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
});

// --- The product's entities (spec section 3). ---

export const profiles = pgTable('profiles', {
  id: text('id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  firstName: text('first_name'),
  lastName: text('last_name'),
  companyName: text('company_name'),
  website: text('website'),
  phone: text('phone'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ads = pgTable(
  'ads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    businessName: text('business_name').notNull(),
    description: text('description'),
    category: text('category').notNull(),
    location: text('location'),
    websiteUrl: text('website_url'),
    phone: text('phone'),
    audioUrl: text('audio_url').notNull(),
    logoUrl: text('logo_url'),
    audioDurationMs: integer('audio_duration_ms'),
    waveformPeaks: real('waveform_peaks').array(),
    audioSize: integer('audio_size'),
    audioType: text('audio_type'),
    // 'published' (public), 'draft', or hidden by moderation (decision 44): 'held' (reported by many listeners,
    // pending review), 'taken_down' (by a moderator) or 'suspended' (its owner is).
    status: text('status').$type<AdStatus>().notNull().default('published'),
    isActive: boolean('is_active').notNull().default(true),
    isFeatured: boolean('is_featured').notNull().default(false),
    ...timestamps,
    // What is said in the ad (the advertiser's script or an automatic transcription), and its timed lines.
    transcript: text('transcript'),
    transcriptSegments: jsonb('transcript_segments').$type<TranscriptSegment[]>(),
    // When the owner last set the transcript; null when they never did or it is an automatic one.
    transcriptEditedAt: timestamp('transcript_edited_at', { withTimezone: true }),
    // Title and business weigh most, then what kind, where and the phone number (a listener may remember
    // it; ad_phone_words adds its digits as typed together, migration 0016), then the description, then
    // the transcript (phone_words_in adds the digits of the numbers they say, migration 0017).
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '') || ' ' || coalesce(business_name, '')), 'A') || setweight(to_tsvector('english', coalesce(category, '') || ' ' || coalesce(location, '') || ' ' || ad_phone_words(phone)), 'B') || setweight(to_tsvector('english', coalesce(description, '') || ' ' || phone_words_in(description)), 'C') || setweight(to_tsvector('english', coalesce(transcript, '') || ' ' || phone_words_in(transcript)), 'D')`,
    ),
    // The same without the transcript: small enough to stay in the row, so ranking and suggestions
    // read it instead of the (out-of-line) full vector.
    searchHead: tsvector('search_head').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '') || ' ' || coalesce(business_name, '')), 'A') || setweight(to_tsvector('english', coalesce(category, '') || ' ' || coalesce(location, '') || ' ' || ad_phone_words(phone)), 'B') || setweight(to_tsvector('english', coalesce(description, '') || ' ' || phone_words_in(description)), 'C')`,
    ),
  },
  (t) => [
    index('ads_search_vector_idx').using('gin', t.searchVector),
    index('ads_search_head_idx').using('gin', t.searchHead),
    // The public listing: visible ads, newest first (id breaks ties, so pages are stable). NULLS FIRST
    // matches ORDER BY ... DESC, so the planner can walk these indexes instead of sorting.
    index('ads_visible_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`status = 'published' AND is_active`),
    index('ads_visible_category_newest_idx')
      .on(t.category, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`status = 'published' AND is_active`),
    index('ads_user_id_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    check('ads_status_check', sql`status IN ('published', 'draft', 'held', 'taken_down', 'suspended')`),
    check(
      'ads_category_check',
      sql`category IN ('Automotive', 'Finance', 'Food & Dining', 'Healthcare', 'Real Estate', 'Retail', 'Services', 'Technology', 'Travel', 'Other')`,
    ),
  ],
);

/**
 * The public condition of an ad: published and active. Every public read (the directory, the ad page,
 * suggestions, the sitemap, identification by sound) uses this one condition.
 */
export const adIsPublic = and(eq(ads.status, 'published'), eq(ads.isActive, true))!;

/**
 * The visible ads only, narrow, for the directory's exact counts: kept in step with `ads` by a trigger
 * (migration 0013). Each row is ~100 bytes: the vector (a copy of the ad's full one) is always moved out
 * of the row (STORAGE EXTERNAL, `toast_tuple_target` 128), so a count through the GIN index visits one
 * page per ~65 ads, where the same count on `ads` (4 rows a page) visits one per match. `spill`, a
 * constant that compresses to a few bytes, makes every row pass the ~2 kB at which PostgreSQL starts
 * moving values out at all.
 */
export const adSearch = pgTable(
  'ad_search',
  {
    adId: uuid('ad_id')
      .primaryKey()
      .references(() => ads.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    location: text('location'),
    isFeatured: boolean('is_featured').notNull(),
    searchVector: tsvector('search_vector').notNull(),
    spill: text('spill').generatedAlwaysAs(sql`repeat(' ', 2100)`),
  },
  (t) => [
    index('ad_search_vector_idx').using('gin', t.searchVector),
    // Counts by category (and location) without a search, index-only.
    index('ad_search_category_idx').on(t.category, t.location),
  ],
);

/**
 * Every lexeme the narrow search table holds (migration 0019, decision 37), kept by a trigger on `ad_search`
 * and never pruned, like `search_words`. `whole_words(tsquery)` asks for an unfinished word ('bakeri':*)
 * as the few whole lexemes that begin so: GIN must read every posting of a prefix before it can combine it
 * with the other words, but it skips through exact lexemes from the rarest. Byte order (COLLATE "C") makes
 * the lexemes that begin with a prefix one range of the key.
 */
export const searchLexemes = pgTable('search_lexemes', {
  lexeme: text('lexeme').primaryKey(),
});

/**
 * Landmarks of an ad's audio (see src/shared/fingerprint): the unsigned 32-bit hash stored with the same
 * bits as a signed int4, and its frame. No key: rows are only ever found by hash or replaced by ad.
 */
export const adFingerprints = pgTable(
  'ad_fingerprints',
  {
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    hash: integer('hash').notNull(),
    t: integer('t').notNull(),
  },
  (t) => [
    // INCLUDE (ad_id, t) in the migration: a query's hashes are answered by an index-only scan.
    index('ad_fingerprints_hash_idx').on(t.hash),
    index('ad_fingerprints_ad_id_idx').on(t.adId),
  ],
);

/** Which audio file and landmark version an ad's landmarks come from; the backfill indexes the rest. */
export const adFingerprintSets = pgTable('ad_fingerprint_sets', {
  adId: uuid('ad_id')
    .primaryKey()
    .references(() => ads.id, { onDelete: 'cascade' }),
  audioUrl: text('audio_url').notNull(),
  version: integer('version').notNull(),
  landmarks: integer('landmarks').notNull(),
  indexedAt: timestamp('indexed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every word of the ads' searchable text (lowercase, unstemmed), kept by a trigger on ads: the
 * vocabulary 'Did you mean ...?' picks from by trigram similarity. Words of deleted ads stay (a
 * suggestion is only offered when it finds ads).
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
  // Words that sound alike (Double Metaphone, fuzzystrmatch): 'breaks' for brakes, 'tyre' for tire.
  index('search_words_sound_idx').using('btree', sql`dmetaphone(${t.word})`),
]);

/**
 * The automatic transcription of each ad's current audio, as its owner sees it (one row per ad; a replaced
 * audio starts it over). The work itself is a job of the job runner's `transcription` queue (decision 38).
 */
export const transcriptionJobs = pgTable(
  'transcription_jobs',
  {
    adId: uuid('ad_id')
      .primaryKey()
      .references(() => ads.id, { onDelete: 'cascade' }),
    audioUrl: text('audio_url').notNull(),
    status: text('status').$type<'pending' | 'running' | 'done' | 'failed' | 'kept'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  () => [check('transcription_jobs_status_check', sql`status IN ('pending', 'running', 'done', 'failed', 'kept')`)],
);

/**
 * Raw counted events: only what passed the counting rules of /about/measurement; never an IP address.
 * `ad_id` has no foreign key: its check, a trigger per inserted row, was a large part of PostgreSQL's cost
 * of an event. The batch statement locks its ads instead (once per batch), and a trigger on `ads` deletes
 * a deleted ad's events (migration 0014, decision 32).
 */
export const analytics = pgTable(
  'analytics',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adId: uuid('ad_id').notNull(),
    eventType: text('event_type').notNull(),
    referrer: text('referrer'),
    userAgent: text('user_agent'),
    source: text('source').notNull().default('direct'),
    device: text('device').notNull().default('desktop'),
    listenerKey: text('listener_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('analytics_ad_created_idx').on(t.adId, t.createdAt),
    check('analytics_event_type_check', sql`event_type IN ('play', 'click', 'share', 'qr_scan')`),
  ],
);

/**
 * Daily roll-up of the counted events, written in the same statement as the raw rows so the two
 * always agree. `listeners` counts first plays of a listener code (which is per ad and per day).
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    eventType: text('event_type').notNull(),
    source: text('source').notNull(),
    device: text('device').notNull(),
    events: integer('events').notNull(),
    listeners: integer('listeners').notNull(),
  },
  (t) => [primaryKey({ columns: [t.adId, t.day, t.eventType, t.source, t.device] })],
);

/**
 * The last counted event per listener code and kind: the dedupe windows live in the database, so they
 * hold across app processes. The row carries the event itself, so that counting a batch is one statement
 * that returns what passed. Rows are useless once their day is over and are pruned.
 */
export const analyticsDedupe = pgTable(
  'analytics_dedupe',
  {
    listenerKey: text('listener_key').notNull(),
    kind: text('kind').notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull(),
    countedUntil: timestamp('counted_until', { withTimezone: true }).notNull(),
    adId: uuid('ad_id').notNull(),
    eventType: text('event_type').notNull(),
    referrer: text('referrer'),
    userAgent: text('user_agent'),
    source: text('source').notNull(),
    device: text('device').notNull(),
    /** The address (network) and ad of the listener code, hashed with the day's salt: the listener cap's key. */
    addressKey: text('address_key'),
  },
  (t) => [
    primaryKey({ columns: [t.listenerKey, t.kind] }),
    index('analytics_dedupe_counted_at_idx').on(t.countedAt),
    index('analytics_dedupe_address_key_idx').on(t.addressKey),
  ],
);

/** The day's random salt of the listener code, shared by every process; deleted once the day is over. */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
});

export const subscriptionPlans = pgTable('subscription_plans', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  adLimit: integer('ad_limit').notNull(),
  featuredAdLimit: integer('featured_ad_limit').notNull(),
  analyticsEnabled: boolean('analytics_enabled').notNull(),
  prioritySupport: boolean('priority_support').notNull(),
  priceMonthly: integer('price_monthly').notNull(),
  priceYearly: integer('price_yearly').notNull(),
  /** What the plan gives beyond its limits, each a thing the product does; rewritten from PLAN_SEED at start. */
  features: jsonb('features').$type<string[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's plan; no row means the Free plan. */
export const userSubscriptions = pgTable('user_subscriptions', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  planId: uuid('plan_id')
    .notNull()
    .references(() => subscriptionPlans.id),
  subscriptionEnd: timestamp('subscription_end', { withTimezone: true }),
  ...timestamps,
});

/**
 * A user's Stripe customer (created by the app, so a customer names exactly one user) and the last state of
 * their subscription as the webhooks brought it (decision 46).
 */
export const billingAccounts = pgTable('billing_accounts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  customerId: text('customer_id').notNull().unique(),
  subscriptionId: text('subscription_id'),
  status: text('status'),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  ...timestamps,
});

/** Stripe events already applied, by id: a replay is answered 200 and changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const usageTracking = pgTable(
  'usage_tracking',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: smallint('month').notNull(),
    year: integer('year').notNull(),
    adsCreated: integer('ads_created').notNull().default(0),
    featuredAdsUsed: integer('featured_ads_used').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('usage_tracking_user_month_idx').on(t.userId, t.year, t.month)],
);

/**
 * Partner API keys. Only a SHA-256 hash of each key is kept (the key itself is shown once, at
 * creation); the prefix lets its owner tell keys apart. A revoked key is deleted.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_user_id_idx').on(t.userId, t.createdAt)],
);

/**
 * Idempotency-Key of the public API's POSTs, per owner, kept 24 hours: the request's fingerprint and, once
 * it is answered, the answer to replay. status is null while the first request runs.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: smallint('status'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_at_idx').on(t.createdAt)],
);

/** Messages from the contact form; delivered_at stays empty until the e-mail went out. */
export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  company: text('company'),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
});

// --- Trust and safety (migration 0022, decision 44). ---

/**
 * Listeners' reports of an ad. The reporter is the listener code (listener.ts: per ad and UTC day, no
 * address); one open report per code and ad, so repeating one adds nothing. A moderator's decision closes
 * the ad's open reports (resolved_at).
 */
export const adReports = pgTable(
  'ad_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<ReportReason>().notNull(),
    details: text('details'),
    listenerKey: text('listener_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('ad_reports_open_listener_idx')
      .on(t.adId, t.listenerKey)
      .where(sql`resolved_at IS NULL`),
    index('ad_reports_open_idx')
      .on(t.adId, t.createdAt)
      .where(sql`resolved_at IS NULL`),
    check('ad_reports_reason_check', sql`reason IN ('misleading', 'offensive', 'scam', 'copyright', 'other')`),
  ],
);

/**
 * The last moderation decision on an ad that hid it, as its owner sees it (the notice), and the owner's one
 * request for review of that decision, which puts the ad back in the moderators' queue.
 */
export const adModeration = pgTable('ad_moderation', {
  adId: uuid('ad_id')
    .primaryKey()
    .references(() => ads.id, { onDelete: 'cascade' }),
  notice: text('notice').notNull(),
  decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
  reviewRequestedAt: timestamp('review_requested_at', { withTimezone: true }),
  reviewMessage: text('review_message'),
});

/**
 * Every moderation action, append-only: triggers refuse UPDATE, DELETE and TRUNCATE (migration 0022). No
 * foreign keys, so that deleting an ad or an account leaves its record. A null actor is the automatic hold.
 */
export const moderationAudit = pgTable('moderation_audit', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  actorId: text('actor_id'),
  actorEmail: text('actor_email'),
  action: text('action').notNull(),
  targetType: text('target_type').$type<'ad' | 'user'>().notNull(),
  targetId: text('target_id').notNull(),
  reason: text('reason').notNull(),
  before: jsonb('before').notNull(),
  after: jsonb('after').notNull(),
});

/**
 * Radio stations a partner registers (issue 37). The call sign is the public address (/station/{callsign}),
 * kept upper case. A station with a stream URL is watched by one monitor at a time on the job runner;
 * monitor_status and offline_since tell listeners and the partner honestly when the stream was not heard.
 */
export const stations = pgTable(
  'stations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    callSign: text('call_sign').notNull().unique(),
    name: text('name').notNull(),
    frequency: text('frequency'),
    city: text('city'),
    timeZone: text('time_zone').notNull(),
    logoUrl: text('logo_url'),
    streamUrl: text('stream_url'),
    // 'idle' (no stream, or not yet watched), 'live' (being heard) or 'offline' (tried and not heard).
    monitorStatus: text('monitor_status').$type<'idle' | 'live' | 'offline'>().notNull().default('idle'),
    offlineSince: timestamp('offline_since', { withTimezone: true }),
    lastHeardAt: timestamp('last_heard_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('stations_user_id_idx').on(t.userId, t.createdAt),
    check('stations_call_sign_check', sql`call_sign ~ '^[A-Z0-9-]{2,12}$'`),
    check('stations_monitor_status_check', sql`monitor_status IN ('idle', 'live', 'offline')`),
  ],
);

/**
 * One airing of an ad on a station: detected by the station's monitor (with a confidence) or reported by the
 * station (as-run log, idempotent by the station's own spot id). A spot heard only in part is marked partial.
 */
export const airings = pgTable(
  'airings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    heardMs: integer('heard_ms').notNull(),
    partial: boolean('partial').notNull().default(false),
    source: text('source').$type<'detected' | 'reported'>().notNull(),
    confidence: real('confidence'),
    spotId: text('spot_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('airings_station_started_idx').on(t.stationId, t.startedAt.desc()),
    index('airings_ad_started_idx').on(t.adId, t.startedAt.desc()),
    uniqueIndex('airings_station_spot_idx')
      .on(t.stationId, t.spotId)
      .where(sql`spot_id IS NOT NULL`),
    check('airings_source_check', sql`source IN ('detected', 'reported')`),
  ],
);

/**
 * One weekly report per person and ISO week (the week the report is sent in, in the person's zone). The row
 * is the claim every process and retry checks: 'sending' while one sends it (taken over when its claim is
 * old: its process died), 'sent' once the mail server has it.
 */
export const reportSends = pgTable(
  'report_sends',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    week: text('week').notNull(),
    state: text('state').$type<'sending' | 'sent'>().notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.week] }),
    check('report_sends_state_check', sql`state IN ('sending', 'sent')`),
  ],
);

/**
 * A read-only public link to one ad's figures: only the SHA-256 of its token is kept, so a leaked table
 * opens nothing. One link per ad; revoking deletes the row, and the link is gone at once.
 */
export const statsShareLinks = pgTable('stats_share_links', {
  adId: uuid('ad_id')
    .primaryKey()
    .references(() => ads.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const schema = {
  reportSends,
  statsShareLinks,
  stations,
  airings,
  adReports,
  adModeration,
  moderationAudit,
  apiKeys,
  contactMessages,
  users,
  rateLimits,
  loginThrottle,
  sessions,
  accounts,
  verifications,
  profiles,
  ads,
  adFingerprints,
  adFingerprintSets,
  searchWords,
  searchLexemes,
  transcriptionJobs,
  analytics,
  analyticsDaily,
  analyticsDedupe,
  analyticsSalts,
  subscriptionPlans,
  userSubscriptions,
  usageTracking,
};

/**
 * Outgoing webhooks (decision 51): a partner's endpoints, each with the events it wants and the secret its
 * deliveries are signed with (Standard Webhooks). `failing_since` is set by the first failed delivery after
 * a success and cleared by the next success; an endpoint failing for three days is disabled (`disabled_at`).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_user_id_idx').on(t.userId, t.createdAt)],
);

/**
 * The delivery log: one row per attempt to deliver a message to an endpoint. `msg_id` is the webhook-id every
 * attempt of one message carries (a resend too, so receivers can drop what they already have); the payload is
 * kept so a resend sends the same body. `next_attempt_at` says when the retry after this attempt is due.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    msgId: text('msg_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    attempt: integer('attempt').notNull().default(0),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    responseExcerpt: text('response_excerpt'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  },
  (t) => [index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt)],
);
