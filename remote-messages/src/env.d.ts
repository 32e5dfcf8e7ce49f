/// <reference types="@rsbuild/core/types" />

interface ImportMetaEnv {
  readonly REMOTE_VERSION: string;
}
