import { isolatedServiceConfig } from '@krom/server-kit/testing';
import { readAdminConfig } from '../src/config.ts';

/** A fresh, isolated admin-service configuration on the real PostgreSQL and NATS. */
export const adminTestConfig = (overrides: Record<string, string> = {}) => isolatedServiceConfig('admin', readAdminConfig, overrides);
