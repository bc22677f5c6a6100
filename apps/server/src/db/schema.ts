import type { Generated, Selectable } from 'kysely';
import type { AddressesTables } from './tables/addresses.js';
import type { ConsoleTables } from './tables/console.js';
import type { OrdersTables } from './tables/orders.js';
import type { PromotionsTables } from './tables/promotions.js';
import type { ShippingTables } from './tables/shipping.js';
import type { SiteTables } from './tables/site.js';

/** Table types. Booleans are 0/1 integers and timestamps ISO-8601 text, the same on both dialects. */

export interface StoresTable {
  id: Generated<number>;
  slug: string;
  name: string;
  region: 'AU' | 'UK';
  state: string;
  address: string;
  suburb: string;
  postcode: string;
  phone: string;
  email: string;
  /** JSON: [{ Day, Hours }] */
  opening_hours: string;
  business_number: string;
  /** JSON: string[] */
  dealer_licences: string;
  pickup_disabled: number;
  latitude: number;
  longitude: number;
  /** The legal entity trading as this store (on its tax invoices). */
  entity_name: Generated<string>;
  /** 1 when registered for GST (AU) or VAT (UK): only then does it issue tax invoices. */
  tax_registered: Generated<number>;
  /** UK VAT registration number ('' in AU, where business_number is the ABN). */
  vat_number: Generated<string>;
}

export interface CategoriesTable {
  id: Generated<number>;
  parent_id: number | null;
  slug: string;
  name: string;
  /** Space-separated words shoppers use for items of this category. */
  keywords: string;
  /** Slugs from the root, joined with '/'. */
  path: string;
  depth: number;
  icon: string;
  position: number;
}

export interface ProductsTable {
  id: Generated<number>;
  code: string;
  slug: string;
  title: string;
  description: string;
  brand: string;
  category_id: number;
  condition: number;
  rrp_minor: number;
  price_minor: number;
  promo_method: 'Percentage' | 'Value' | null;
  promo_amount: number | null;
  promo_code: string | null;
  store_id: number;
  image_count: number;
  colour: string | null;
  storage: string | null;
  /** JSON: [{ Name, Value }] specifications */
  attributes: string;
  weight_grams: number;
  length_cm: number;
  width_cm: number;
  height_cm: number;
  disable_in_store_pickup: number;
  /** 1: can be posted; 0: pickup only (too big, heavy or fragile; migration 008). */
  postable: Generated<number>;
  has_authenticity_certificate: number;
  status: 'available' | 'reserved' | 'sold';
  /** When the price last went down (ISO-8601), and what it was before (migration 017). */
  price_reduced_at: string | null;
  price_before_reduction_minor: number | null;
  /** How the item is taxed: 'standard', 'gst_free' (e.g. bullion) or 'margin' (UK margin scheme). Migration 015. */
  tax_treatment: Generated<'standard' | 'gst_free' | 'margin'>;
  listed_at: string;
  updated_at: string;
  /** When its store took it off sale (migration 021); such an item's status is 'sold'. */
  withdrawn_at: Generated<string | null>;
  /** Product-page views (seeded for the demo); orders the popular-items grid. */
  popularity: Generated<number>;
}

/** A change feed that lets every server instance bring its search index up to date. */
interface ProductChangesTable {
  seq: Generated<number>;
  /** null means "many products changed; rebuild". */
  product_id: number | null;
  changed_at: string;
}

export interface ContentPagesTable {
  id: Generated<number>;
  content_type: 'StorePage' | 'ContentPage';
  slug: string;
  region: 'AU' | 'UK';
  name: string;
  display_name: string;
  description: string;
  body_html: string;
  store_id: number | null;
}

