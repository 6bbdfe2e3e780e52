import { pactDir } from '@krom/server-kit/pact';
import { whenRecorded } from '@krom/server-kit/pact-mock-server';
import { withFetchAgainst } from '@krom/ui-kit/testing/fetch-against.ts';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { requestPasswordReset } from '../src/features/recovery/api/request-password-reset.ts';
import { resendResetCode } from '../src/features/recovery/api/resend-reset-code.ts';
import { resetPassword } from '../src/features/recovery/api/reset-password.ts';
import { verifyResetCode } from '../src/features/recovery/api/verify-reset-code.ts';
import { signInUser } from '../src/features/sign-in/api/sign-in-user.ts';
import { registerUser } from '../src/features/sign-up/api/register-user.ts';
import { sendPhoneCode } from '../src/features/sign-up/api/send-phone-code.ts';
import { verifyPhoneCode } from '../src/features/sign-up/api/verify-phone-code.ts';

/**
 * The account frontend's signed-out screens (sign-up, phone code, login, recovery) as consumer of
 * the BFF's /api, each call made by the screen's own request function. States that say "in this
 * session" mean the browser's session cookie carries that flow state; the BFF's provider test
 * sets it up. A code is random and only the provider knows it: the requests take the code that
 * was issued (and a wrong one) from the provider state, 4821 and 1111 being the examples here.
 */
const { like, integer, regex, boolean, uuid, datetime, fromProviderState } = MatchersV3;
const pact = new PactV4({ consumer: 'krom-account-frontend', provider: 'krom-bff', dir: pactDir, logLevel: 'warn' });
const json = { 'Content-Type': regex(/^application\/json/, 'application/json') };
const errorBody = (message: string) => ({ message });
const okBody = { ok: true };

/** The signed-in user as registration and sign-in answer it (a new account: no contact, no photo). */
const amaUser = {
  id: uuid('0f9b6a3e-2c4d-4e5f-8a9b-1c2d3e4f5a6b'),
  firstName: like('Ama'),
  lastName: like('Mensah'),
  email: like('ama.pact@example.com'),
  phone: regex(/^0[2-9]\d{8}$/, '0241234567'),
  emergencyContactName: null,
  emergencyContactPhone: null,
  profileImageUrl: null,
  isVerified: boolean(false),
  verificationStatus: regex(/^(not_submitted|pending|approved|rejected)$/, 'not_submitted'),
  isDriver: boolean(false),
  driverVerificationStatus: regex(/^(not_submitted|pending|approved|rejected)$/, 'not_submitted'),
  createdAt: datetime("yyyy-MM-dd'T'HH:mm:ss.SSSXXX", '2026-11-22T09:30:00.000Z'),
};

const amaRegistration = {
  firstName: 'Ama',
  lastName: 'Mensah',
  email: 'ama.pact@example.com',
  phone: '0241234567',
  password: 'Akwaaba2026',
};

const providerStates = {
  noRecentPhoneCode: 'no phone code was sent to 0241234567 recently',
  phoneCodeJustSent: 'a phone code was sent to 0241234567 moments ago',
  phoneCodeSentInSession: 'a phone code was sent to 0241234567 in this session',
  phoneVerifiedInSession: 'the phone 0241234567 was verified in this session and no account uses it or ama.pact@example.com',
  userExists: 'a user ama.pact@example.com with phone 0241234567 and password Akwaaba2026',
  emailResetStarted: 'a password reset by email for ama.pact@example.com was started in this session',
  smsResetStarted: 'a password reset by sms for 0241234567 was started in this session',
  resetCodeVerified: 'the reset code for ama.pact@example.com was verified in this session',
} as const;

