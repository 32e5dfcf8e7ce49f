import type { TRole } from './common';

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
  'organization.read': 'You do not have access to this organization.',
  'organization.update': 'Only Admins can change organization settings.',
  'organization.delete': 'Only Admins can delete the organization.',
  'members.read': 'You do not have access to the member list.',
  'members.manage': 'Only Admins can change or remove members.',
  'invites.manage': 'Only Admins can invite people.',
  'messages.read': 'You do not have access to messages.',
  'messages.reply': 'Viewers can read messages but not reply.',
  'wallet.read': 'You do not have access to the wallet.',
  'wallet.manage': 'Only Admins can manage the wallet.',
  'wallet.propose': 'Viewers cannot propose wallet transactions.',
  'rails.read': 'You do not have access to rails.',
  'rails.write': 'Viewers cannot move money or change rails settings.',
  'openStable.onboard': 'Viewers cannot start onboarding.',
  'kyb.read': 'You do not have access to the KYB application.',
  'kyb.edit': 'Viewers cannot change the KYB application.',
  'kyb.submit': 'Only Admins can submit the KYB application.',
  'documents.read': 'You do not have access to documents.',
  'documents.upload': 'Viewers cannot upload documents.',
  'audit.read': 'Only Admins can see the audit log.',
  'webhooks.manage': 'Only Admins can manage webhooks.',
  'apiKeys.manage': 'Only Admins can manage API keys.',
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
