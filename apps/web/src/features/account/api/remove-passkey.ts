import type { Passkey } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { passkeysKey } from './get-passkeys';

/** POST /c3api/account/passkeys/remove {Id}: answers the passkeys left. */
export async function removePasskey(id: number): Promise<Passkey[]> {
  const value = await apiPost<{ Passkeys: Passkey[] }>('/c3api/account/passkeys/remove', { Id: id });
  return value.Passkeys;
}

export function useRemovePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSuccess: (passkeys) => client.setQueryData(passkeysKey, passkeys),
  });
}
