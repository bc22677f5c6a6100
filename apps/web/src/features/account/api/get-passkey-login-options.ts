import type { PasskeyOptionsValue } from '@shop/contract';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { apiPost } from '../../../lib/api-client';

/** POST /c3api/account/passkey-login/options: a one-off challenge for startAuthentication. */
export async function getPasskeyLoginOptions(): Promise<{
  ChallengeId: string;
  Options: PublicKeyCredentialRequestOptionsJSON;
}> {
  const value = await apiPost<PasskeyOptionsValue>('/c3api/account/passkey-login/options');
  return { ChallengeId: value.ChallengeId, Options: value.Options as unknown as PublicKeyCredentialRequestOptionsJSON };
}