/** A slide of a banner carousel (account.md section 2.7). */
export interface BannersTable {
  id: Generated<number>;
  region: 'AU' | 'UK';
  /** Where the carousel is shown: 'home' so far. */
  placement: string;
  position: number;
  active: number;
  title: string;
  title_size: 'Large' | 'Small';
  title_colour: string;
  /** HTML; sanitised on the way out. */
  description: string;
  description_colour: string;
  hide_text: number;
  /** JSON: { DisplayName, OnClickUrl, IsYellowStyle } */
  primary_button: string | null;
  /** JSON: { DisplayName, OnClickUrl, IsYellowStyle } */
  secondary_button: string | null;
  background_image_url: string | null;
  background_image_alt_text: string;
  banner_background_image_url: string | null;
  gradient_colour_start: string;
  gradient_colour_end: string;
  darkened_colour: string | null;
  banner_click_url: string | null;
  banner_click_target: '_self' | '_blank' | null;
}

/** Short region-specific notices such as the footer's warning about borrowing. */
export interface SiteNoticesTable {
  id: Generated<number>;
  region: 'AU' | 'UK';
  key: string;
  /** HTML; sanitised on the way out. */
  html: string;
}

export interface CaptchaChallengesTable {
  id: Generated<number>;
  /** 128-bit random, base64url. */
  token: string;
  /** sha256 of `${token}:${ANSWER}` (hex), so the answer itself is never stored. */
  answer_hash: string;
  created_at: string;
  expires_at: string;
  /** Set once by the conditional update that checks an answer, right or wrong. */
  used_at: string | null;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: string;
  sent_at: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  /** Not before this time (a retry's back-off, or a sender's lease while it sends); null: at once. */
  next_attempt_at: string | null;
  /** JSON object of extra headers (List-Unsubscribe...), or null (migration 018). */
  headers: string | null;
}

/** A shopper's question about an item. Plain ids, no foreign keys: the record outlives the item. */
export interface EnquiriesTable {
  id: Generated<number>;
  product_id: number;
  product_code: string;
  store_id: number;
  name: string;
  email: string;
  message: string;
  /** d/m/yyyy as the shopper's browser wrote it. */
  shopper_date: string;
  created_at: string;
  mail_id: number | null;
}

/** A guest's cart, held by the `cart` cookie's random token; only its SHA-256 hash is stored. */
interface CartsTable {
  id: Generated<number>;
  token_hash: string;
  created_at: string;
  updated_at: string;
  /** The customer whose cart this is; null for a guest's. */
  user_id: number | null;
}

/** An item in a cart, with what the shopper agreed to when adding it (for the change flags). */
export interface CartItemsTable {
  cart_id: number;
  product_id: number;
  added_price_minor: number;
  added_state_hash: string;
  added_at: string;
}

/** A guest's wishlist, held by a server-issued random token; only its SHA-256 hash is stored. */
export interface WishlistsTable {
  id: Generated<number>;
  token_hash: string;
  expires_at: string;
  created_at: string;
  /** The customer whose wishlist this is (it never expires); null for a guest's. */
  user_id: number | null;
  /** Wishlist alerts (migration 017): on or off, the address they go to, when the customer was welcomed. */
  alert_enabled: Generated<number>;
  alert_email: string | null;
  alert_welcomed_at: number | null;
  /** Changes after this (epoch ms) are what the next wishlist alert tells. */
  alert_since: number | null;
  /** When the guest reminder after a heart was first answered, and the alerts feature first acknowledged (migration 019). */
  alert_reminder_seen_at: number | null;
  alert_feature_seen_at: number | null;
}

/** One verification code sent (migration 017): only its keyed hash is kept. */
export interface EmailVerificationCodesTable {
  id: Generated<number>;
  email_key: string;
  user_id: number | null;
  code_hash: string;
  created_at: number;
  expires_at: number;
  wrong_attempts: Generated<number>;
  used_at: number | null;
}

/** An address a customer proved they read. */
interface VerifiedEmailsTable {
  user_id: number;
  email_key: string;
  verified_at: number;
}

export interface SavedSearchesTable {
  id: Generated<number>;
  user_id: number;
  region: 'AU' | 'UK';
  name: string;
  /** The search's query string exactly as the search page runs it (no leading '?'). */
  search_url: string;
  search_term: string;
  filters_number: number;
  /** AlertFrequency: None 0, Daily 1, Weekly 2, Monthly 3, Hourly 4. */
  frequency: number;
  email: string;
  /** Items listed or reduced after this (epoch ms) are what the next digest lists. */
  alert_since: number;
  created_at: number;
  updated_at: number;
}

