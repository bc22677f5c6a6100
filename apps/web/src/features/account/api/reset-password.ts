import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** POST /c3api/account/password/reset with the e-mailed link's single-use token. */
export function resetPassword(body: { Token: string; Password: string }): Promise<{ Message: string }> {
  return apiPost<{ Message: string }>('/c3api/account/password/reset', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
