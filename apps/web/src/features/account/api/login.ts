import type { CustomerIdentity, LoginBody } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { finishSignIn } from '../../../lib/session';

/**
 * POST /c3api/account/login. A wrong e-mail or password answers 400 with SIGN_IN_FAILED_MESSAGE;
 * too many tries answer 429 with "try again in N minutes": both messages are shown as they come.
 */
export function login(body: LoginBody): Promise<CustomerIdentity> {
  return apiPost<CustomerIdentity>('/c3api/account/login', body);
}

/** Signs in, then merges the guest wishlist and resets the guest's cached data (lib/session.ts). */
export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginBody) => {
      const identity = await login(body);
      await finishSignIn(client);
      return identity;
    },
  });
}
