import { mountRemoteHarness } from '@dash/shared/dev-harness';
import ChangeEmailPage from './app/ChangeEmailPage';
import InvitePage from './app/InvitePage';
import OrganizationSettingsPage from './app/OrganizationSettingsPage';
import UserSettingsArea from './app/UserSettingsArea';

mountRemoteHarness('remote-settings', [
  { label: 'Organization settings', path: 'org/:org/settings', Component: OrganizationSettingsPage },
  { label: 'Invite', path: 'org/:org/invite', Component: InvitePage },
  { label: 'User settings', path: 'settings/*', Component: UserSettingsArea },
  { label: 'Change e-mail', path: 'change-email', Component: ChangeEmailPage },
]);
