import {
  FAILED_TO_FETCH_ORGANIZATIONS,
  meQueryOptions,
  myOrganizationsQueryOptions,
  paths,
  type TOrganization,
  type TSessionUser,
} from '@dash/shared';
import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, redirect, replace, type ShouldRevalidateFunction } from 'react-router';

/**
 * The dashboard's route guards, as router loaders. Each reads through the QueryClient cache, so
 * the gates and the pages see the same session and organization list.
 */

/**
 * The guards judge the path (who may open which organization and area), not its search: when only the
 * search changes (a filter, a page, a tab) none of them runs again, so such a navigation is one render
 * of the page, not a round of loaders and two renders of the whole frame. Anything else (another path,
 * an explicit revalidation) follows the router's default.
 */
export const revalidateOnPathChange: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) =>
  currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search
    ? false
    : defaultShouldRevalidate;

function currentLocation(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /auth: a signed-in user goes to the dashboard. */
export const authLoader = (queryClient: QueryClient) => async () => {
  const user = await queryClient.ensureQueryData(meQueryOptions());
  if (user) throw redirect(paths.home());
  return null;
};

export async function loadOrganizations(queryClient: QueryClient): Promise<TOrganization[]> {
  try {
    return await queryClient.ensureQueryData(myOrganizationsQueryOptions());
  } catch {
    throw new Error(FAILED_TO_FETCH_ORGANIZATIONS);
  }
}

/** The session's user; without one, to /auth?redirect=<here>. */
async function signedInUser(queryClient: QueryClient, request: Request): Promise<TSessionUser> {
  const user = await queryClient.ensureQueryData(meQueryOptions());
  if (!user) throw redirect(paths.auth.signIn(currentLocation(request)));
  return user;
}

/**
 * The user's organizations, for the guards below the dashboard's. The router runs a page's loaders
 * side by side, so each asks for the session first: a visit without one goes to sign-in without
 * asking for a list it would be refused (401).
 */
async function organizationsOfUser(queryClient: QueryClient, request: Request): Promise<TOrganization[]> {
  await signedInUser(queryClient, request);
  return loadOrganizations(queryClient);
}

/** Dashboard layout: needs a session (else /auth?redirect=<here>) and the organization list. */
export const dashboardLoader =
  (queryClient: QueryClient) =>
  async ({
    request,
  }: LoaderFunctionArgs): Promise<{ user: TSessionUser; organizations: TOrganization[] }> => {
    const user = await signedInUser(queryClient, request);
    const organizations = await loadOrganizations(queryClient);
    return { user, organizations };
  };

/** Dashboard index: the first organization, or the create-organization page when there is none. */
export const dashboardIndexLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const [first] = await organizationsOfUser(queryClient, request);
    if (first) throw redirect(paths.org.root(first.slug));
    return null;
  };

/** /org/{org}: the slug must be one of the user's organizations, else back to / (replacing history). */
export const organizationLoader =
  (queryClient: QueryClient) =>
  async ({ params, request }: LoaderFunctionArgs): Promise<TOrganization> => {
    const organizations = await organizationsOfUser(queryClient, request);
    const organization = organizations.find((candidate) => candidate.slug === params.org);
    if (!organization) throw replace(paths.home());
    return organization;
  };

/** Approved-only group: rails, explore, open-stable and deposit need an Approved organization. */
export const approvedOrganizationLoader =
  (queryClient: QueryClient) =>
  async ({ params, request }: LoaderFunctionArgs): Promise<null> => {
    const organizations = await organizationsOfUser(queryClient, request);
    const organization = organizations.find((candidate) => candidate.slug === params.org);
    if (organization?.approvalStatus !== 'Approved') {
      throw replace(organization ? paths.org.root(organization.slug) : paths.home());
    }
    return null;
  };
