import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Caller } from '@krom/server-kit/internal-auth';
import { ASSERTION_HEADER } from '@krom/server-kit/internal-auth';
import { exampleAssertion, pactDir } from '@krom/server-kit/pact';
import { whenRecorded } from '@krom/server-kit/pact-mock-server';
import { isolatedTestEnv } from '@krom/server-kit/testing';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import type { SessionData } from '@fastify/secure-session';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm, sampleImages } from '../../services/identity/test/identity-test-env.ts';
import { buildBffApp } from '../src/app.ts';
import { bffTestConfig, ORIGIN } from '../test/bff-test-config.ts';

/**
 * The BFF as consumer of the identity service: the real BFF handles each public call, and what
 * it asks of identity is checked against what this pact records (then verified against the real
 * identity service by services/identity/contract/bff.provider.pact.test.ts).
 */
const { like, regex, uuid, datetime, boolean } = MatchersV3;
const pact = new PactV4({ consumer: 'krom-bff', provider: 'krom-identity', dir: pactDir, logLevel: 'warn' });
const env = isolatedTestEnv('bffpact');
const redis = new Redis(env.redisUrl);
const jwt = /^[\w-]+\.[\w-]+\.[\w-]+$/;
const isoDate = datetime("yyyy-MM-dd'T'HH:mm:ss.SSSXXX", '2026-11-22T09:30:00.000Z');

/** The account the provider states create. */
const account = {
  id: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  email: 'ama.mensah@example.com',
  phone: '0241234567',
  password: 'Kente-Weave-2026',
  firstName: 'Ama',
  lastName: 'Mensah',
};
const PHOTO_ID = 'pHoToPuBlIcId0123456789a';
const STAFF_ID = '7d2e4f60-1a2b-4c3d-9e8f-112233445566';
let folder: string;
let pngFile: string;

