import type { CustomerIdentity, RegisterBody } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { finishSignIn } from '../../../lib/session';

/** POST /c3api/account/register: creates the account and signs it in (the server sets the session cookie). */
export function register(body: RegisterBody): Promise<CustomerIdentity> {
  return apiPost<CustomerIdentity>('/c3api/account/register', body);
}

/** Registers, then handles the guest's wishlist and cached data as any sign-in does. */
export function useRegister() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: RegisterBody) => {
      const identity = await register(body);
      await finishSignIn(client);
      return identity;
    },
  });
}
