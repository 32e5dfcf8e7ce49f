import { PageHeader } from '@dash/shared';
import type { ReactNode } from 'react';

/** A rails page whose content a later issue fills in: its title and what it will hold. */
export function PlannedPage({ title, children }: { title: string; children: ReactNode }) {
  return <PageHeader title={title} description={children} />;
}
