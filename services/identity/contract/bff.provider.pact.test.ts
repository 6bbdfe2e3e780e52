import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pactFile, resignAssertion, verifierTimeoutMs } from '@krom/server-kit/pact';
import { hashPassword } from '@krom/server-kit/passwords';
import { Verifier } from '@pact-foundation/pact';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openIdentityService } from '../src/open-identity.ts';
import { closeIdentity, type IdentityService, identityTestConfig, sampleImages } from '../test/identity-test-env.ts';

/** The real identity service verifies what the BFF's pact expects of it. */
let folder: string;
let config: ReturnType<typeof identityTestConfig>['config'];
let service: IdentityService;
let baseUrl: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'krom-identity-pact-'));
  ({ config } = identityTestConfig({ UPLOADS_DIR: folder }));
  service = await openIdentityService(config);
  baseUrl = await service.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await closeIdentity(service, config.DATABASE_URL);
  await rm(folder, { recursive: true, force: true });
});

type AccountParams = { id: string; email: string; phone: string; password: string; firstName: string; lastName: string };

async function forgetAccounts(where: { id?: string; email?: string; phone?: string }) {
  await service.db.$client.query('DELETE FROM users WHERE id = $1 OR lower(email) = lower($2) OR phone = $3', [
    where.id ?? '00000000-0000-0000-0000-000000000000',
    where.email ?? '',
    where.phone ?? '',
  ]);
}

async function createAccount(params: AccountParams) {
  await forgetAccounts(params);
  await service.db.$client.query(
    'INSERT INTO users (id, first_name, last_name, email, phone, password) VALUES ($1, $2, $3, lower($4), $5, $6)',
    [params.id, params.firstName, params.lastName, params.email, params.phone, await hashPassword(params.password)],
  );
  await service.db.$client.query('INSERT INTO user_settings (user_id) VALUES ($1)', [params.id]);
}

it('honours the BFF pact', async () => {
  const file = pactFile('krom-bff', 'krom-identity');
  expect(existsSync(file), `${file} is written by the BFF's consumer test`).toBe(true);
  await new Verifier({
    provider: 'krom-identity',
    providerBaseUrl: baseUrl,
    pactUrls: [file],
    logLevel: 'warn',
    timeout: verifierTimeoutMs,
    requestFilter: (req: { headers: Record<string, string | string[] | undefined> }, _res: unknown, next: (error?: unknown) => void) => {
      resignAssertion(req.headers, config.INTERNAL_AUTH_SECRET, 'identity').then(() => next(), next);
    },
    stateHandlers: {
      'an account exists': async (params: unknown) => {
        await createAccount(params as AccountParams);
        return undefined;
      },
      'no account uses this e-mail or phone': async (params: unknown) => {
        await forgetAccounts(params as { email: string; phone: string });
        return undefined;
      },
      'the account is suspended': async (params: unknown) => {
        const { staffId, ...account } = params as AccountParams & { staffId: string };
        await createAccount(account);
        await service.db.$client.query("UPDATE users SET suspended_at = now(), suspended_reason = 'Took payment outside Krom', suspended_by = $2 WHERE id = $1", [
          account.id,
          staffId,
        ]);
        return undefined;
      },
      'no account has this id': async (params: unknown) => {
        await forgetAccounts(params as { id: string });
        return undefined;
      },
      'the account has a profile photo': async (params: unknown) => {
        const { publicId, ...account } = params as AccountParams & { publicId: string };
        await createAccount(account);
        const objectKey = `profile/${account.id}/${crypto.randomUUID()}.png`;
        await service.store.put(objectKey, sampleImages.png, 'image/png');
        await service.db.$client.query(
          "INSERT INTO uploads (public_id, owner_id, kind, object_key, content_type, size_bytes) VALUES ($1, $2, 'profile', $3, 'image/png', $4)",
          [publicId, account.id, objectKey, sampleImages.png.length],
        );
        return undefined;
      },
    },
  }).verifyProvider();
});
