import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** POST /c3api/account/password: the customer's other sessions end; this one continues. */
export function changePassword(body: { CurrentPassword: string; NewPassword: string }): Promise<{ Message: string }> {
  return apiPost<{ Message: string }>('/c3api/account/password', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
