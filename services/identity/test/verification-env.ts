import { randomUUID } from 'node:crypto';
import { ghanaToday, yearsBefore } from '@krom/contracts/http/dates';
import type { Caller } from '@krom/server-kit/internal-auth';
import { staffCaller } from '@krom/server-kit/testing';
import { afterAll, beforeAll } from 'vitest';
import { openIdentityService } from '../src/open-identity.ts';
import { closeIdentity, type IdentityService, identityTestConfig, multipartForm, sampleImages } from './identity-test-env.ts';
import { startS3TestServer } from './s3-test-server.ts';

/** Dates relative to today, as the date inputs send them. */
export const yearsFromToday = (years: number) => yearsBefore(ghanaToday(), -years);

/** A passenger form that passes every rule. */
export const identityFields = () => ({ fullName: 'Ama Serwaa Mensah', cardNumber: 'GHA-123456789-0', expiryDate: yearsFromToday(3) });
/** A driver form that passes every rule (30 years old, class B). */
export const driverFields = () => ({
  cardNumber: 'GHA-123456789-0',
  fullName: 'Ama Serwaa Mensah',
  dateOfBirth: yearsFromToday(-30),
  licenseNumber: 'DVLA-123456',
  licenseClass: 'B',
  licenseExpiryDate: yearsFromToday(2),
});

export type FormFile = { data: Buffer; filename: string; type: string };
export const png = (filename = 'photo.png'): FormFile => ({ data: sampleImages.png, filename, type: 'image/png' });
export const jpeg = (filename = 'photo.jpg'): FormFile => ({ data: sampleImages.jpeg, filename, type: 'image/jpeg' });

/** Calls of the identity service's verification routes, as the BFF would make them. */
export function verificationCalls(service: IdentityService, as: (caller: Caller) => Promise<Record<string, string>>) {
  const asUser = (userId: string) => as({ kind: 'user', userId });
  const staffId = randomUUID();
  const asStaff = (adminId = staffId) => as(staffCaller(['trust_safety'], adminId));
  const submit = async (userId: string, kind: 'identity' | 'driver', fields: Record<string, string | FormFile>) => {
    const form = await multipartForm(fields);
    return service.app.inject({ method: 'POST', url: `/verification/${kind}`, headers: { ...(await asUser(userId)), ...form.headers }, payload: form.payload });
  };
  return {
    staffId,
    asUser,
    asStaff,
    submit,
    /** The passenger form with its two photos, which must be accepted. */
    async submitIdentity(userId: string, fields: Record<string, string | FormFile> = {}) {
      const response = await submit(userId, 'identity', { ...identityFields(), cardPhoto: png('card.png'), selfiePhoto: jpeg('selfie.jpg'), ...fields });
      if (response.statusCode !== 201) throw new Error(`identity submission failed: ${response.statusCode} ${response.body}`);
      return response.json() as { id: string; kind: string; status: string; submittedAt: string };
    },
    /** The driver form with its four photos, which must be accepted. */
    async submitDriver(userId: string, fields: Record<string, string | FormFile> = {}) {
      const response = await submit(userId, 'driver', {
        ...driverFields(),
        ghanaCardFrontPhoto: png('front.png'),
        ghanaCardBackPhoto: png('back.png'),
        licenseFrontPhoto: jpeg('licence-front.jpg'),
        licenseBackPhoto: jpeg('licence-back.jpg'),
        ...fields,
      });
      if (response.statusCode !== 201) throw new Error(`driver submission failed: ${response.statusCode} ${response.body}`);
      return response.json() as { id: string; kind: string; status: string; submittedAt: string };
    },
    async me(userId: string) {
      return service.app.inject({ method: 'GET', url: '/verification/me', headers: await asUser(userId) });
    },
    async queue(query = '', headers?: Record<string, string>) {
      return service.app.inject({ method: 'GET', url: `/verification/submissions${query}`, headers: headers ?? (await asStaff()) });
    },
    async open(id: string, headers?: Record<string, string>) {
      return service.app.inject({ method: 'GET', url: `/verification/submissions/${id}`, headers: headers ?? (await asStaff()) });
    },
    async decide(id: string, payload: object, headers?: Record<string, string>) {
      return service.app.inject({ method: 'POST', url: `/verification/submissions/${id}/decision`, headers: headers ?? (await asStaff()), payload });
    },
    async document(url: string, headers: Record<string, string>) {
      // The browser's link goes through the BFF's /api; identity's route is the same path without it.
      return service.app.inject({ method: 'GET', url: url.replace(/^\/api/, ''), headers });
    },
  };
}

/**
 * One identity service per test file, with its own S3 stand-in server (s3rver, the real protocol)
 * and the verification calls made as any caller; closed with the file.
 */
export function verificationTestService() {
  const env = {} as {
    service: IdentityService;
    config: ReturnType<typeof identityTestConfig>['config'];
    as: ReturnType<typeof identityTestConfig>['as'];
    calls: ReturnType<typeof verificationCalls>;
  };
  let s3: Awaited<ReturnType<typeof startS3TestServer>>;
  beforeAll(async () => {
    s3 = await startS3TestServer();
    const { config, as } = identityTestConfig(s3.env);
    Object.assign(env, { config, as, service: await openIdentityService(config) });
    env.calls = verificationCalls(env.service, env.as);
  });
  afterAll(async () => {
    await closeIdentity(env.service, env.config.DATABASE_URL);
    await s3.close();
  });
  return env;
}
