/**
 * zod as the contracts use it (`import { z } from '@dash/shared/zod'`), one instance for the shell
 * and every remote: the core contracts in the `@dash/shared` singleton and each area's contracts,
 * bundled into the apps that use them (`@dash/shared/api`), build their schemas with it. The API
 * imports the same module in Node.
 */
export * as z from './zod-members';
