/** The spec's error catalogue (section 8): the messages a failed call shows, word for word. */
export const ERROR_MESSAGES = {
  sendMagicLink: 'Failed to send a magic link. Please try again later.',
  verifyMagicLink: 'Failed to verify magic link. Please try again later.',
  signOut: 'Failed to sign out. Please try again later.',
  fetchOrganizations: 'Failed to fetch organizations. Please try again later.',
  getOrganization: 'Failed to get organization. Please try again later.',
  getOrganizationMembers: 'Failed to get organization members. Please try again later.',
  createOrganization: 'Failed to create organization. Please try again later.',
  updateOrganization: 'Failed to update organization. Please try again later.',
  updateOrganizationMember: 'Failed to update organization member. Please try again later.',
  deleteOrganizationMember: 'Failed to delete organization member. Please try again later.',
  uploadOrganizationAvatar: 'Failed to upload organization avatar. Please try again later.',
  fetchSigningDevices: 'Failed to fetch signing devices. Please try again later.',
  createSigningDevice: 'Failed to create signing device. Please try again later.',
  updateProfile: 'Failed to update profile. Please try again later.',
  notUserSession: 'Session is not a user session. This should never happen.',
  fetchOrganizationUsers: 'Failed to fetch organization users. Please try again later.',
  fetchThreads: 'Failed to fetch threads. Please try again later.',
  fetchThread: 'Failed to fetch thread. Please try again later.',
  replyToMessage: 'Failed to reply to message. Please try again later.',
  uploadFile: 'Failed to upload file',
  fetchWallet: 'Failed to fetch wallet. Please try again later.',
  proposeWalletSigner: 'Failed to propose wallet signer. Please try again later.',
  setWalletSigningDevice: 'Failed to set wallet signing device. Please try again later.',
  requestWalletDeployment: 'Failed to request wallet deployment. Please try again later.',
  // Not in the spec's catalogue; same wording pattern for calls the spec leaves unshown.
  fetchSession: 'Failed to load your session. Please try again later.',
  fetchRemotes: 'Failed to load the dashboard areas. Please try again later.',
  fetchMailbox: 'Failed to load the outbox. Please try again later.',
  deleteOrganization: 'Failed to delete organization. Please try again later.',
  leaveOrganization: 'Failed to leave organization. Please try again later.',
  fetchInvitations: 'Failed to fetch invitations. Please try again later.',
  createInvitation: 'Failed to send invitation. Please try again later.',
  revokeInvitation: 'Failed to revoke invitation. Please try again later.',
  acceptInvitation: 'Failed to accept invitation. Please try again later.',
  declineInvitation: 'Failed to decline invitation. Please try again later.',
  requestEmailChange: 'Failed to request e-mail change. Please try again later.',
  confirmEmailChange: 'Failed to confirm e-mail change. Please try again later.',
  removeWalletSigner: 'Failed to remove wallet signer. Please try again later.',
} as const;

export type TErrorMessageKey = keyof typeof ERROR_MESSAGES;

/** Thrown by the dashboard layout when the organization list cannot be loaded (spec section 2). */
export const FAILED_TO_FETCH_ORGANIZATIONS = 'Failed to fetch organizations';
