import { CurrentOrganizationProvider, type TOrganization, useSession } from '@dash/shared';
import { useEffect } from 'react';
import { Outlet, useLoaderData, useParams } from 'react-router-dom';
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
      <Outlet />
    </CurrentOrganizationProvider>
  );
}
