import type { BannersValue } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';

export const BANNERS_PATH = '/c3api/banners?placement=home';

export function getBanners(signal?: AbortSignal): Promise<BannersValue> {
  return apiGet<BannersValue>(BANNERS_PATH, signal);
}

export function bannersQueryOptions() {
  return queryOptions({ queryKey: ['banners', 'home'], queryFn: ({ signal }) => getBanners(signal) });
}

/** The home page's banners and the carousel settings the server chose. */
export function useBanners() {
  return useApiQuery(bannersQueryOptions());
}
