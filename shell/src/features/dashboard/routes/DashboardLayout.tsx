import {
  currentLocale,
  detectLocale,
  meQueryOptions,
  myOrganizationsQueryOptions,
  SessionProvider,
  setLocale,
  type TOrganization,
  type TSessionUser,
} from '@dash/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Outlet, useLoaderData } from 'react-router';

/** Everything under the dashboard has a session and the organization list (the loader made sure). */
export function DashboardLayout() {
  const loaded = useLoaderData() as { user: TSessionUser; organizations: TOrganization[] };
  const user = useQuery(meQueryOptions()).data ?? loaded.user;
  const organizations = useQuery(myOrganizationsQueryOptions()).data ?? loaded.organizations;
  const session = useMemo(() => ({ user, organizations }), [user, organizations]);
  // The user's language follows them (profile), else the browser's; a change in the profile applies at once.
  // (No navigator on the server's first render, which runs no effect.)
  const locale = user.locale ?? detectLocale(globalThis.navigator?.languages ?? []);
  useEffect(() => {
    if (locale !== currentLocale()) void setLocale(locale);
  }, [locale]);
  return (
    <SessionProvider session={session}>
      <Outlet />
    </SessionProvider>
  );
}
