import type { CustomerIdentity } from '@shop/contract';
import { type AuthenticationResponseJSON, startAuthentication } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { finishSignIn } from '../../../lib/session';
import { getPasskeyLoginOptions } from './get-passkey-login-options';

/** POST /c3api/account/passkey-login: the device's signed answer to the challenge. */
export function passkeyLogin(body: {
  ChallengeId: string;
  Response: AuthenticationResponseJSON;
}): Promise<CustomerIdentity> {
  return apiPost<CustomerIdentity>('/c3api/account/passkey-login', body);
}

/** Signs in with a passkey, then handles the guest's wishlist and cached data as any sign-in does. */
export function usePasskeyLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { ChallengeId, Options } = await getPasskeyLoginOptions();
      const response = await startAuthentication({ optionsJSON: Options });
      const identity = await passkeyLogin({ ChallengeId, Response: response });
      await finishSignIn(client);
      return identity;
    },
  });
}
