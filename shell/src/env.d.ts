/// <reference types="@rsbuild/core/types" />

interface ImportMetaEnv {
  readonly SHELL_VERSION: string;
  /** True in the monolith build (MONOLITH=1), which has no federation. */
  readonly MONOLITH: boolean;
}
