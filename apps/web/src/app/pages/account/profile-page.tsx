import { useProfile } from '../../../features/account/api/get-profile';
import { ProfileForm } from '../../../features/account/components/profile-form';
import { useSiteSettings } from '../../../lib/site-settings';
import { AccountFrame, Loaded } from './account-frame';

/** /my-account/profile: the details checkout prefills, with the shop's region's rules. */
export function ProfilePage() {
  const profile = useProfile();
  const { Region, loaded } = useSiteSettings();
  return (
    <AccountFrame title="My Details" crumb="My Details">
      <div className="account-card">
        {/* The region decides the rules and fields: wait for the site settings too. */}
        <Loaded state={loaded ? profile : { status: 'loading', reload: profile.reload }} what="your details">
          {(value) => <ProfileForm profile={value} region={Region} />}
        </Loaded>
      </div>
    </AccountFrame>
  );
}
