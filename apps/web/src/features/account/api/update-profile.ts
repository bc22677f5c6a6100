import type { ProfileBody, ProfileValue } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { profileKey } from './get-profile';
import { whoamiKey } from './get-whoami';

/** POST /c3api/account/profile: checked with profileBodySchema(region) here and on the server. */
export function updateProfile(body: ProfileBody): Promise<ProfileValue> {
  return apiPost<ProfileValue>('/c3api/account/profile', body);
}

/** Saves; the reply is the new profile, and the header's name (whoami) may have changed with it. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      client.setQueryData(profileKey, profile);
      void client.invalidateQueries({ queryKey: whoamiKey });
    },
  });
}
