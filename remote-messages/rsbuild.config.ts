import { defineRemoteConfig } from '@dash/shared/federation';
import { defineConfig } from '@rsbuild/core';
import pkg from './package.json' with { type: 'json' };

export default defineConfig(({ command }) => defineRemoteConfig(pkg, command));
