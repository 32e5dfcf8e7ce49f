import { NotFoundView, paths } from '@dash/shared';
import { Navigate, Route, Routes } from 'react-router';
import { InvitesPage } from '../features/invites/routes/InvitesPage';
import { ProfilePage } from '../features/profile/routes/ProfilePage';
import { NewSigningDevicePage } from '../features/signing-devices/routes/NewSigningDevicePage';
import { SigningDevicesPage } from '../features/signing-devices/routes/SigningDevicesPage';
import { AreaProbe } from './AreaProbe';
import '../i18n';

/** /settings/*: the signed-in user's own settings. */
export default function UserSettingsArea() {
  return (
    <>
      <AreaProbe />
      <Routes>
        <Route index element={<Navigate to={paths.settings.profile()} replace />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="invites" element={<InvitesPage />} />
        <Route path="signing-devices" element={<SigningDevicesPage />} />
        <Route path="signing-devices/new" element={<NewSigningDevicePage />} />
        <Route path="*" element={<NotFoundView />} />
      </Routes>
    </>
  );
}
