import { defineRemoteConfig } from '@dash/shared/federation';
import { defineConfig, mergeRsbuildConfig } from '@rsbuild/core';
import pkg from './package.json' with { type: 'json' };

export default defineConfig(({ command }) =>
  mergeRsbuildConfig(defineRemoteConfig(pkg, command), {
    // The rails namespace's English is registered by each of the four exposed areas: one chunk they
    // share, fetched once, instead of a copy inlined in each (it is below the default split size).
    splitChunks: {
      cacheGroups: {
        railsMessages: {
          test: /src[\\/](i18n\.ts|locales[\\/]en\.json)$/,
          name: 'rails-messages',
          chunks: 'all',
          enforce: true,
        },
      },
    },
  }),
);
