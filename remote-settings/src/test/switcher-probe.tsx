import { useMyOrganizationsQuery } from '@dash/shared';

/** The shell's organization switcher, reduced to the list it reads (tests of pages that change it). */
export function SwitcherProbe() {
  const organizations = useMyOrganizationsQuery();
  return (
    <output aria-label="Switcher">
      {organizations.data?.map((organization) => organization.name).join(', ') ?? 'loading'}
    </output>
  );
}
