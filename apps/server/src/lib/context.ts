import type { Region } from '@shop/contract';
import type { Kysely } from 'kysely';
import type { DatabaseHandle, DialectName } from '../db/database.js';
import type { Database } from '../db/schema.js';

/** A database handle: the pool, or the connection of the open transaction. */
export type Executor = Kysely<Database>;

/** A shopper without an account: the tokens that hold their cart and wishlist, when they have them. */
interface GuestViewer {
  kind: 'guest';
  /** The guest cart's token from its HttpOnly cookie (checked for shape only; may name no cart). */
  cartToken: string | null;
  /** The guest wishlist's token, as the call gave it (the spec passes it in the query or body). */
  wishlistToken: string | null;
}

/** A signed-in customer (accounts fill this in): their user and session. */
export interface CustomerViewer {
  kind: 'customer';
  userId: number;
  sessionId: number;
  cartToken: string | null;
  wishlistToken: string | null;
}

/** Work the shop does for itself: jobs, the search index, the seed. */
interface SystemViewer {
  kind: 'system';
  cartToken: null;
  wishlistToken: null;
}

export type Viewer = GuestViewer | CustomerViewer | SystemViewer;

/** A callback to run once the transaction it was registered in has committed. */
type AfterCommit = () => void | Promise<void>;

export interface ContextLogger {
  error(object: unknown, message?: string): void;
}

/**
 * What a request hands back besides its value. Services set these; the route layer turns them
 * into cookies, so no service sees the HTTP reply and no handler writes cookies itself.
 */
interface Issued {
  /** A new guest cart's token, to be kept in the cart cookie. */
  cartToken?: string;
  /** Sign-in, sign-out and password changes: the new session's token for the session cookie, or 'end' to clear it. */
  session?: { token: string; maxAgeSeconds: number } | 'end';
  /** The guest cart's cookie is cleared (its cart joined the customer's, or the customer signed out). */
  clearCart?: boolean;
  /** A new visitor id and anti-forgery value (on every change of who is signed in). */
  rotateVisitor?: boolean;
}

/**
 * The request context: who is asking, the region, the database handle (the open transaction's,
 * inside inTransaction), and afterCommit. Built by the route layer for every request (or by
 * systemContext for background work); every service method takes it first.
 */
export interface Ctx {
  readonly viewer: Viewer;
  readonly region: Region;
  readonly db: Executor;
  readonly dialect: DialectName;
  readonly issued: Issued;
  readonly log: ContextLogger;
  /** The open transaction, if any (inTransaction joins it rather than nesting). */
  readonly transaction: TransactionState | null;
  /**
   * Runs `fn` after the open transaction commits, never after a rollback; outside a transaction
   * it runs at once. For effects that must not happen unless the data did: poke the search
   * index, wake a job.
   */
  afterCommit(fn: AfterCommit): void;
}

export interface TransactionState {
  readonly callbacks: AfterCommit[];
}

const consoleLogger: ContextLogger = {
  error: (object, message) => console.error(message ?? 'error', object),
};

/** Runs after-commit callbacks one by one; a failing one is logged, never thrown: the data is already committed. */
export async function runAfterCommit(callbacks: AfterCommit[], log: ContextLogger): Promise<void> {
  for (const callback of callbacks) {
    try {
      await callback();
    } catch (error) {
      log.error({ err: error }, 'an after-commit callback failed');
    }
  }
}

interface ContextInit {
  handle: Pick<DatabaseHandle, 'db' | 'dialect'>;
  region: Region;
  viewer: Viewer;
  log?: ContextLogger;
}

export function createContext(init: ContextInit): Ctx {
  const log = init.log ?? consoleLogger;
  return {
    viewer: init.viewer,
    region: init.region,
    db: init.handle.db,
    dialect: init.handle.dialect,
    issued: {},
    log,
    transaction: null,
    afterCommit(fn) {
      void runAfterCommit([fn], log);
    },
  };
}

const SYSTEM_VIEWER: SystemViewer = { kind: 'system', cartToken: null, wishlistToken: null };

/** The context of work nobody asked for over HTTP: jobs, index builds, the seed, tests. */
export function systemContext(
  handle: Pick<DatabaseHandle, 'db' | 'dialect'>,
  region: Region,
  log?: ContextLogger,
): Ctx {
  return createContext({ handle, region, viewer: SYSTEM_VIEWER, ...(log ? { log } : {}) });
}

/** A guest with these tokens (tests, and the route layer). */
export function guestViewer(cartToken: string | null = null, wishlistToken: string | null = null): GuestViewer {
  return { kind: 'guest', cartToken, wishlistToken };
}

/** What a repository needs of the context: the handle to run on (the open transaction's, if any). */
export type DbCtx = Pick<Ctx, 'db' | 'dialect'>;
