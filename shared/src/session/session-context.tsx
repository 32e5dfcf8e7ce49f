import { createContext, type ReactNode, useContext } from 'react';
import type { TSessionUser } from '../contracts/auth';
import type { TOrganization } from '../contracts/organization';

export interface Session {
  user: TSessionUser;
  organizations: TOrganization[];
}

/**
 * The one session context of the dashboard. The shell provides it; remotes read it through the
 * federation share scope, where this module is a singleton, so there is exactly one instance.
 */
const SessionContext = createContext<Session | null>(null);
const CurrentOrganizationContext = createContext<TOrganization | null>(null);

export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function CurrentOrganizationProvider({
  organization,
  children,
}: {
  organization: TOrganization;
  children: ReactNode;
}) {
  return (
    <CurrentOrganizationContext.Provider value={organization}>{children}</CurrentOrganizationContext.Provider>
  );
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside the dashboard layout (no SessionProvider).');
  return session;
}

export function useOptionalSession(): Session | null {
  return useContext(SessionContext);
}

/** The organization of the current /org/{org} route. */
export function useCurrentOrganization(): TOrganization {
  const organization = useContext(CurrentOrganizationContext);
  if (!organization) throw new Error('useCurrentOrganization must be used under /org/{org}.');
  return organization;
}

/** The current organization when under /org/{org}; null elsewhere (e.g. /settings). */
export function useOptionalCurrentOrganization(): TOrganization | null {
  return useContext(CurrentOrganizationContext);
}
