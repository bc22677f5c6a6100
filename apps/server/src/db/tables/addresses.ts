import type { Generated } from 'kysely';

/**
 * Table types of the addresses module: the addresses a shopper can look up at checkout, and the
 * words each is found by. Rows come from the demo seed or a G-NAF import (`source`); each server
 * answers its own region's rows only.
 */
export interface AddressesTable {
  id: Generated<number>;
  region: 'AU' | 'UK';
  source: 'demo' | 'gnaf';
  /** The public reference the lookup hands out: a G-NAF ADDRESS_DETAIL_PID, or the demo's opaque key. Unique. */
  reference: string;
  /** "Unit 3", "Flat 2", "Unit 3, Level 2" or ''. */
  unit_or_level: string;
  /** "12", "12-14", "Lot 5" or ''. */
  street_number: string;
  /** "Smith Street". */
  street: string;
  suburb: string;
  /** AU: state code (NSW); UK: county name. */
  state: string;
  postcode: string;
  business_name: string;
  /** A building or complex name, or ''. */
  line2: string;
  /** The one-line display ("Unit 3, 12 Smith Street, Parramatta NSW 2150"). */
  display_text: string;
  /** The row's words between spaces (' unit 3 12 smith street parramatta nsw 2150 '), for filtering candidates. */
  search_key: string;
  /** The street number's first number, for ordering (0 when none). */
  number_sort: number;
  /** The G-NAF import run (epoch ms) that last wrote the row; rows an import did not see are removed (0 for the demo). */
  import_run: Generated<number>;
}

/** One word of one address: the lookup's index (a prefix range scan on (region, token)). */
interface AddressTokensTable {
  region: 'AU' | 'UK';
  token: string;
  address_id: number;
}

export interface AddressesTables {
  addresses: AddressesTable;
  address_tokens: AddressTokensTable;
}
