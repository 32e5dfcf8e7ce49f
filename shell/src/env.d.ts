/// <reference types="@rsbuild/core/types" />

interface ImportMetaEnv {
  readonly SHELL_VERSION: string;
}
