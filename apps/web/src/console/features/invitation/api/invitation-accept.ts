import type { ConsoleMeValue } from '@shop/contract';
import { apiPost } from '../../../../lib/api-client';

/**
 * POST /c3api/console/invitations/accept: the signed-in customer whose e-mail address was invited
 * takes the role (404 for a used, expired or unknown link; 403 for another address).
 */
export function acceptInvitation(token: string): Promise<ConsoleMeValue> {
  return apiPost<ConsoleMeValue>('/c3api/console/invitations/accept', { Token: token });
}
