import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { finishSignOut } from '../../../lib/session';

/** POST /c3api/account/logout: ends the session on the server. */
export function logout(): Promise<{ Message: string }> {
  return apiPost<{ Message: string }>('/c3api/account/logout');
}

/**
 * Signs out. The browser forgets the customer's data even when the call fails (no connection):
 * a shared computer must not go on showing their account.
 */
export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        return await logout();
      } finally {
        await finishSignOut(client);
      }
    },
  });
}
