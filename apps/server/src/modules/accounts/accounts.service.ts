import {
  type AccountOverviewValue,
  type Address,
  CURRENT_PASSWORD_WRONG_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  PASSWORD_COMMON_MESSAGE,
  PASSWORD_RESET_MINUTES,
  RESET_LINK_INVALID_MESSAGE,
  SIGN_IN_FAILED_MESSAGE,
} from '@shop/contract';
import { inTransaction } from '../../db/unit-of-work.js';
import type { Ctx, CustomerViewer } from '../../lib/context.js';
import { BadRequestError, HttpError, invalidInput, NotFoundError } from '../../lib/errors.js';
import type { RateLimit, RateLimiter } from '../../lib/rate-limit.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { CartService } from '../cart/cart.service.js';
import type { MailService } from '../mail/mail.service.js';
import { toOrderSummary } from '../orders/orders.mapper.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { Clock, SessionsService } from '../sessions/sessions.service.js';
import type { WishlistService } from '../wishlist/wishlist.service.js';
import { AccountsRepository, type UserRow } from './accounts.repository.js';

/**
 * A signed-in account as other modules take it (camelCase): its id, its address's lookup key and
 * its profile. The users table's row stays this module's.
 */
export interface Account extends Profile {
  id: number;
  /** The address in lower case: what sign-in looks up and invitations are matched by. */
  emailKey: string;
}

import { isCommonPassword } from './common-passwords.js';
import type { PasswordHasher } from './password-hasher.js';

const MINUTE_MS = 60 * 1000;
/** Failed sign-ins allowed per account, and per client address, in a window (ASVS 6.3.1 / 2.2.1). */
export const SIGN_IN_FAILURES_PER_ACCOUNT: RateLimit = { max: 5, windowMs: 15 * MINUTE_MS };
export const SIGN_IN_FAILURES_PER_ADDRESS: RateLimit = { max: 30, windowMs: 15 * MINUTE_MS };
/** Reset mails one account can be sent in an hour (more asks get the same reply and no mail). */
export const RESET_MAILS_PER_ACCOUNT: RateLimit = { max: 3, windowMs: 60 * MINUTE_MS };

export interface AccountsDependencies {
  sessions: SessionsService;
  cart: CartService;
  wishlist: WishlistService;
  orders: OrdersService;
  mail: MailService;
  hasher: PasswordHasher;
  limiter: RateLimiter;
  now: Clock;
  /** Where shoppers reach the shop, for the reset link. */
  publicUrl: string;
  /** The site's WishlistsEnabled and SavedSearchesEnabled now (the admin's switches and the environment's). */
  flags: (ctx: Ctx) => Promise<{ wishlistsEnabled: boolean; savedSearchesEnabled: boolean }>;
  /** The overview's saved-search count (the saved-searches service). */
  savedSearches?: { count(ctx: Ctx, userId: number): Promise<number> };
}

export interface Profile {
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  billingAddress: Address | null;
  consent: boolean;
}

export class TooManyAttemptsError extends HttpError {
  constructor(waitSeconds: number) {
    const minutes = Math.max(1, Math.ceil(waitSeconds / 60));
    super(
      429,
      `Too many unsuccessful sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`,
    );
  }
}

/** The lower-case form of an address: what is unique and what sign-in looks up. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Customers' accounts. Every change of who is signed in (register, sign-in, password change,
 * sign-out) ends the old session and starts a new one with a new token, hands the browser a new
 * anti-forgery value, and (on sign-in) joins the guest's cart to the customer's in the same
 * transaction. Nothing here ever logs a password, a token or a link.
 */
export class AccountsService {
  private readonly repository = new AccountsRepository();
  /** A real argon2id hash to verify against when the e-mail is unknown, so both answers take as long. */
  private decoyHash: Promise<string> | null = null;

  constructor(private readonly deps: AccountsDependencies) {}

  private customerOf(ctx: Ctx): CustomerViewer {
    if (ctx.viewer.kind !== 'customer') throw new HttpError(401, 'Please sign in to continue.');
    return ctx.viewer;
  }

  private async user(ctx: Ctx): Promise<UserRow> {
    const user = await this.repository.byId(ctx, this.customerOf(ctx).userId);
    // A session outliving its user cannot happen (cascade); answer as for a stranger if it does.
    if (!user) throw new NotFoundError('No such account');
    return user;
  }

  private refuseCommon(password: string): void {
    if (isCommonPassword(password)) throw invalidInput('Password', PASSWORD_COMMON_MESSAGE);
  }

