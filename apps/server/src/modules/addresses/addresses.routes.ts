import type { ApiRoute } from '../../lib/route.js';
import type { AddressesService } from './addresses.service.js';

export function addressRoutes(_addresses: AddressesService): ApiRoute[] {
  return [];
}