export interface WishlistItemsTable {
  wishlist_id: number;
  product_id: number;
  added_at: string;
}

/** Clearpay's configured order range per region, as last read from Clearpay (migration 014). */
interface ClearpayConfigurationTable {
  region: string;
  minimum_minor: number;
  maximum_minor: number;
  fetched_at: number;
}

/** Every table. Modules added since checkout keep their table types in db/tables/<module>.ts. */
export interface Database
  extends AddressesTables,
    ShippingTables,
    PromotionsTables,
    OrdersTables,
    ConsoleTables,
    SiteTables {
  stores: StoresTable;
  categories: CategoriesTable;
  products: ProductsTable;
  product_changes: ProductChangesTable;
  content_pages: ContentPagesTable;
  banners: BannersTable;
  site_notices: SiteNoticesTable;
  captcha_challenges: CaptchaChallengesTable;
  mail_outbox: MailOutboxTable;
  enquiries: EnquiriesTable;
  carts: CartsTable;
  cart_items: CartItemsTable;
  wishlists: WishlistsTable;
  email_verification_codes: EmailVerificationCodesTable;
  verified_emails: VerifiedEmailsTable;
  saved_searches: SavedSearchesTable;
  wishlist_items: WishlistItemsTable;
  rate_limits: RateLimitsTable;
  idempotency_keys: IdempotencyKeysTable;
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  clearpay_configuration: ClearpayConfigurationTable;
}

/** A customer's account. Times are epoch milliseconds. */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  /** The address in lower case: what sign-in looks up and what is unique. */
  email_key: string;
  /** argon2id, in its PHC string form (parameters included, so old hashes can be recognised). */
  password_hash: string;
  first_name: string;
  last_name: string;
  phone_number: Generated<string>;
  /** JSON of the contract's Address, or null. */
  billing_address: string | null;
  consent: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A signed-in browser: the cookie's token is never stored, only its SHA-256. */
export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: number;
  last_seen_at: number;
  /** The absolute expiry, fixed at sign-in. */
  expires_at: number;
}

interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  sign_count: number;
  /** JSON array of AuthenticatorTransport names. */
  transports: string;
  device_type: string;
  backed_up: number;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

export interface WebauthnChallengesTable {
  id: Generated<number>;
  /** SHA-256 of the ceremony id handed to the browser. */
  ceremony_hash: string;
  purpose: 'register' | 'login';
  user_id: number | null;
  challenge: string;
  expires_at: number;
}

type JobStatus = 'queued' | 'running' | 'done' | 'failed';

/** One piece of background work (modules/jobs). Times are epoch milliseconds. */
export interface JobsTable {
  id: Generated<number>;
  type: string;
  /** JSON. */
  payload: string;
  /** Unique when set: a keyed job exists once. */
  key: string | null;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  run_at: number;
  /** The worker holding the lease while it runs. */
  locked_by: string | null;
  locked_until: number | null;
  last_error: string | null;
  created_at: number;
  finished_at: number | null;
}

/** A recurring job: its cadence (JSON), the time zone its local times are in, and when it is next due. */
export interface JobSchedulesTable {
  name: string;
  type: string;
  payload: string;
  cadence: string;
  time_zone: string;
  next_run_at: number;
}

/** One fixed window of requests per key (route and client address), shared by every instance. */
interface RateLimitsTable {
  key: string;
  /** Milliseconds since the epoch. */
  window_start: number;
  hits: number;
}

/** The first reply to a request sent with an Idempotency-Key, replayed to its repeats. */
interface IdempotencyKeysTable {
  /** SHA-256 of the route, the caller and the key. */
  key_hash: string;
  /** SHA-256 of the request body and query: the same key with another request is refused. */
  request_hash: string;
  /** null while the first request is still running. */
  status: number | null;
  response: string | null;
  created_at: string;
}

export type StoreRow = Selectable<StoresTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type ProductRow = Selectable<ProductsTable>;
export type ContentPageRow = Selectable<ContentPagesTable>;
export type BannerRow = Selectable<BannersTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;
