import {
  CurrentOrganizationProvider,
  myOrganizationsQueryOptions,
  type TOrganization,
  useOrganizationEvents,
  useSession,
} from '@dash/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useLoaderData, useParams } from 'react-router';
import { rememberOrganization } from '../last-organization';

/** /org/{org}: the organization the loader found, kept fresh from the session's organization list. */
export function OrganizationLayout() {
  const loaded = useLoaderData() as TOrganization;
  const { org } = useParams();
  const { organizations } = useSession();
  const organization = organizations.find((candidate) => candidate.slug === org) ?? loaded;
  useEffect(() => rememberOrganization(organization.slug), [organization.slug]);
  return (
    <CurrentOrganizationProvider organization={organization}>
      <FollowApprovalStatus organizationUid={organization.uid} />
      <Outlet />
    </CurrentOrganizationProvider>
  );
}

/**
 * An operator's KYB decision changes the organization's approvalStatus, which the sidebar and the
 * approved-only routes read from the organization list: the list is asked again on every page of the
 * organization, not only on the pages that show the application. Its own component, so the stream's
 * status changes render nothing else.
 */
function FollowApprovalStatus({ organizationUid }: { organizationUid: string }) {
  const queryClient = useQueryClient();
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: myOrganizationsQueryOptions().queryKey });
  useOrganizationEvents(organizationUid, {
    onEvent: (event) => {
      if (event.type === 'kyb.updated') refresh();
    },
    onResync: refresh,
  });
  return null;
}
