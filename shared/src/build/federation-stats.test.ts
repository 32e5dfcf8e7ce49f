import { describe, expect, it } from 'vitest';
import { sortedFederationStats } from './federation-stats';

describe('the federation stats of a build', () => {
  it('list the exposes using a module, and the exports used, in one order whatever order the build wrote', () => {
    const written = (usedIn: string[]) => ({
      id: 'remote_rails',
      shared: [
        {
          name: '@mantine/core',
          usedIn,
          usedExports: ['Table', 'Button'],
          assets: { js: { sync: ['b.js', 'a.js'], async: [] } },
        },
      ],
      exposes: [{ path: './RailsArea', requires: ['react', '@mantine/core'] }],
    });
    const one = sortedFederationStats(written(['./ExploreArea', './DepositPage', './RailsArea']));
    const other = sortedFederationStats(written(['./DepositPage', './RailsArea', './ExploreArea']));
    expect(JSON.stringify(one)).toBe(JSON.stringify(other));
    expect(one).toEqual({
      id: 'remote_rails',
      shared: [
        {
          name: '@mantine/core',
          usedIn: ['./DepositPage', './ExploreArea', './RailsArea'],
          usedExports: ['Button', 'Table'],
          // Lists that are not sets keep their order (asset load order, for one).
          assets: { js: { sync: ['b.js', 'a.js'], async: [] } },
        },
      ],
      exposes: [{ path: './RailsArea', requires: ['react', '@mantine/core'] }],
    });
  });
});
