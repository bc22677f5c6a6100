import type { PasskeyOptionsValue } from '@shop/contract';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { apiPost } from '../../../lib/api-client';

/**
 * POST /c3api/account/passkeys/options: a one-off challenge and the registration options for
 * @simplewebauthn/browser's startRegistration (a POST: each call makes a new challenge).
 */
export async function getPasskeyOptions(): Promise<{
  ChallengeId: string;
  Options: PublicKeyCredentialCreationOptionsJSON;
}> {
  const value = await apiPost<PasskeyOptionsValue>('/c3api/account/passkeys/options');
  return {
    ChallengeId: value.ChallengeId,
    Options: value.Options as unknown as PublicKeyCredentialCreationOptionsJSON,
  };
}
