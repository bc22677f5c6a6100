import type { AdminBanner, AdminBannerInput, AdminBannerListValue } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../../lib/api-client';
import { useApiQuery } from '../../../../lib/use-api-query';
import { consoleKey } from '../../../lib/get-console-me';

export const adminBannersKey = consoleKey('admin', 'banners');

/** GET /c3api/console/admin/banners: the region's home carousel slides, hidden ones too. */
export function getAdminBanners(signal?: AbortSignal): Promise<AdminBannerListValue> {
  return apiGet<AdminBannerListValue>('/c3api/console/admin/banners', signal);
}

export function adminBannersQueryOptions() {
  return queryOptions({ queryKey: adminBannersKey, queryFn: ({ signal }) => getAdminBanners(signal), retry: false });
}

export function useAdminBanners() {
  return useApiQuery(adminBannersQueryOptions());
}

/** POST .../banners (a new slide) or .../banners/{id} (a change); the server sanitises the description. */
export function saveAdminBanner(id: number | null, body: AdminBannerInput): Promise<AdminBanner> {
  return apiPost<AdminBanner>(
    id === null ? '/c3api/console/admin/banners' : `/c3api/console/admin/banners/${id}`,
    body,
  );
}

/** POST .../banners/{id}/remove */
export function removeAdminBanner(id: number): Promise<{ Id: number }> {
  return apiPost<{ Id: number }>(`/c3api/console/admin/banners/${id}/remove`, {});
}
