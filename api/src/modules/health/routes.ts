import { ZHealthResponse } from '@dash/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/route';
import type { HealthService } from './service';

export function registerHealthRoutes(app: FastifyInstance, deps: { health: HealthService }): void {
  defineRoute(app, {
    method: 'GET',
    url: '/health',
    messageCodes: ['messages.databaseDown'],
    response: ZHealthResponse,
    async handler() {
      return deps.health.check();
    },
  });
}
