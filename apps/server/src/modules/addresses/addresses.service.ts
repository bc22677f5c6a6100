import { ADDRESS_SUGGESTION_COUNT } from '@shop/contract';
import type { Ctx } from '../../lib/context.js';
import { NotFoundError } from '../../lib/errors.js';
import { type AddressProvider, type AddressSuggestionItem, TableAddressProvider } from './address-provider.js';
import type { AddressParts } from './address-text.js';

export const ADDRESS_NOT_FOUND_MESSAGE = 'Address not found.';

/**
 * Address lookup for checkout and the profile: suggestions for what a shopper types, and the parts
 * of the one chosen. Both answer only the context's region (a server serves one region); the
 * addresses come from the provider behind the port (the built-in one reads the addresses table).
 */
export class AddressesService {
  constructor(private readonly provider: AddressProvider = new TableAddressProvider()) {}

  /** Up to 7 suggestions (the spec's count), best first; none for text with no letters or digits. */
  async suggest(ctx: Ctx, query: string): Promise<AddressSuggestionItem[]> {
    return this.provider.suggest(ctx, query, ADDRESS_SUGGESTION_COUNT);
  }

  /** The address of a reference; 404 when unknown or another region's. */
  async detail(ctx: Ctx, reference: string): Promise<AddressParts> {
    const parts = await this.provider.detail(ctx, reference);
    if (!parts) throw new NotFoundError(ADDRESS_NOT_FOUND_MESSAGE);
    return parts;
  }
}