afterAll(async () => {
  const keys = await redis.keys(`${env.redisPrefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
  await rm(folder, { recursive: true, force: true });
});

async function bffAgainst(identityUrl: string): Promise<FastifyInstance> {
  // Every other service is one that is down (bff-test-config.ts), never what listens on its default port;
  // no event subscription, so each of the BFF's calls reaches the mock as the pact records it.
  const config = bffTestConfig(env, { IDENTITY_URL: identityUrl, NATS_URL: undefined });
  return buildBffApp(config, redis);
}

/**
 * The assertions the BFF sends, made before any interaction is built: pact does not await a
 * request builder, so an await inside one would race the mock server's start.
 */
const assertions: Record<'public' | 'user' | 'staff', string> = { public: '', user: '', staff: '' };
beforeAll(async () => {
  assertions.public = await exampleAssertion({ kind: 'public' }, 'identity');
  assertions.user = await exampleAssertion({ kind: 'user', userId: account.id } satisfies Caller, 'identity');
  assertions.staff = await exampleAssertion({ kind: 'admin', adminId: STAFF_ID, roles: ['trust_safety'] } satisfies Caller, 'identity');
  folder = await mkdtemp(join(tmpdir(), 'krom-pact-'));
  pngFile = join(folder, 'profile.png');
  await writeFile(pngFile, sampleImages.png);
});
const as = (kind: 'public' | 'user' | 'staff') => ({ [ASSERTION_HEADER]: regex(jwt, assertions[kind]) });

/** Calls the real BFF with a browser session holding `session` (a signed-in user unless told). */
async function throughBff(
  mockUrl: string,
  call: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object | Buffer; headers?: Record<string, string>; session?: Partial<SessionData> | 'signed-in' | ((bff: FastifyInstance) => Promise<Partial<SessionData>>) },
) {
  const bff = await bffAgainst(mockUrl);
  try {
    const session =
      call.session === 'signed-in'
        ? { user: await bff.sessions.create('user', account.id) }
        : typeof call.session === 'function'
          ? await call.session(bff)
          : (call.session ?? {});
    const cookies = { krom_session: bff.encodeSecureSession(bff.createSecureSession(session)) };
    return await bff.inject({ method: call.method, url: call.url, headers: { origin: ORIGIN, ...call.headers }, cookies, payload: call.payload });
  } finally {
    await bff.close();
  }
}

const user = {
  id: uuid(account.id),
  firstName: like('Ama'),
  lastName: like('Mensah'),
  email: like(account.email),
  phone: regex(/^0[2-9]\d{8}$/, account.phone),
  emergencyContactName: null,
  emergencyContactPhone: null,
  profileImageUrl: null,
  isVerified: boolean(false),
  verificationStatus: regex(/^(not_submitted|pending|approved|rejected)$/, 'not_submitted'),
  isDriver: boolean(false),
  driverVerificationStatus: regex(/^(not_submitted|pending|approved|rejected)$/, 'not_submitted'),
  createdAt: isoDate,
  // Stated only to the member herself; null until she states it.
  gender: null,
};
const anAccountExists = (pactState: ReturnType<typeof pact.addInteraction>) => pactState.given('an account exists', account);
const registration = { firstName: 'Kojo', lastName: 'Antwi', email: 'kojo.antwi@example.com', phone: '0551234567', password: 'Adinkra-Cloth-2026' };
const settings = {
  notifications: { emailNotifications: true, smsNotifications: false, pushNotifications: true, rideReminders: true, promotionalEmails: false },
  privacy: { showPhoneToDrivers: true, showProfileToOthers: true, shareLocationData: true },
};

describe('BFF → identity service: accounts', () => {
  it('registers a visitor whose phone was verified in this session', async () => {
    await pact
      .addInteraction()
      .given('no account uses this e-mail or phone', { email: registration.email, phone: registration.phone })
      .uponReceiving('a registration')
      .withRequest('POST', '/users', (b) => {
        b.headers(as('public')).jsonBody(registration);
      })
      .willRespondWith(201, (b) =>
        b.jsonBody({ ...user, id: uuid(), firstName: 'Kojo', lastName: 'Antwi', email: registration.email, phone: registration.phone }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, {
          method: 'POST',
          url: '/api/auth/register',
          payload: registration,
          session: { signupPhone: { phone: registration.phone, verifiedAt: Date.now() } },
        });
        expect(response.statusCode).toBe(201);
        expect(response.json().email).toBe(registration.email);
      }));
  });

  it('passes a taken e-mail back as 409 with the reason', async () => {
    await anAccountExists(pact.addInteraction())
      .uponReceiving('a registration with an e-mail already registered')
      .withRequest('POST', '/users', (b) => {
        b.headers(as('public')).jsonBody({ ...registration, email: account.email });
      })
      .willRespondWith(409, (b) => b.jsonBody({ message: 'An account with this email already exists' }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, {
          method: 'POST',
          url: '/api/auth/register',
          payload: { ...registration, email: account.email },
          session: { signupPhone: { phone: registration.phone, verifiedAt: Date.now() } },
        });
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe('An account with this email already exists');
      }));
  });

  it('checks credentials at sign-in', async () => {
    await anAccountExists(pact.addInteraction())
      .uponReceiving('a credential check with the right password')
      .withRequest('POST', '/sessions', (b) => {
        b.headers(as('public')).jsonBody({ email: account.email, password: account.password });
      })
      .willRespondWith(200, (b) => b.jsonBody({ user }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, { method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: account.password } });
        expect(response.statusCode).toBe(200);
        expect(response.cookies.map((c) => c.name)).toContain('krom_session');
      }));

    await anAccountExists(pact.addInteraction())
      .uponReceiving('a credential check with a wrong password')
      .withRequest('POST', '/sessions', (b) => {
        b.headers(as('public')).jsonBody({ email: account.email, password: 'Wrong-Password-1' });
      })
      .willRespondWith(401, (b) => b.jsonBody({ message: 'Invalid email or password. Please try again.' }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, { method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: 'Wrong-Password-1' } });
        expect(response.statusCode).toBe(401);
        expect(response.json().message).toBe('Invalid email or password. Please try again.');
      }));
  });

  it('reads the signed-in user, and learns when the account is gone', async () => {
    await anAccountExists(pact.addInteraction())
      .uponReceiving('a request for the signed-in user')
      .withRequest('GET', '/users/me', (b) => {
        b.headers(as('user'));
      })
      .willRespondWith(200, (b) => b.jsonBody(user))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, { method: 'GET', url: '/api/auth/user', session: 'signed-in' });
        expect(response.statusCode).toBe(200);
        expect(response.json().id).toBe(account.id);
      }));

    await pact
      .addInteraction()
      .given('no account has this id', { id: account.id })
      .uponReceiving('a request for a signed-in user whose account was deleted')
      .withRequest('GET', '/users/me', (b) => {
        b.headers(as('user'));
      })
      .willRespondWith(404, (b) => b.jsonBody({ message: 'Account not found' }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, { method: 'GET', url: '/api/auth/user', session: 'signed-in' });
        expect(response.statusCode).toBe(401);
      }));
  });

  it('saves the profile', async () => {
    const body = { firstName: 'Abena', lastName: 'Asante', emergencyContactName: 'Yaw Asante', emergencyContactPhone: '0551234567', gender: 'woman' };
    await anAccountExists(pact.addInteraction())
      .uponReceiving('a profile update')
      .withRequest('PUT', '/users/me/profile', (b) => {
        b.headers(as('user')).jsonBody(body);
      })
      .willRespondWith(200, (b) => b.jsonBody({ ...user, ...body }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, { method: 'PUT', url: '/api/auth/profile', payload: body, session: 'signed-in' });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ firstName: 'Abena', gender: 'woman' });
      }));
  });

  it('changes the password after checking the current one', async () => {
    await anAccountExists(pact.addInteraction())
      .uponReceiving('a password change with the right current password')
      .withRequest('POST', '/users/me/password', (b) => {
        b.headers(as('user')).jsonBody({ currentPassword: account.password, newPassword: 'Volta-River-88' });
      })
      .willRespondWith(200, (b) => b.jsonBody({ ok: true }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, {
          method: 'POST',
          url: '/api/auth/change-password',
          payload: { currentPassword: account.password, newPassword: 'Volta-River-88' },
          session: 'signed-in',
        });
        expect(response.statusCode).toBe(200);
      }));

    await anAccountExists(pact.addInteraction())
      .uponReceiving('a password change with a wrong current password')
      .withRequest('POST', '/users/me/password', (b) => {
        b.headers(as('user')).jsonBody({ currentPassword: 'Wrong-Password-1', newPassword: 'Volta-River-88' });
      })
      .willRespondWith(400, (b) => b.jsonBody({ message: 'Current password is incorrect.' }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, {
          method: 'POST',
          url: '/api/auth/change-password',
          payload: { currentPassword: 'Wrong-Password-1', newPassword: 'Volta-River-88' },
          session: 'signed-in',
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('Current password is incorrect.');
      }));
  });

  it('reads and saves the settings', async () => {
    await anAccountExists(pact.addInteraction())
      .uponReceiving('a request for the settings')
      .withRequest('GET', '/users/me/settings', (b) => {
        b.headers(as('user'));
      })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          notifications: {
            emailNotifications: boolean(true),
            smsNotifications: boolean(true),
            pushNotifications: boolean(true),
            rideReminders: boolean(true),
            promotionalEmails: boolean(false),
          },
          privacy: { showPhoneToDrivers: boolean(true), showProfileToOthers: boolean(true), shareLocationData: boolean(true) },
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, { method: 'GET', url: '/api/user/settings', session: 'signed-in' });
        expect(response.json().privacy.showProfileToOthers).toBe(true);
      }));

    await anAccountExists(pact.addInteraction())
      .uponReceiving('new notification settings')
      .withRequest('PUT', '/users/me/settings/notifications', (b) => {
        b.headers(as('user')).jsonBody(settings.notifications);
      })
      .willRespondWith(200, (b) => b.jsonBody(settings))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, { method: 'PUT', url: '/api/user/notifications', payload: settings.notifications, session: 'signed-in' });
        expect(response.json().notifications.smsNotifications).toBe(false);
      }));

    const privacy = { showPhoneToDrivers: false, showProfileToOthers: true, shareLocationData: true };
    await anAccountExists(pact.addInteraction())
      .uponReceiving('new privacy settings')
      .withRequest('PUT', '/users/me/settings/privacy', (b) => {
        b.headers(as('user')).jsonBody(privacy);
      })
      .willRespondWith(200, (b) => b.jsonBody({ notifications: like(settings.notifications), privacy }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, { method: 'PUT', url: '/api/user/privacy', payload: privacy, session: 'signed-in' });
        expect(response.json().privacy.showPhoneToDrivers).toBe(false);
      }));
  });

  it('deletes the account', async () => {
    await anAccountExists(pact.addInteraction())
      .uponReceiving('an account deletion')
      .withRequest('DELETE', '/users/me', (b) => {
        b.headers(as('user'));
      })
      .willRespondWith(200, (b) => b.jsonBody({ ok: true }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, { method: 'DELETE', url: '/api/user', session: 'signed-in' });
        expect(response.statusCode).toBe(200);
      }));
  });
});

describe('BFF → identity service: suspensions', () => {
  const staffSession = async (bff: FastifyInstance) => ({ admin: await bff.sessions.create('admin', STAFF_ID, ['trust_safety']) });
  const suspension = (suspended: boolean) => ({
    userId: uuid(account.id),
    suspendedAt: suspended ? isoDate : null,
    reason: suspended ? like('Took payment outside Krom') : null,
    suspendedBy: suspended ? uuid(STAFF_ID) : null,
  });

  it('suspends a member with staff’s reason', async () => {
    await anAccountExists(pact.addInteraction())
      .uponReceiving('a suspension by trust and safety staff')
      .withRequest('POST', `/staff/members/${account.id}/suspension`, (b) => {
        b.headers(as('staff')).jsonBody({ reason: 'Took payment outside Krom' });
      })
      .willRespondWith(200, (b) => b.jsonBody(suspension(true)))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, {
          method: 'POST',
          url: `/api/admin/members/${account.id}/suspension`,
          payload: { reason: 'Took payment outside Krom' },
          session: staffSession,
        });
        expect(response.statusCode).toBe(200);
        expect(response.json().suspendedBy).toBe(STAFF_ID);
      }));
  });

  it('lifts a suspension', async () => {
    await pact
      .addInteraction()
      .given('the account is suspended', { ...account, staffId: STAFF_ID })
      .uponReceiving('a suspension lifted by trust and safety staff')
      .withRequest('DELETE', `/staff/members/${account.id}/suspension`, (b) => {
        b.headers(as('staff'));
      })
      .willRespondWith(200, (b) => b.jsonBody(suspension(false)))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, { method: 'DELETE', url: `/api/admin/members/${account.id}/suspension`, session: staffSession });
        expect(response.statusCode).toBe(200);
        expect(response.json().suspendedAt).toBeNull();
      }));
  });
});

describe('BFF → identity service: staff', () => {
  it("finds a member for the admin area's Members tab by their phone in the international form", async () => {
    await anAccountExists(pact.addInteraction())
      .uponReceiving('a staff search of members by phone')
      .withRequest('GET', '/staff/members', (b) => {
        // Forwarded as staff typed it: identity reads the number in any Ghana form.
        b.headers(as('staff')).query({ q: '+233 24 123 4567' });
      })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          members: [
            {
              id: uuid(account.id),
              firstName: like('Ama'),
              lastName: like('Mensah'),
              phone: account.phone,
              email: like(account.email),
              createdAt: isoDate,
              verificationStatus: regex(/^(not_submitted|pending|approved|rejected)$/, 'not_submitted'),
              driverVerificationStatus: regex(/^(not_submitted|pending|approved|rejected)$/, 'not_submitted'),
              deleted: boolean(false),
              suspended: boolean(false),
            },
          ],
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, {
          method: 'GET',
          url: '/api/admin/members?q=%2B233%2024%20123%204567',
          session: async (bff) => ({ admin: await bff.sessions.create('admin', STAFF_ID, ['trust_safety']) }),
        });
        expect(response.statusCode).toBe(200);
        expect(response.json().members).toEqual([expect.objectContaining({ id: account.id, phone: account.phone })]);
      }));
  });
});

describe("BFF → identity service: the admin area's member page", () => {
  it("reads the member's account (rides, not running here, shows unavailable; payments, not for trust and safety, restricted)", async () => {
    await anAccountExists(pact.addInteraction())
      .uponReceiving("a staff read of one member's account")
      .withRequest('GET', `/staff/members/${account.id}`, (b) => {
        b.headers(as('staff'));
      })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          id: uuid(account.id),
          firstName: like('Ama'),
          lastName: like('Mensah'),
          phone: account.phone,
          email: like(account.email),
          createdAt: isoDate,
          verificationStatus: regex(/^(not_submitted|pending|approved|rejected)$/, 'not_submitted'),
          driverVerificationStatus: regex(/^(not_submitted|pending|approved|rejected)$/, 'not_submitted'),
          deleted: boolean(false),
          suspended: boolean(false),
          suspendedAt: null,
          suspensionReason: null,
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, {
          method: 'GET',
          url: `/api/admin/members/${account.id}`,
          session: async (bff) => ({ admin: await bff.sessions.create('admin', STAFF_ID, ['trust_safety']) }),
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ account: expect.objectContaining({ available: true, id: account.id }), rides: { available: false }, cases: { available: false }, payments: { available: false, restricted: true } });
      }));
  });

  it('hears 404 for a member identity does not know', async () => {
    const unknown = '0e0e0e0e-1111-4222-8333-444455556666';
    await pact
      .addInteraction()
      .uponReceiving("a staff read of an unknown member's account")
      .withRequest('GET', `/staff/members/${unknown}`, (b) => {
        b.headers(as('staff'));
      })
      .willRespondWith(404, (b) => b.jsonBody({ message: 'Member not found' }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, {
          method: 'GET',
          url: `/api/admin/members/${unknown}`,
          session: async (bff) => ({ admin: await bff.sessions.create('admin', STAFF_ID, ['trust_safety']) }),
        });
        expect([response.statusCode, response.json().message]).toEqual([404, 'Member not found']);
      }));
  });
});

describe('BFF → identity service: recovery', () => {
  it('looks the account up by e-mail and by phone, and hears when none matches', async () => {
    await anAccountExists(pact.addInteraction())
      .uponReceiving('a recovery look-up by e-mail')
      .withRequest('POST', '/recovery/lookup', (b) => {
        b.headers(as('public')).jsonBody({ email: account.email });
      })
      .willRespondWith(200, (b) => b.jsonBody({ userId: uuid(account.id), email: account.email, phone: like(account.phone) }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, { method: 'POST', url: '/api/auth/forgot-password', payload: { method: 'email', email: account.email } });
        expect(response.statusCode).toBe(200);
      }));

    await anAccountExists(pact.addInteraction())
      .uponReceiving('a recovery look-up by phone')
      .withRequest('POST', '/recovery/lookup', (b) => {
        b.headers(as('public')).jsonBody({ phone: account.phone });
      })
      .willRespondWith(200, (b) => b.jsonBody({ userId: uuid(account.id), email: like(account.email), phone: account.phone }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, { method: 'POST', url: '/api/auth/forgot-password', payload: { method: 'sms', phone: account.phone } });
        expect(response.statusCode).toBe(200);
      }));

    await pact
      .addInteraction()
      .uponReceiving('a recovery look-up that matches no account')
      .withRequest('POST', '/recovery/lookup', (b) => {
        b.headers(as('public')).jsonBody({ email: 'nobody@example.com' });
      })
      .willRespondWith(404, (b) => b.jsonBody({ message: 'Account not found' }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, { method: 'POST', url: '/api/auth/forgot-password', payload: { method: 'email', email: 'nobody@example.com' } });
        expect(response.statusCode).toBe(200);
      }));
  });

  it('sets the new password for the account whose code was verified in this session', async () => {
    await anAccountExists(pact.addInteraction())
      .uponReceiving('a new password after a verified reset code')
      .withRequest('PUT', '/users/me/password-reset', (b) => {
        b.headers(as('user')).jsonBody({ password: 'Cape-Coast-2027' });
      })
      .willRespondWith(200, (b) => b.jsonBody({ ok: true }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, {
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: { password: 'Cape-Coast-2027' },
          // A verified code leaves a one-time grant on the server as well as the mark in the cookie.
          session: async (bff) => ({
            reset: { userId: account.id, method: 'email', startedAt: Date.now(), verifiedAt: Date.now(), grant: await bff.sessions.createGrant('reset', account.id, 600) },
          }),
        });
        expect(response.statusCode).toBe(200);
      }));
  });
});

describe('BFF → identity service: uploads', () => {
  it('forwards the profile screen’s image upload as it came', async () => {
    await anAccountExists(pact.addInteraction())
      .uponReceiving('a profile photo upload')
      .withRequest('POST', '/uploads', (b) => {
        b.headers(as('user')).multipartBody('image/png', pngFile, 'image');
      })
      .willRespondWith(201, (b) => b.jsonBody({ url: regex(/^\/api\/uploads\/[\w-]+$/, `/api/uploads/${PHOTO_ID}`), publicId: like(PHOTO_ID) }))
      .executeTest(whenRecorded(async (mock) => {
        const form = await multipartForm({ image: { data: sampleImages.png, filename: 'profile.png', type: 'image/png' } });
        const response = await throughBff(mock.url, { method: 'POST', url: '/api/upload', payload: form.payload, headers: form.headers, session: 'signed-in' });
        expect(response.statusCode).toBe(201);
        expect(response.json().url).toMatch(/^\/api\/uploads\//);
      }));
  });

  it('reads and deletes a photo', async () => {
    await pact
      .addInteraction()
      .given('the account has a profile photo', { ...account, publicId: PHOTO_ID })
      .uponReceiving('a request for a profile photo')
      .withRequest('GET', `/uploads/${PHOTO_ID}`, (b) => {
        b.headers(as('user'));
      })
      .willRespondWith(200, (b) => b.headers({ 'content-type': 'image/png' }).binaryFile('image/png', pngFile))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, { method: 'GET', url: `/api/uploads/${PHOTO_ID}`, session: 'signed-in' });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('image/png');
      }));

    await pact
      .addInteraction()
      .given('the account has a profile photo', { ...account, publicId: PHOTO_ID })
      .uponReceiving('a deletion of the owner’s photo')
      .withRequest('DELETE', `/uploads/${PHOTO_ID}`, (b) => {
        b.headers(as('user'));
      })
      .willRespondWith(200, (b) => b.jsonBody({ ok: true }))
      .executeTest(whenRecorded(async (mock) => {
        const response = await throughBff(mock.url, { method: 'DELETE', url: '/api/upload', payload: { publicId: PHOTO_ID }, session: 'signed-in' });
        expect(response.statusCode).toBe(200);
      }));
  });
});
