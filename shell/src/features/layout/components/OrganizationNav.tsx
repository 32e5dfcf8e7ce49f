import { PlainLink, paths, type TOrganization, useT } from '@dash/shared';
import { NavLink, Stack } from '@mantine/core';
import type { MouseEvent } from 'react';
import type { NavigateFunction } from 'react-router';

interface NavItem {
  /** Key of the label under nav. in the shell's messages. */
  label: string;
  to: string;
  /** Rails, deposit, explore and open-stable need an Approved organization. */
  needsApproval?: boolean;
  end?: boolean;
}

function itemsFor(org: string): NavItem[] {
  return [
    { label: 'overview', to: paths.org.root(org), end: true },
    { label: 'messages', to: paths.org.messages(org) },
    { label: 'wallet', to: paths.org.wallet.root(org) },
    { label: 'rails', to: paths.org.rails.root(org), needsApproval: true },
    { label: 'deposit', to: paths.org.deposit(org), needsApproval: true },
    { label: 'explore', to: paths.org.explore.root(org), needsApproval: true },
    { label: 'openStable', to: paths.org.openStable.root(org), needsApproval: true },
    { label: 'documents', to: paths.org.documents(org) },
    { label: 'kyb', to: paths.org.kyb(org) },
    { label: 'settings', to: paths.org.settings(org) },
  ];
}

const preventFollowing = (event: MouseEvent) => event.preventDefault();

export function OrganizationNav({
  organization,
  pathname,
  navigate,
  onNavigate,
}: {
  organization: TOrganization;
  /** The current pathname (the layout's): which item is the current page. */
  pathname: string;
  /** The layout's navigate: the items are plain links that do not render again on every navigation. */
  navigate: NavigateFunction;
  onNavigate: () => void;
}) {
  const { t } = useT('shell');
  const approved = organization.approvalStatus === 'Approved';
  const isActive = (item: NavItem) => {
    const target = item.to.split('?')[0] ?? item.to;
    return pathname === target || (!item.end && pathname.startsWith(`${target}/`));
  };
  return (
    <Stack gap={2} component="nav" aria-label={t('nav.label')}>
      {itemsFor(organization.slug).map((item) => {
        const locked = item.needsApproval && !approved;
        return (
          <NavLink
            key={item.to}
            component={PlainLink}
            to={item.to}
            navigate={navigate}
            active={isActive(item)}
            aria-current={isActive(item) ? 'page' : undefined}
            label={t(`nav.${item.label}`)}
            disabled={locked}
            // Shown and reachable (its description says why it is closed) but not followed: on a link,
            // Mantine's disabled only dims it, and a click landed on the overview without a word.
            aria-disabled={locked || undefined}
            onClick={locked ? preventFollowing : onNavigate}
            // Why it is closed, under its name: beside it, a badge squeezed the name ("Open Stable"
            // wrapped, or was cut to "Open St…" beside "Requiere aprobación").
            description={locked ? t('nav.needsApproval') : undefined}
          />
        );
      })}
    </Stack>
  );
}
