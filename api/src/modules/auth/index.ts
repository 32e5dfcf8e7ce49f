export { createRateLimiter } from './rate-limiter';
export { findUserEmail } from './repo';
export { registerAuthRoutes } from './routes';
export {
  createAuthService,
  createToken,
  hashToken,
  isAllowlisted,
  NOT_ALLOWLISTED_MESSAGE,
  RATE_LIMIT_WINDOW_MS,
  RATE_LIMITED_MESSAGE,
} from './service';
