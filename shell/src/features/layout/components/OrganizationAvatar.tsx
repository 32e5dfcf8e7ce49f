import type { TOrganization } from '@dash/shared';
import { Avatar } from '@mantine/core';

export function OrganizationAvatar({
  organization,
  size = 28,
}: {
  organization: TOrganization;
  size?: number;
}) {
  return (
    <Avatar src={organization.avatar} alt="" size={size} radius="sm" color="teal">
      {organization.name.slice(0, 2).toUpperCase()}
    </Avatar>
  );
}
