export { organizationDirectory } from './repo';
export { registerReleaseFileRoutes, registerReleaseRoutes } from './routes';
export { openReleases } from './service';
