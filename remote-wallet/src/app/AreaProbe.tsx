import { RuntimeProbe } from '@dash/shared';
import { useQueryClient } from '@tanstack/react-query';
import React from 'react';

/** Marks this remote's areas with whether they run on the host's React, QueryClient and session. */
export function AreaProbe() {
  const queryClient = useQueryClient();
  return (
    <RuntimeProbe
      remote="remote-wallet"
      version={import.meta.env.REMOTE_VERSION}
      react={React}
      queryClient={queryClient}
    />
  );
}
