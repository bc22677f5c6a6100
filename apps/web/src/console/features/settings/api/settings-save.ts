import type {
  ConsoleStoreSettingsValue,
  StoreDetailsBody,
  StoreInvoiceBody,
  StorePickupBody,
  StorePostageBody,
} from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../../lib/api-client';
import { storeSettingsKey } from './settings-get';

/** Each section of the settings page is saved by its own call; every one answers all sections. */
export interface SettingsBodies {
  details: StoreDetailsBody;
  pickup: StorePickupBody;
  postage: StorePostageBody;
  invoice: StoreInvoiceBody;
}
export type SettingsSection = keyof SettingsBodies;

/** POST /c3api/console/stores/:storeId/settings/{details|pickup|postage|invoice} */
export function saveStoreSettings<S extends SettingsSection>(storeId: number, section: S, body: SettingsBodies[S]) {
  return apiPost<ConsoleStoreSettingsValue>(`/c3api/console/stores/${storeId}/settings/${section}`, body);
}

/** A section's save: the reply (every section as it now is) replaces the page's copy. */
export function useSaveStoreSettings<S extends SettingsSection>(storeId: number, section: S) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsBodies[S]) => saveStoreSettings(storeId, section, body),
    onSuccess: (value) => queryClient.setQueryData(storeSettingsKey(storeId), value),
  });
}

/** POST .../settings/postage/start: a store without a postage table starts on its region's usual one. */
export function useStartStorePostage(storeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<ConsoleStoreSettingsValue>(`/c3api/console/stores/${storeId}/settings/postage/start`, {}),
    onSuccess: (value) => queryClient.setQueryData(storeSettingsKey(storeId), value),
  });
}
