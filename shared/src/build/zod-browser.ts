import path from 'node:path';
import { type RsbuildPlugin, rspack } from '@rsbuild/core';

/** zod's JSON Schema modules, as a resolved file path ends. */
export const ZOD_JSON_SCHEMA_MODULES = /zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors)\.js$/;

/** The module the browser builds take instead (every export throws if called). */
export const ZOD_JSON_SCHEMA_STUB = path.join(import.meta.dirname, 'zod-json-schema-stub.js');

/**
 * A production browser build of an app (shell or remote) without zod's JSON Schema generation: the
 * shared zod singleton (`@dash/shared/zod`) is built whole, and every schema class refers to those
 * modules, so they went to every page though only the API (Node) makes JSON Schema. The stub
 * replaces them by resolved path (zod imports them relatively). The API and the tests keep zod as is.
 */
export function pluginZodWithoutJsonSchema(): RsbuildPlugin {
  return {
    name: 'dash:zod-without-json-schema',
    setup(api) {
      api.modifyRspackConfig((config) => {
        config.plugins ??= [];
        config.plugins.push(
          new rspack.NormalModuleReplacementPlugin(ZOD_JSON_SCHEMA_MODULES, ZOD_JSON_SCHEMA_STUB),
        );
      });
    },
  };
}
