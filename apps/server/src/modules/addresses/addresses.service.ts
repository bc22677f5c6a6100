import type { Ctx } from '../../lib/context.js';

/** Address lookup for checkout and the profile (filled in by the addresses work). */
export class AddressesService {
  async suggest(_ctx: Ctx, _query: string): Promise<{ text: string; reference: string }[]> {
    return [];
  }
}
