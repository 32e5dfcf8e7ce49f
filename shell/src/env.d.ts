/// <reference types="@rsbuild/core/types" />

interface ImportMetaEnv {
  readonly SHELL_VERSION: string;
  /** True in the monolith build (MONOLITH=1), which has no federation. */
  readonly MONOLITH: boolean;
  /** Each language's `bootFailure` texts from src/locales (rsbuild.config.ts), for a page that cannot start. */
  readonly BOOT_FAILURE_TEXTS: Readonly<Record<string, import('./boot-failure').BootFailureTexts>>;
}
