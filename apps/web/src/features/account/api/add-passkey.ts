import type { Passkey } from '@shop/contract';
import { type RegistrationResponseJSON, startRegistration } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { getPasskeyOptions } from './get-passkey-options';
import { passkeysKey } from './get-passkeys';

/** POST /c3api/account/passkeys/add: the browser's registration response for the challenge. */
export async function addPasskey(body: {
  ChallengeId: string;
  Name?: string;
  Response: RegistrationResponseJSON;
}): Promise<Passkey[]> {
  const value = await apiPost<{ Passkeys: Passkey[] }>('/c3api/account/passkeys/add', body);
  return value.Passkeys;
}

/** The whole ceremony: a challenge from the server, the device makes the passkey, the server keeps it. */
export function useAddPasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (name?: string) => {
      const { ChallengeId, Options } = await getPasskeyOptions();
      const response = await startRegistration({ optionsJSON: Options });
      return addPasskey({ ChallengeId, Response: response, ...(name ? { Name: name } : {}) });
    },
    onSuccess: (passkeys) => client.setQueryData(passkeysKey, passkeys),
  });
}
