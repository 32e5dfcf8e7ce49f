import { NotFoundView, useSession } from '@dash/shared';
import type { ReactNode } from 'react';

/** Platform operators' pages: anyone else sees Not Found, as for a page that does not exist. */
export function OperatorsOnly({ children }: { children: ReactNode }) {
  const { user } = useSession();
  return user.operator ? children : <NotFoundView />;
}