  /**
   * Signs the viewer in as `userId`: ends the session they had, starts a new one, and moves their
   * guest cart into the customer's, all in one transaction. Used by password and passkey sign-in.
   */
  async signInAs(ctx: Ctx, userId: number): Promise<Account> {
    const session = await inTransaction(ctx, async (tx) => {
      if (tx.viewer.kind === 'customer') await this.deps.sessions.end(tx, tx.viewer.sessionId);
      const started = await this.deps.sessions.start(tx, userId);
      await this.deps.cart.adoptGuestCart(tx, userId);
      return started;
    });
    ctx.issued.session = { token: session.token, maxAgeSeconds: session.maxAgeSeconds };
    ctx.issued.clearCart = true;
    ctx.issued.rotateVisitor = true;
    const user = await this.repository.byId(ctx, userId);
    if (!user) throw new NotFoundError('No such account');
    return toAccount(user);
  }

  async register(
    ctx: Ctx,
    body: { Email: string; Password: string; FirstName: string; LastName: string },
  ): Promise<Account> {
    this.refuseCommon(body.Password);
    const passwordHash = await this.deps.hasher.hash(body.Password);
    const now = this.deps.now();
    const userId = await this.repository.insert(ctx, {
      email: body.Email,
      email_key: emailKey(body.Email),
      password_hash: passwordHash,
      first_name: body.FirstName,
      last_name: body.LastName,
      billing_address: null,
      created_at: now,
      updated_at: now,
    });
    if (userId === undefined) throw new BadRequestError(EMAIL_TAKEN_MESSAGE);
    return this.signInAs(ctx, userId);
  }

  /**
   * Password sign-in. An unknown address and a wrong password get the same message after the same
   * work (a decoy hash is verified). Failures count per account and per client address in the
   * database; past either limit the answer is 429 until the window ends, whatever the password.
   */
  async login(ctx: Ctx, body: { Email: string; Password: string }, clientAddress: string): Promise<Account> {
    const key = emailKey(body.Email);
    const accountKey = `sign-in|account:${hashToken(key)}`;
    const addressKey = `sign-in|address:${clientAddress}`;
    const wait = Math.max(
      await this.deps.limiter.waitFor(ctx, accountKey, SIGN_IN_FAILURES_PER_ACCOUNT),
      await this.deps.limiter.waitFor(ctx, addressKey, SIGN_IN_FAILURES_PER_ADDRESS),
    );
    if (wait > 0) throw new TooManyAttemptsError(wait);

    const user = await this.repository.byEmailKey(ctx, key);
    const stored = user?.password_hash ?? (await this.decoy());
    const matches = await this.deps.hasher.verify(stored, body.Password);
    if (!user || !matches) {
      await this.deps.limiter.take(ctx, accountKey, SIGN_IN_FAILURES_PER_ACCOUNT);
      await this.deps.limiter.take(ctx, addressKey, SIGN_IN_FAILURES_PER_ADDRESS);
      throw new BadRequestError(SIGN_IN_FAILED_MESSAGE);
    }
    await this.deps.limiter.forget(ctx, accountKey);
    if (this.deps.hasher.needsRehash(user.password_hash)) {
      const rehashed = await this.deps.hasher.hash(body.Password);
      await this.repository.replaceHash(ctx, user.id, user.password_hash, rehashed);
    }
    return this.signInAs(ctx, user.id);
  }

  private decoy(): Promise<string> {
    this.decoyHash ??= this.deps.hasher.hash(newToken());
    return this.decoyHash;
  }

  /** Ends this browser's session on the server and clears its cookies; a guest's sign-out changes nothing. */
  async logout(ctx: Ctx): Promise<void> {
    if (ctx.viewer.kind === 'customer') await this.deps.sessions.end(ctx, ctx.viewer.sessionId);
    ctx.issued.session = 'end';
    ctx.issued.clearCart = true;
    ctx.issued.rotateVisitor = true;
  }

  /**
   * Sends a single-use reset link valid for 30 minutes, if the address has an account. The reply
   * is the same either way (the route answers FORGOT_PASSWORD_REPLY), so it reveals nothing.
   * The link carries the token in its fragment (#token=), which browsers never send to a server.
   */
  async forgotPassword(ctx: Ctx, email: string): Promise<void> {
    const user = await this.repository.byEmailKey(ctx, emailKey(email));
    if (!user) return;
    const limited = await this.deps.limiter.take(ctx, `password-reset|account:${user.id}`, RESET_MAILS_PER_ACCOUNT);
    if (limited > 0) return;
    const token = newToken();
    const now = this.deps.now();
    const link = `${this.deps.publicUrl}/reset-password#token=${token}`;
    await inTransaction(ctx, async (tx) => {
      await this.repository.insertReset(tx, {
        user_id: user.id,
        token_hash: hashToken(token),
        created_at: now,
        expires_at: now + PASSWORD_RESET_MINUTES * MINUTE_MS,
      });
      // The message exists exactly when the link does (same transaction).
      await this.deps.mail.queue(tx, {
        to: user.email,
        subject: 'Reset your Secondhand password',
        text: [
          `Hello ${user.first_name},`,
          '',
          'Someone (we hope you) asked to reset the password of your Secondhand account.',
          `To choose a new password, open this link within ${PASSWORD_RESET_MINUTES} minutes. It works once.`,
          '',
          link,
          '',
          'If you did not ask for this, ignore this message: your password stays as it is.',
        ].join('\n'),
      });
    });
  }

