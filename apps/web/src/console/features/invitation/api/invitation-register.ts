import type { ConsoleMeValue } from '@shop/contract';
import { apiPost } from '../../../../lib/api-client';

export interface InvitationRegisterBody {
  Token: string;
  FirstName: string;
  LastName: string;
  Password: string;
}

/**
 * POST /c3api/console/invitations/register: a new account for the invited address (signed in at
 * once) that takes the role; a 400 names the field ('Invalid input. Password: ...').
 */
export function registerByInvitation(body: InvitationRegisterBody): Promise<ConsoleMeValue> {
  return apiPost<ConsoleMeValue>('/c3api/console/invitations/register', body);
}
