import { paths, type TOrganization } from '@dash/shared';
import { Badge, NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';

interface NavItem {
  label: string;
  to: string;
  /** Rails, deposit, explore and open-stable need an Approved organization. */
  needsApproval?: boolean;
  end?: boolean;
}

function itemsFor(org: string): NavItem[] {
  return [
    { label: 'Overview', to: paths.org.root(org), end: true },
    { label: 'Message Center', to: paths.org.messages(org) },
    { label: 'Wallet', to: paths.org.wallet.root(org) },
    { label: 'Rails', to: paths.org.rails.root(org), needsApproval: true },
    { label: 'Deposit', to: paths.org.deposit(org), needsApproval: true },
    { label: 'Explore', to: paths.org.explore.root(org), needsApproval: true },
    { label: 'Open Stable', to: paths.org.openStable.root(org), needsApproval: true },
    { label: 'Documents', to: paths.org.documents(org) },
    { label: 'KYB', to: paths.org.kyb(org) },
    { label: 'Settings', to: paths.org.settings(org) },
  ];
}

export function OrganizationNav({
  organization,
  onNavigate,
}: {
  organization: TOrganization;
  onNavigate: () => void;
}) {
  const approved = organization.approvalStatus === 'Approved';
  const { pathname } = useLocation();
  const isActive = (item: NavItem) => {
    const target = item.to.split('?')[0] ?? item.to;
    return pathname === target || (!item.end && pathname.startsWith(`${target}/`));
  };
  return (
    <Stack gap={2} component="nav" aria-label="Organization">
      {itemsFor(organization.slug).map((item) => {
        const locked = item.needsApproval && !approved;
        return (
          <NavLink
            key={item.to}
            component={Link}
            to={item.to}
            active={isActive(item)}
            aria-current={isActive(item) ? 'page' : undefined}
            label={item.label}
            disabled={locked}
            onClick={onNavigate}
            rightSection={
              locked ? (
                <Badge size="xs" variant="outline" color="gray">
                  Needs approval
                </Badge>
              ) : null
            }
          />
        );
      })}
    </Stack>
  );
}
