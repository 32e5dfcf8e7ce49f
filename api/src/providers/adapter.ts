// TEMPORARY (issue 49): the provider adapters moved to api/src/modules/providers/adapters.
// transfers/service.ts still imports this old path while it is being split into use-case files; once
// it imports '../providers/index', delete this file (and the rest of this folder).
export type { ProviderTransfer } from '../modules/providers/index';
