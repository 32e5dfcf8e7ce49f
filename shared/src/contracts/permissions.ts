import type { TRole } from './common';
import { english, type TMessageCode } from './message-codes';

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

/** What a member without a permission is told, by its code. */
export const PERMISSION_DENIED_CODE = {
  'organization.read': 'messages.deniedOrganizationRead',
  'organization.update': 'messages.deniedOrganizationUpdate',
  'organization.delete': 'messages.deniedOrganizationDelete',
  'members.read': 'messages.deniedMembersRead',
  'members.manage': 'messages.deniedMembersManage',
  'invites.manage': 'messages.deniedInvitesManage',
  'messages.read': 'messages.deniedMessagesRead',
  'messages.reply': 'messages.deniedMessagesReply',
  'wallet.read': 'messages.deniedWalletRead',
  'wallet.manage': 'messages.deniedWalletManage',
  'wallet.propose': 'messages.deniedWalletPropose',
  'rails.read': 'messages.deniedRailsRead',
  'rails.write': 'messages.deniedRailsWrite',
  'openStable.onboard': 'messages.deniedOnboard',
  'kyb.read': 'messages.deniedKybRead',
  'kyb.edit': 'messages.deniedKybWrite',
  'kyb.submit': 'messages.kybSubmitAdminsOnly',
  'documents.read': 'messages.deniedDocumentsRead',
  'documents.upload': 'messages.deniedDocumentsUpload',
  'audit.read': 'messages.deniedAuditRead',
  'webhooks.manage': 'messages.deniedWebhooksManage',
  'apiKeys.manage': 'messages.deniedApiKeysManage',
} as const satisfies Record<TPermission, TMessageCode>;

/** The same in English. */
export const PERMISSION_DENIED_MESSAGE = Object.fromEntries(
  Object.entries(PERMISSION_DENIED_CODE).map(([permission, code]) => [permission, english(code)]),
) as Record<TPermission, string>;

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
