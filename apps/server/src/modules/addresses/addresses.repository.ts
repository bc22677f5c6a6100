import type { Region } from '@shop/contract';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { AddressesTable } from '../../db/tables/addresses.js';
import type { DbCtx } from '../../lib/context.js';
import { prefixUpperBound, type SearchTerm } from './address-text.js';

export type AddressRow = Selectable<AddressesTable>;

/** A row to write and the words it is found by. */
export interface NewAddress {
  row: Insertable<AddressesTable>;
  tokens: readonly string[];
}

/** Rows per INSERT: far below both databases' limits on bound values (16 columns, or 3). */
const ROWS_PER_INSERT = 400;
const TOKENS_PER_INSERT = 3000;
const TOKENS_PER_UNNEST = 50_000;
const REFERENCES_PER_DELETE = 500;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The addresses and their words. The only SQL of the module; no rules; never opens a transaction. */
export class AddressesRepository {
  /**
   * The ids of the region's addresses having a word that starts with the term (or is one of its
   * whole words): one range scan of the (region, token) key per alternative.
   */
  private termMatches(ctx: DbCtx, region: Region, term: SearchTerm) {
    let query = ctx.db
      .selectFrom('address_tokens')
      .select('address_id')
      .where('region', '=', region)
      .where('token', '>=', term.prefix)
      .where('token', '<', prefixUpperBound(term.prefix));
    for (const word of term.exact) {
      query = query.unionAll(
        ctx.db.selectFrom('address_tokens').select('address_id').where('region', '=', region).where('token', '=', word),
      );
    }
    return query;
  }

  /** How many (address, word) pairs match the term, counting no further than `cap`: how rare the term is. */
  async countTermMatches(ctx: DbCtx, region: Region, term: SearchTerm, cap: number): Promise<number> {
    const row = await ctx.db
      .selectFrom(
        ctx.db
          .selectFrom(this.termMatches(ctx, region, term).as('m'))
          .select('m.address_id')
          .limit(cap)
          .as('capped'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * The region's addresses matching every term: candidates from the driving term's range scan
   * (at most `candidateCap` of them), kept when their search key has a word starting with each
   * other term. Ordered: a street number equal to one typed first, then street, suburb, number.
   */
  async search(
    ctx: DbCtx,
    region: Region,
    options: {
      driver: SearchTerm;
      filters: readonly SearchTerm[];
      numbers: readonly string[];
      limit: number;
      candidateCap: number;
    },
  ): Promise<AddressRow[]> {
    const candidates = ctx.db
      .selectFrom(this.termMatches(ctx, region, options.driver).as('m'))
      .select('m.address_id')
      .limit(options.candidateCap);
    let query = ctx.db.selectFrom('addresses').selectAll().where('region', '=', region).where('id', 'in', candidates);
    for (const term of options.filters) {
      // Terms are normalised to [a-z0-9], so they hold no LIKE wildcard.
      query = query.where((eb) =>
        eb.or([
          eb('search_key', 'like', `% ${term.prefix}%`),
          ...term.exact.map((word) => eb('search_key', 'like', `% ${word} %`)),
        ]),
      );
    }
    if (options.numbers.length > 0) {
      const numbers = [...options.numbers];
      query = query.orderBy((eb) => eb.case().when('street_number', 'in', numbers).then(0).else(1).end());
    }
    return query
      .orderBy('street')
      .orderBy('suburb')
      .orderBy('number_sort')
      .orderBy('street_number')
      .orderBy('unit_or_level')
      .orderBy('id')
      .limit(options.limit)
      .execute();
  }

  async byReference(ctx: DbCtx, region: Region, reference: string): Promise<AddressRow | undefined> {
    return ctx.db
      .selectFrom('addresses')
      .selectAll()
      .where('reference', '=', reference)
      .where('region', '=', region)
      .executeTakeFirst();
  }

  /**
   * Writes the rows, replacing any row of the same reference (and its words): a re-import of the
   * same release changes nothing, a newer one updates in place.
   */
  async replace(ctx: DbCtx, addresses: readonly NewAddress[]): Promise<void> {
    for (const part of chunks(addresses, REFERENCES_PER_DELETE)) {
      await ctx.db
        .deleteFrom('addresses')
        .where(
          'reference',
          'in',
          part.map((a) => a.row.reference),
        )
        .execute();
    }
    const tokens: { region: Region; token: string; address_id: number }[] = [];
    for (const part of chunks(addresses, ROWS_PER_INSERT)) {
      const inserted = await ctx.db
        .insertInto('addresses')
        .values(part.map((a) => a.row))
        .returning(['id', 'reference'])
        .execute();
      const idByReference = new Map(inserted.map((r) => [r.reference, r.id]));
      for (const address of part) {
        const id = idByReference.get(address.row.reference);
        if (id === undefined) throw new Error(`address ${address.row.reference} was not written`);
        for (const token of address.tokens) tokens.push({ region: address.row.region, token, address_id: id });
      }
    }
    await this.insertTokens(ctx, tokens);
  }

  private async insertTokens(ctx: DbCtx, tokens: readonly { region: Region; token: string; address_id: number }[]) {
    if (ctx.dialect === 'postgres') {
      // Three array parameters instead of three per row: a big batch parses and binds in a blink.
      for (const part of chunks(tokens, TOKENS_PER_UNNEST)) {
        await sql`insert into address_tokens (region, token, address_id)
          select * from unnest(${part.map((t) => t.region)}::text[], ${part.map((t) => t.token)}::text[], ${part.map((t) => t.address_id)}::integer[])`.execute(
          ctx.db,
        );
      }
      return;
    }
    for (const part of chunks(tokens, TOKENS_PER_INSERT)) {
      await ctx.db.insertInto('address_tokens').values(part).execute();
    }
  }

  /** Deletes every row of a source (the demo's, before it is seeded again); their words go with them. */
  async deleteSource(ctx: DbCtx, source: AddressRow['source']): Promise<number> {
    const result = await ctx.db.deleteFrom('addresses').where('source', '=', source).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Deletes the source's rows of these states that the given import run did not write (retired, or gone from the release). */
  async deleteStale(
    ctx: DbCtx,
    options: { source: AddressRow['source']; region: Region; states: readonly string[]; run: number },
  ): Promise<number> {
    if (options.states.length === 0) return 0;
    const result = await ctx.db
      .deleteFrom('addresses')
      .where('source', '=', options.source)
      .where('region', '=', options.region)
      .where('state', 'in', [...options.states])
      .where('import_run', '<>', options.run)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async countBySource(ctx: DbCtx, source: AddressRow['source']): Promise<number> {
    const row = await ctx.db
      .selectFrom('addresses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('source', '=', source)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