/** The code the provider issued in the state, and one that is not it. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
const issuedCode = fromProviderState('${code}', '4821');
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
const wrongCode = fromProviderState('${wrongCode}', '1111');

describe('account frontend → BFF: sign-up with a phone code', () => {
  it('asks for a sign-up code and learns how long until Send Again', async () => {
    await pact
      .addInteraction()
      .given(providerStates.noRecentPhoneCode)
      .uponReceiving('a request for a sign-up code')
      .withRequest('POST', '/api/sms/send-verification', (b) => b.headers(json).jsonBody({ phoneNumber: '0241234567' }))
      .willRespondWith(200, (b) => b.jsonBody({ message: like('Verification code sent!'), resendAfterSeconds: integer(150) }))
      .executeTest(whenRecorded(async (mock) => {
        const answer = await withFetchAgainst(mock.url, () => sendPhoneCode({ phoneNumber: '0241234567' }));
        expect(answer.resendAfterSeconds).toBe(150);
      }));
  });

  it('hears that the e-mail already has an account before a code is sent', async () => {
    await pact
      .addInteraction()
      .given(providerStates.userExists)
      .uponReceiving('a request for a sign-up code with an e-mail that has an account')
      .withRequest('POST', '/api/sms/send-verification', (b) => b.headers(json).jsonBody({ phoneNumber: '0241234567', email: 'ama.pact@example.com' }))
      .willRespondWith(409, (b) => b.jsonBody(errorBody('An account with this email already exists')))
      .executeTest(whenRecorded(async (mock) => {
        await expect(withFetchAgainst(mock.url, () => sendPhoneCode({ phoneNumber: '0241234567', email: 'ama.pact@example.com' }))).rejects.toThrow(
          /^409: .*An account with this email already exists/,
        );
      }));
  });

  it('hears that the number verified in this session needs no new code (back from "Change phone number")', async () => {
    await pact
      .addInteraction()
      .given(providerStates.phoneVerifiedInSession)
      .uponReceiving('a request for a sign-up code for the number verified in this session')
      .withRequest('POST', '/api/sms/send-verification', (b) => b.headers(json).jsonBody({ phoneNumber: '0241234567', email: 'ama.pact@example.com' }))
      .willRespondWith(200, (b) => b.jsonBody({ message: like('Phone number verified!'), resendAfterSeconds: integer(0), alreadyVerified: true }))
      .executeTest(whenRecorded(async (mock) => {
        const answer = await withFetchAgainst(mock.url, () => sendPhoneCode({ phoneNumber: '0241234567', email: 'ama.pact@example.com' }));
        expect(answer.alreadyVerified).toBe(true);
      }));
  });

  it('hears the wait when Send Again comes too early', async () => {
    await pact
      .addInteraction()
      .given(providerStates.phoneCodeJustSent)
      .uponReceiving('a request for another sign-up code inside the cooldown')
      .withRequest('POST', '/api/sms/send-verification', (b) => b.headers(json).jsonBody({ phoneNumber: '0241234567' }))
      .willRespondWith(429, (b) =>
        b.jsonBody({
          message: regex(/^Please wait \d+ seconds before requesting another code\.$/, 'Please wait 150 seconds before requesting another code.'),
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        await expect(withFetchAgainst(mock.url, () => sendPhoneCode({ phoneNumber: '0241234567' }))).rejects.toThrow(
          /^429: .*Please wait \d+ seconds/,
        );
      }));
  });

  it('verifies the right code, and hears the spec message for a wrong one', async () => {
    await pact
      .addInteraction()
      .given(providerStates.phoneCodeSentInSession)
      .uponReceiving('the right sign-up code')
      .withRequest('POST', '/api/sms/verify-code', (b) =>
        b.headers(json).jsonBody({ phoneNumber: '0241234567', verificationCode: issuedCode }),
      )
      .willRespondWith(200, (b) => b.jsonBody({ message: like('Phone number verified!') }))
      .executeTest(whenRecorded(async (mock) => {
        await withFetchAgainst(mock.url, () => verifyPhoneCode({ phoneNumber: '0241234567', verificationCode: '4821' }));
      }));
    await pact
      .addInteraction()
      .given(providerStates.phoneCodeSentInSession)
      .uponReceiving('a wrong sign-up code')
      .withRequest('POST', '/api/sms/verify-code', (b) =>
        b.headers(json).jsonBody({ phoneNumber: '0241234567', verificationCode: wrongCode }),
      )
      .willRespondWith(400, (b) => b.jsonBody(errorBody('Invalid verification code. Please try again.')))
      .executeTest(whenRecorded(async (mock) => {
        await expect(
          withFetchAgainst(mock.url, () => verifyPhoneCode({ phoneNumber: '0241234567', verificationCode: '1111' })),
        ).rejects.toThrow('Invalid verification code. Please try again.');
      }));
  });

  it('creates the account for the phone verified in this session', async () => {
    await pact
      .addInteraction()
      .given(providerStates.phoneVerifiedInSession)
      .uponReceiving('a registration after the phone was verified')
      .withRequest('POST', '/api/auth/register', (b) => b.headers(json).jsonBody(amaRegistration))
      .willRespondWith(201, (b) => b.jsonBody(amaUser))
      .executeTest(whenRecorded(async (mock) => {
        await withFetchAgainst(mock.url, () => registerUser(amaRegistration));
      }));
  });

  it('is refused an account when no phone was verified in this session', async () => {
    await pact
      .addInteraction()
      .uponReceiving('a registration without a verified phone')
      .withRequest('POST', '/api/auth/register', (b) => b.headers(json).jsonBody(amaRegistration))
      .willRespondWith(400, (b) => b.jsonBody(errorBody('Please verify your phone number first.')))
      .executeTest(whenRecorded(async (mock) => {
        await expect(withFetchAgainst(mock.url, () => registerUser(amaRegistration))).rejects.toThrow(
          'Please verify your phone number first.',
        );
      }));
  });
});

describe('account frontend → BFF: login', () => {
  it('signs in with the right password', async () => {
    await pact
      .addInteraction()
      .given(providerStates.userExists)
      .uponReceiving('a login with the right password')
      .withRequest('POST', '/api/auth/login', (b) =>
        b.headers(json).jsonBody({ email: 'ama.pact@example.com', password: 'Akwaaba2026' }),
      )
      .willRespondWith(200, (b) => b.jsonBody(amaUser))
      .executeTest(whenRecorded(async (mock) => {
        await withFetchAgainst(mock.url, () => signInUser({ email: 'ama.pact@example.com', password: 'Akwaaba2026' }));
      }));
  });

  it('hears the one spec message for a wrong password and for an unknown e-mail', async () => {
    await pact
      .addInteraction()
      .given(providerStates.userExists)
      .uponReceiving('a login with a wrong password')
      .withRequest('POST', '/api/auth/login', (b) =>
        b.headers(json).jsonBody({ email: 'ama.pact@example.com', password: 'Wrong-password1' }),
      )
      .willRespondWith(401, (b) => b.jsonBody(errorBody('Invalid email or password. Please try again.')))
      .executeTest(whenRecorded(async (mock) => {
        await expect(
          withFetchAgainst(mock.url, () => signInUser({ email: 'ama.pact@example.com', password: 'Wrong-password1' })),
        ).rejects.toThrow('401: {"message":"Invalid email or password. Please try again."}');
      }));
    await pact
      .addInteraction()
      .uponReceiving('a login with an e-mail no account uses')
      .withRequest('POST', '/api/auth/login', (b) =>
        b.headers(json).jsonBody({ email: 'nobody.pact@example.com', password: 'Akwaaba2026' }),
      )
      .willRespondWith(401, (b) => b.jsonBody(errorBody('Invalid email or password. Please try again.')))
      .executeTest(whenRecorded(async (mock) => {
        await expect(
          withFetchAgainst(mock.url, () => signInUser({ email: 'nobody.pact@example.com', password: 'Akwaaba2026' })),
        ).rejects.toThrow('401: {"message":"Invalid email or password. Please try again."}');
      }));
  });
});

describe('account frontend → BFF: password recovery', () => {
  const sameAnswer = { message: like('If an account matches, a 4-digit code is on its way.'), resendAfterSeconds: integer(150) };

  it('asks for a reset code by e-mail, and gets the same answer for an unknown phone number', async () => {
    await pact
      .addInteraction()
      .given(providerStates.userExists)
      .uponReceiving('a reset request by email for an existing account')
      .withRequest('POST', '/api/auth/forgot-password', (b) =>
        b.headers(json).jsonBody({ method: 'email', email: 'ama.pact@example.com' }),
      )
      .willRespondWith(200, (b) => b.jsonBody(sameAnswer))
      .executeTest(whenRecorded(async (mock) => {
        const answer = await withFetchAgainst(mock.url, () =>
          requestPasswordReset({ method: 'email', email: 'ama.pact@example.com' }),
        );
        expect(answer.resendAfterSeconds).toBe(150);
      }));
    await pact
      .addInteraction()
      .uponReceiving('a reset request by sms for a phone no account uses')
      .withRequest('POST', '/api/auth/forgot-password', (b) => b.headers(json).jsonBody({ method: 'sms', phone: '0209999999' }))
      .willRespondWith(200, (b) => b.jsonBody(sameAnswer))
      .executeTest(whenRecorded(async (mock) => {
        await withFetchAgainst(mock.url, () => requestPasswordReset({ method: 'sms', phone: '0209999999' }));
      }));
  });

  it('verifies the right reset code with the chosen method, and hears the spec message for a wrong one', async () => {
    await pact
      .addInteraction()
      .given(providerStates.emailResetStarted)
      .uponReceiving('the right reset code')
      .withRequest('POST', '/api/auth/verify-reset-otp', (b) => b.headers(json).jsonBody({ otp: issuedCode, method: 'email' }))
      .willRespondWith(200, (b) => b.jsonBody(okBody))
      .executeTest(whenRecorded(async (mock) => {
        await withFetchAgainst(mock.url, () => verifyResetCode({ otp: '4821', method: 'email' }));
      }));
    await pact
      .addInteraction()
      .given(providerStates.emailResetStarted)
      .uponReceiving('a wrong reset code')
      .withRequest('POST', '/api/auth/verify-reset-otp', (b) => b.headers(json).jsonBody({ otp: wrongCode, method: 'email' }))
      .willRespondWith(400, (b) => b.jsonBody(errorBody('Invalid verification code. Please try again.')))
      .executeTest(whenRecorded(async (mock) => {
        await expect(withFetchAgainst(mock.url, () => verifyResetCode({ otp: '1111', method: 'email' }))).rejects.toThrow(
          'Invalid verification code. Please try again.',
        );
      }));
  });

  it('asks for another reset code by SMS', async () => {
    await pact
      .addInteraction()
      .given(providerStates.smsResetStarted)
      .uponReceiving('a request for another reset code by sms')
      .withRequest('POST', '/api/auth/resend-reset-code', (b) => b.headers(json).jsonBody({ method: 'sms' }))
      .willRespondWith(200, (b) => b.jsonBody(sameAnswer))
      .executeTest(whenRecorded(async (mock) => {
        await withFetchAgainst(mock.url, () => resendResetCode({ method: 'sms' }));
      }));
  });

  it('sets the new password after the code was verified, and is refused before', async () => {
    await pact
      .addInteraction()
      .given(providerStates.resetCodeVerified)
      .uponReceiving('a new password after the reset code was verified')
      .withRequest('POST', '/api/auth/reset-password', (b) => b.headers(json).jsonBody({ password: 'Kumasi2026' }))
      .willRespondWith(200, (b) => b.jsonBody(okBody))
      .executeTest(whenRecorded(async (mock) => {
        await withFetchAgainst(mock.url, () => resetPassword({ password: 'Kumasi2026' }));
      }));
    await pact
      .addInteraction()
      .uponReceiving('a new password without a verified reset code')
      .withRequest('POST', '/api/auth/reset-password', (b) => b.headers(json).jsonBody({ password: 'Kumasi2026' }))
      .willRespondWith(400, (b) => b.jsonBody(errorBody('Please verify your reset code first.')))
      .executeTest(whenRecorded(async (mock) => {
        await expect(withFetchAgainst(mock.url, () => resetPassword({ password: 'Kumasi2026' }))).rejects.toThrow(
          'Please verify your reset code first.',
        );
      }));
  });
});
