import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** POST /c3api/account/password/forgot: always the same reply, so it reveals no account. */
export function forgotPassword(body: { Email: string }): Promise<{ Message: string }> {
  return apiPost<{ Message: string }>('/c3api/account/password/forgot', body);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
