import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AboutPanel } from './AboutPanel';

vi.mock('../../remotes/federation', () => ({
  runningRemotes: async () => ({
    organization: 'beta-org',
    remotes: [
      {
        name: 'remote-wallet',
        version: '0.9.1',
        entry: 'http://localhost:3001/releases/remote-wallet/0.9.1/mf-manifest.json',
        loadedVersion: '0.9.1',
      },
      {
        name: 'remote-messages',
        version: '0.1.0',
        entry: 'http://localhost:3011/mf-manifest.json',
        loadedVersion: undefined,
      },
    ],
  }),
}));

describe('the About panel', () => {
  it("lists the shell's version and each remote with the version served and the build running", async () => {
    vi.stubEnv('SHELL_VERSION', '0.1.0');
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <AboutPanel opened onClose={() => undefined} />
        </QueryClientProvider>
      </MantineProvider>,
    );

    const table = await screen.findByRole('table', { name: 'Running versions' });
    expect(within(table).getByRole('row', { name: 'Shell 0.1.0 0.1.0' })).toBeTruthy();
    expect(await within(table).findByRole('row', { name: 'remote-wallet 0.9.1 0.9.1' })).toBeTruthy();
    expect(within(table).getByRole('row', { name: 'remote-messages 0.1.0 not loaded yet' })).toBeTruthy();
    expect(screen.getByText('Versions served for organization beta-org.')).toBeTruthy();
    vi.unstubAllEnvs();
  });
});
