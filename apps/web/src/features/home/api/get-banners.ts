import type { BannersValue } from '@shop/contract';
import { useApi } from '../../../lib/use-api';

export const BANNERS_PATH = '/c3api/banners?placement=home';

/** The home page's banners and the carousel settings the server chose. */
export function useBanners() {
  return useApi<BannersValue>(BANNERS_PATH);
}