  /** Uses a reset link: sets the password and ends every session of the account. */
  async resetPassword(ctx: Ctx, token: string, password: string): Promise<void> {
    this.refuseCommon(password);
    const passwordHash = await this.deps.hasher.hash(password);
    const now = this.deps.now();
    await inTransaction(ctx, async (tx) => {
      const userId = await this.repository.useReset(tx, hashToken(token), now);
      if (userId === undefined) throw new BadRequestError(RESET_LINK_INVALID_MESSAGE);
      await this.repository.update(tx, userId, { password_hash: passwordHash, updated_at: now });
      await this.repository.expireResets(tx, userId, now);
      await this.deps.sessions.endAllFor(tx, userId);
    });
  }

  /** Changes the password (the current one required); every other session ends and this one gets a new id. */
  async changePassword(ctx: Ctx, current: string, next: string): Promise<void> {
    const user = await this.user(ctx);
    if (!(await this.deps.hasher.verify(user.password_hash, current))) {
      throw new BadRequestError(CURRENT_PASSWORD_WRONG_MESSAGE);
    }
    this.refuseCommon(next);
    const passwordHash = await this.deps.hasher.hash(next);
    const now = this.deps.now();
    const session = await inTransaction(ctx, async (tx) => {
      await this.repository.update(tx, user.id, { password_hash: passwordHash, updated_at: now });
      await this.repository.expireResets(tx, user.id, now);
      await this.deps.sessions.endAllFor(tx, user.id);
      return this.deps.sessions.start(tx, user.id);
    });
    ctx.issued.session = { token: session.token, maxAgeSeconds: session.maxAgeSeconds };
    ctx.issued.rotateVisitor = true;
  }

  /** The signed-in customer, or null for anyone else (whoami). */
  async identity(ctx: Ctx): Promise<Account | null> {
    if (ctx.viewer.kind !== 'customer') return null;
    const user = await this.repository.byId(ctx, ctx.viewer.userId);
    return user ? toAccount(user) : null;
  }

  async profile(ctx: Ctx): Promise<Profile> {
    return profileOf(toAccount(await this.user(ctx)));
  }

  async updateProfile(
    ctx: Ctx,
    body: { FirstName: string; LastName: string; PhoneNumber: string; BillingAddress: Address; Consent: boolean },
  ): Promise<Profile> {
    const viewer = this.customerOf(ctx);
    await this.repository.update(ctx, viewer.userId, {
      first_name: body.FirstName,
      last_name: body.LastName,
      phone_number: body.PhoneNumber,
      billing_address: JSON.stringify(body.BillingAddress),
      // Marketing consent is asked for in the UK only (checkout.md section 2); elsewhere it stays off.
      consent: ctx.region === 'UK' && body.Consent ? 1 : 0,
      updated_at: this.deps.now(),
    });
    return this.profile(ctx);
  }

  /** The dashboard's figures: the latest order and the count; wishlist items; saved searches (with their issue). */
  async overview(ctx: Ctx): Promise<AccountOverviewValue> {
    const { userId } = this.customerOf(ctx);
    const { wishlistsEnabled, savedSearchesEnabled } = await this.deps.flags(ctx);
    const [latest] = await this.deps.orders.historyFor(ctx, userId, 1);
    return {
      Orders: {
        // The history's rules: orders ever confirmed, in this region, with the shopper's status label.
        LatestOrder: latest ? toOrderSummary(latest, ctx.region) : null,
        OrderCount: await this.deps.orders.countFor(ctx, userId),
      },
      Wishlist: {
        WishlistsEnabled: wishlistsEnabled,
        NumItems: wishlistsEnabled ? await this.deps.wishlist.countItems(ctx) : 0,
      },
      SavedSearches: {
        SavedSearchesEnabled: savedSearchesEnabled,
        NumItems:
          savedSearchesEnabled && this.deps.savedSearches ? await this.deps.savedSearches.count(ctx, userId) : 0,
      },
    };
  }

  /** The clean-up job: reset links long past their expiry. */
  async deleteOldResets(ctx: Ctx): Promise<void> {
    await this.repository.deleteOldResets(ctx, this.deps.now() - 24 * 60 * MINUTE_MS);
  }
}

function toAccount(user: UserRow): Account {
  return {
    id: user.id,
    emailKey: user.email_key,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    phoneNumber: user.phone_number,
    billingAddress: user.billing_address ? (JSON.parse(user.billing_address) as Address) : null,
    consent: user.consent === 1,
  };
}

/** An account's profile alone (what the profile page and a passkey's ceremony show). */
export function profileOf(account: Account): Profile {
  return {
    email: account.email,
    firstName: account.firstName,
    lastName: account.lastName,
    phoneNumber: account.phoneNumber,
    billingAddress: account.billingAddress,
    consent: account.consent,
  };
}
