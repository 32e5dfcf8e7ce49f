import { createRuntimeProbe } from '@dash/shared';
import { useQueryClient } from '@tanstack/react-query';
import React from 'react';

/** Marks this remote's areas with whether they run on the host's React, QueryClient and session. */
export const AreaProbe = createRuntimeProbe(
  'remote-settings',
  import.meta.env.REMOTE_VERSION,
  React,
  useQueryClient,
);
