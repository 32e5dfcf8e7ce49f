import { mountRemoteHarness } from '@dash/shared/dev-harness';
import ChangeEmailPage from './app/ChangeEmailPage';
import DocumentsPage from './app/DocumentsPage';
import InvitePage from './app/InvitePage';
import KybPage from './app/KybPage';
import OpsReviewArea from './app/OpsReviewArea';
import OrganizationSettingsPage from './app/OrganizationSettingsPage';
import UserSettingsArea from './app/UserSettingsArea';

mountRemoteHarness('remote-settings', [
  { label: 'Organization settings', path: 'org/:org/settings', Component: OrganizationSettingsPage },
  { label: 'Invite', path: 'org/:org/invite', Component: InvitePage },
  { label: 'User settings', path: 'settings/*', Component: UserSettingsArea },
  { label: 'Change e-mail', path: 'change-email', Component: ChangeEmailPage },
  { label: 'KYB', path: 'org/:org/kyb', Component: KybPage },
  { label: 'Documents', path: 'org/:org/documents', Component: DocumentsPage },
  { label: 'Compliance review (operators)', path: 'ops/kyb/*', Component: OpsReviewArea },
]);
