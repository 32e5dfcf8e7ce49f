import type { TRole } from './common';
import { english } from './message-codes';

/**
 * The role permission matrix, written once. The API enforces it on every organization-scoped
 * endpoint; the UI hides what a role cannot do. authorization-matrix.test.ts checks every endpoint against it.
 */
export const PERMISSIONS = {
  'organization.read': ['Admin', 'Editor', 'Viewer'],
  'organization.update': ['Admin'],
  'organization.delete': ['Admin'],
  'members.read': ['Admin', 'Editor', 'Viewer'],
  'members.manage': ['Admin'],
  'invites.manage': ['Admin'],
  'messages.read': ['Admin', 'Editor', 'Viewer'],
  'messages.reply': ['Admin', 'Editor'],
  'wallet.read': ['Admin', 'Editor', 'Viewer'],
  'wallet.manage': ['Admin'],
  'wallet.propose': ['Admin', 'Editor'],
  'rails.read': ['Admin', 'Editor', 'Viewer'],
  'rails.write': ['Admin', 'Editor'],
  'openStable.onboard': ['Admin', 'Editor'],
  'kyb.read': ['Admin', 'Editor', 'Viewer'],
  'kyb.edit': ['Admin', 'Editor'],
  'kyb.submit': ['Admin'],
  'documents.read': ['Admin', 'Editor', 'Viewer'],
  'documents.upload': ['Admin', 'Editor'],
  'audit.read': ['Admin'],
  'webhooks.manage': ['Admin'],
  'apiKeys.manage': ['Admin'],
} as const satisfies Record<string, readonly TRole[]>;

export type TPermission = keyof typeof PERMISSIONS;

export function can(role: TRole | undefined, permission: TPermission): boolean {
  if (!role) return false;
  return (PERMISSIONS[permission] as readonly TRole[]).includes(role);
}

export const PERMISSION_DENIED_MESSAGE: Record<TPermission, string> = {
  'organization.read': english('messages.deniedOrganizationRead'),
  'organization.update': english('messages.deniedOrganizationUpdate'),
  'organization.delete': english('messages.deniedOrganizationDelete'),
  'members.read': english('messages.deniedMembersRead'),
  'members.manage': english('messages.deniedMembersManage'),
  'invites.manage': english('messages.deniedInvitesManage'),
  'messages.read': english('messages.deniedMessagesRead'),
  'messages.reply': english('messages.deniedMessagesReply'),
  'wallet.read': english('messages.deniedWalletRead'),
  'wallet.manage': english('messages.deniedWalletManage'),
  'wallet.propose': english('messages.deniedWalletPropose'),
  'rails.read': english('messages.deniedRailsRead'),
  'rails.write': english('messages.deniedRailsWrite'),
  'openStable.onboard': english('messages.deniedOnboard'),
  'kyb.read': english('messages.deniedKybRead'),
  'kyb.edit': english('messages.deniedKybWrite'),
  'kyb.submit': english('messages.kybSubmitAdminsOnly'),
  'documents.read': english('messages.deniedDocumentsRead'),
  'documents.upload': english('messages.deniedDocumentsUpload'),
  'audit.read': english('messages.deniedAuditRead'),
  'webhooks.manage': english('messages.deniedWebhooksManage'),
  'apiKeys.manage': english('messages.deniedApiKeysManage'),
};

/**
 * What an API key never does whatever its role: create keys, change who is a member (issue 52) or
 * delete the organization (a leaked key must not be able to end it). Only a signed-in person may.
 */
export const API_KEY_REFUSED_PERMISSIONS: readonly TPermission[] = [
  'apiKeys.manage',
  'members.manage',
  'invites.manage',
  'organization.delete',
];
