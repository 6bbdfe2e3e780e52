import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pactDir } from '@krom/server-kit/pact';
import { whenRecorded } from '@krom/server-kit/pact-mock-server';
import { logout } from '@krom/ui-kit/signed-in-frame-sign-out.tsx';
import { getNotifications } from '@krom/ui-kit/signed-in-frame-notifications.tsx';
import { withFetchAgainst } from '@krom/ui-kit/testing/fetch-against.ts';
import { uploadImage } from '@krom/ui-kit/upload-image.tsx';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { markAllNotificationsRead } from '../src/features/notifications/api/mark-all-notifications-read.ts';
import { markNotificationRead } from '../src/features/notifications/api/mark-notification-read.ts';
import { confirmPaymentMethod } from '../src/features/payments/api/confirm-payment-method.ts';
import { createPaymentMethod } from '../src/features/payments/api/create-payment-method.ts';
import { deletePaymentMethod } from '../src/features/payments/api/delete-payment-method.ts';
import { getPaymentMethods } from '../src/features/payments/api/get-payment-methods.ts';
import { sendPaymentMethodCode } from '../src/features/payments/api/send-payment-method-code.ts';
import { getPaymentReceipt } from '../src/features/payments/api/get-payment-receipt.ts';
import { getPayments } from '../src/features/payments/api/get-payments.ts';
import { setDefaultPaymentMethod } from '../src/features/payments/api/set-default-payment-method.ts';
import { updatePaymentMethod } from '../src/features/payments/api/update-payment-method.ts';
import { deleteUpload } from '../src/features/profile/api/delete-upload.ts';
import { updateProfile } from '../src/features/profile/api/update-profile.ts';
import { changePassword } from '../src/features/settings/api/change-password.ts';
import { deleteAccount } from '../src/features/settings/api/delete-account.ts';
import { downloadMyData } from '../src/features/settings/api/download-my-data.ts';
import { getUserSettings } from '../src/features/settings/api/get-user-settings.ts';
import { updateNotificationSettings } from '../src/features/settings/api/update-notification-settings.ts';
import { updatePrivacySettings } from '../src/features/settings/api/update-privacy-settings.ts';

/**
 * The account frontend's signed-in screens (profile, settings, payments, notifications, and the
 * signed-in frame's logout) as consumer of the BFF's /api, each call made by the screen's own
 * request function. "a signed-in user" means the browser carries that user's session cookie;
 * ids and numbers in a state's parameters are the ones the provider creates for it.
 */
const { like, boolean, integer, uuid, datetime, regex, eachLike, string, fromProviderState } = MatchersV3;
const pact = new PactV4({ consumer: 'krom-account-frontend', provider: 'krom-bff', dir: pactDir, logLevel: 'warn' });
const json = { 'Content-Type': regex(/^application\/json/, 'application/json') };
const isoDate = datetime("yyyy-MM-dd'T'HH:mm:ss.SSSXXX", '2026-11-22T09:30:00.000Z');
const ok = { ok: true };

const ids = {
  notification: '5f0c2d8e-9a41-4d7b-8a36-0b7e2c1d4f51',
  mtnMethod: '8b1e7c64-3f2a-4c59-9d08-6a5e4b3c2d19',
  telecelMethod: '2c9d4e1f-7a6b-4853-b2c0-9e8f7a6d5c43',
  photo: 'PactProfilePhoto0001',
  payment: '9e8d7c6b-5a49-4382-a716-151413121110',
} as const;

const providerStates = {
  signedIn: 'a signed-in user',
  withPassword: 'a signed-in user whose password is Akwaaba-2026',
  withUploadedPhoto: 'a signed-in user who uploaded a profile photo',
  withUnreadNotification: 'a signed-in user with an unread notification',
  withPaymentThisMonth: 'a signed-in user who paid for a ride this month',
  withPaymentMethod: 'a signed-in user with a payment method',
  withTwoPaymentMethods: 'a signed-in user with two payment methods',
  withMethodCodeTexted: 'a signed-in user with a payment method texted a confirmation code',
} as const;

/** The confirmation code the provider texted in the state, and one that is not it. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
const issuedCode = fromProviderState('${code}', '4821');
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact expression the verifier fills from the provider state
const wrongCode = fromProviderState('${wrongCode}', '1111');
const photoState = { publicId: ids.photo };
const mtnState = { id: ids.mtnMethod, provider: 'mtn', number: '0241234567' };

const settingsBody = {
  notifications: {
    emailNotifications: boolean(true),
    smsNotifications: boolean(true),
    pushNotifications: boolean(true),
    rideReminders: boolean(true),
    promotionalEmails: boolean(false),
  },
  privacy: { showPhoneToDrivers: boolean(true), showProfileToOthers: boolean(true), shareLocationData: boolean(true) },
};

const userBody = (overrides: Record<string, unknown> = {}) => ({
  id: uuid('0f9b6a3e-2c4d-4e5f-8a9b-1c2d3e4f5a6b'),
  firstName: like('Ama'),
  lastName: like('Mensah'),
  email: like('ama.pact@example.com'),
  phone: regex(/^0[2-9]\d{8}$/, '0241234567'),
  emergencyContactName: like('Kofi Mensah'),
  emergencyContactPhone: like('0201112223'),
  profileImageUrl: null,
  isVerified: boolean(false),
  verificationStatus: regex(/^(not_submitted|pending|approved|rejected)$/, 'not_submitted'),
  isDriver: boolean(false),
  driverVerificationStatus: regex(/^(not_submitted|pending|approved|rejected)$/, 'not_submitted'),
  createdAt: isoDate,
  ...overrides,
});

const methodBody = (id: string, provider: string, masked: string, isDefault: boolean) => ({
  id: uuid(id),
  type: 'mobile_money',
  provider,
  number: regex(/^0\d{2} \*\*\* \d{4}$/, masked),
  isDefault,
  verified: boolean(false),
});

/**
 * Runs `work` with a browser's XMLHttpRequest, FormData and File (jsdom's, which really send
 * over HTTP) on a page served from `origin`: the photo upload reports progress through
 * XMLHttpRequest, which Node lacks, and its relative URL then reaches the mock server.
 */
async function inBrowserPageAt<T>(origin: string, work: (window: JSDOM['window']) => Promise<T>): Promise<T> {
  const { window } = new JSDOM('', { url: `${origin}/profile` });
  const globals = globalThis as Record<string, unknown>;
  const saved = { XMLHttpRequest: globals.XMLHttpRequest, FormData: globals.FormData, File: globals.File };
  Object.assign(globals, { XMLHttpRequest: window.XMLHttpRequest, FormData: window.FormData, File: window.File });
  try {
    return await work(window);
  } finally {
    Object.assign(globals, saved);
    window.close();
  }
}

/** A real 1×1 PNG: the server checks an upload's type from its bytes. */
const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('account frontend → BFF: profile', () => {
  it('saves names and the emergency contact and gets the saved user back', async () => {
    await pact
      .addInteraction()
      .given(providerStates.signedIn)
      .uponReceiving('a profile update from the profile page')
      .withRequest('PUT', '/api/auth/profile', (b) =>
        b.headers(json).jsonBody({
          firstName: 'Ama',
          lastName: 'Mensah',
          email: 'ama.pact@example.com',
          phone: '0241234567',
          emergencyContactName: 'Kofi Mensah',
          emergencyContactPhone: '0201112223',
          profileImageUrl: null,
        }),
      )
      .willRespondWith(200, (b) => b.jsonBody(userBody()))
      .executeTest(whenRecorded(async (mock) => {
        const saved = await withFetchAgainst(mock.url, () =>
          updateProfile({
            firstName: 'Ama',
            lastName: 'Mensah',
            email: 'ama.pact@example.com',
            phone: '0241234567',
            emergencyContactName: 'Kofi Mensah',
            emergencyContactPhone: '0201112223',
            profileImageUrl: null,
          }),
        );
        expect(saved.emergencyContactName).toBe('Kofi Mensah');
      }));
  });

  it("hears the spec's message for a name that is too short", async () => {
    await pact
      .addInteraction()
      .given(providerStates.signedIn)
      .uponReceiving('a profile update with a one-letter first name')
      .withRequest('PUT', '/api/auth/profile', (b) =>
        b.headers(json).jsonBody({ firstName: 'A', lastName: 'Mensah', email: 'ama.pact@example.com', phone: '0241234567' }),
      )
      .willRespondWith(400, (b) => b.jsonBody({ message: 'First name must be at least 2 characters' }))
      .executeTest(whenRecorded(async (mock) => {
        await expect(
          withFetchAgainst(mock.url, () => updateProfile({ firstName: 'A', lastName: 'Mensah', email: 'ama.pact@example.com', phone: '0241234567' })),
        ).rejects.toThrow('First name must be at least 2 characters');
      }));
  });

  it('uploads a profile photo as multipart form data and learns its URL', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'krom-pact-'));
    const photoPath = path.join(dir, 'photo.png');
    writeFileSync(photoPath, onePixelPng);
    await pact
      .addInteraction()
      .given(providerStates.signedIn)
      .uponReceiving('a profile photo upload')
      .withRequest('POST', '/api/upload', (b) => b.multipartBody('image/png', photoPath, 'image'))
      .willRespondWith(201, (b) =>
        b.jsonBody({ url: regex(/^\/api\/uploads\/[A-Za-z0-9_-]{16,64}$/, `/api/uploads/${ids.photo}`), publicId: string(ids.photo) }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const progress: number[] = [];
        const uploaded = await inBrowserPageAt(mock.url, (window) => {
          const file = new window.File([onePixelPng], 'photo.png', { type: 'image/png' });
          return uploadImage(file, { type: 'profile', userId: '0f9b6a3e-2c4d-4e5f-8a9b-1c2d3e4f5a6b' }, (percent) => progress.push(percent));
        });
        expect(uploaded.url).toBe(`/api/uploads/${ids.photo}`);
        expect(progress.at(-1)).toBe(100);
      }));
  });

  it('saves an uploaded photo on the profile', async () => {
    await pact
      .addInteraction()
      .given(providerStates.withUploadedPhoto, photoState)
      .uponReceiving('a profile update with the uploaded photo')
      .withRequest('PUT', '/api/auth/profile', (b) =>
        b.headers(json).jsonBody({
          firstName: 'Ama',
          lastName: 'Mensah',
          email: 'ama.pact@example.com',
          phone: '0241234567',
          emergencyContactName: null,
          emergencyContactPhone: null,
          profileImageUrl: `/api/uploads/${ids.photo}`,
        }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(userBody({ emergencyContactName: null, emergencyContactPhone: null, profileImageUrl: `/api/uploads/${ids.photo}` })),
      )
      .executeTest(whenRecorded(async (mock) => {
        const saved = await withFetchAgainst(mock.url, () =>
          updateProfile({
            firstName: 'Ama',
            lastName: 'Mensah',
            email: 'ama.pact@example.com',
            phone: '0241234567',
            emergencyContactName: null,
            emergencyContactPhone: null,
            profileImageUrl: `/api/uploads/${ids.photo}`,
          }),
        );
        expect(saved.profileImageUrl).toBe(`/api/uploads/${ids.photo}`);
      }));
  });

  it('deletes an upload nothing uses', async () => {
    await pact
      .addInteraction()
      .given(providerStates.withUploadedPhoto, photoState)
      .uponReceiving('the deletion of an unused upload')
      .withRequest('DELETE', '/api/upload', (b) => b.headers(json).jsonBody({ publicId: ids.photo }))
      .willRespondWith(200, (b) => b.jsonBody(ok))
      .executeTest(whenRecorded(async (mock) => {
        await withFetchAgainst(mock.url, () => deleteUpload(ids.photo));
      }));
  });
});

describe('account frontend → BFF: account settings', () => {
  it('reads the saved notification and privacy settings', async () => {
    await pact
      .addInteraction()
      .given(providerStates.signedIn)
      .uponReceiving('a request for the user settings')
      .withRequest('GET', '/api/user/settings')
      .willRespondWith(200, (b) => b.jsonBody(settingsBody))
      .executeTest(whenRecorded(async (mock) => {
        const settings = await withFetchAgainst(mock.url, getUserSettings);
        expect(settings.notifications.promotionalEmails).toBe(false);
      }));
  });

  it("downloads the member's own data as one file", async () => {
    await pact
      .addInteraction()
      .given(providerStates.signedIn)
      .uponReceiving("a request for the member's data download")
      .withRequest('GET', '/api/user/data-export')
      .willRespondWith(200, (b) =>
        b.headers({ 'Content-Disposition': regex(/^attachment; filename="krom-data-\d{4}-\d{2}-\d{2}\.json"$/, 'attachment; filename="krom-data-2026-11-28.json"') }).jsonBody({
          format: 'krom-data-export/1',
          exportedAt: isoDate,
          identity: { account: userBody({ emergencyContactName: null, emergencyContactPhone: null }), settings: settingsBody, verifications: [] },
          rides: { ridesDriven: [], bookingsMade: [], bookingsReceived: [], reviewsGiven: [], reviewsReceived: [], messages: [] },
          payments: { payments: [], refunds: [], payouts: [], paymentMethods: [] },
        }),
      )
      .executeTest(
        whenRecorded(async (mock) => {
          const file = await withFetchAgainst(mock.url, downloadMyData);
          expect(file.identity.account.firstName).toBe('Ama');
        }),
      );
  });

  it('saves the full notification settings and gets every setting back', async () => {
    const notifications = { emailNotifications: true, smsNotifications: false, pushNotifications: true, rideReminders: true, promotionalEmails: false };
    await pact
      .addInteraction()
      .given(providerStates.signedIn)
      .uponReceiving('new notification settings')
      .withRequest('PUT', '/api/user/notifications', (b) => b.headers(json).jsonBody(notifications))
      .willRespondWith(200, (b) => b.jsonBody({ ...settingsBody, notifications: { ...settingsBody.notifications, smsNotifications: false } }))
      .executeTest(whenRecorded(async (mock) => {
        const saved = await withFetchAgainst(mock.url, () => updateNotificationSettings(notifications));
        expect(saved.notifications.smsNotifications).toBe(false);
      }));
  });

  it('saves the full privacy settings and gets every setting back', async () => {
    const privacy = { showPhoneToDrivers: false, showProfileToOthers: true, shareLocationData: true };
    await pact
      .addInteraction()
      .given(providerStates.signedIn)
      .uponReceiving('new privacy settings')
      .withRequest('PUT', '/api/user/privacy', (b) => b.headers(json).jsonBody(privacy))
      .willRespondWith(200, (b) => b.jsonBody({ ...settingsBody, privacy: { ...settingsBody.privacy, showPhoneToDrivers: false } }))
      .executeTest(whenRecorded(async (mock) => {
        const saved = await withFetchAgainst(mock.url, () => updatePrivacySettings(privacy));
        expect(saved.privacy.showPhoneToDrivers).toBe(false);
      }));
  });

  it('changes the password, and hears why a wrong current password is refused', async () => {
    await pact
      .addInteraction()
      .given(providerStates.withPassword)
      .uponReceiving('a password change with the right current password')
      .withRequest('POST', '/api/auth/change-password', (b) =>
        b.headers(json).jsonBody({ currentPassword: 'Akwaaba-2026', newPassword: 'Kumasi-2027' }),
      )
      .willRespondWith(200, (b) => b.jsonBody(ok))
      .executeTest(whenRecorded(async (mock) => {
        await withFetchAgainst(mock.url, () => changePassword({ currentPassword: 'Akwaaba-2026', newPassword: 'Kumasi-2027' }));
      }));
    await pact
      .addInteraction()
      .given(providerStates.withPassword)
      .uponReceiving('a password change with a wrong current password')
      .withRequest('POST', '/api/auth/change-password', (b) =>
        b.headers(json).jsonBody({ currentPassword: 'not-my-password', newPassword: 'Kumasi-2027' }),
      )
      .willRespondWith(400, (b) => b.jsonBody({ message: 'Current password is incorrect.' }))
      .executeTest(whenRecorded(async (mock) => {
        await expect(
          withFetchAgainst(mock.url, () => changePassword({ currentPassword: 'not-my-password', newPassword: 'Kumasi-2027' })),
        ).rejects.toThrow('Current password is incorrect.');
      }));
  });

  it('deletes the account', async () => {
    await pact
      .addInteraction()
      .given(providerStates.signedIn)
      .uponReceiving('an account deletion')
      .withRequest('DELETE', '/api/user')
      .willRespondWith(200, (b) => b.jsonBody(ok))
      .executeTest(whenRecorded(async (mock) => {
        await withFetchAgainst(mock.url, deleteAccount);
      }));
  });

  it('logs out from the side menu', async () => {
    await pact
      .addInteraction()
      .given(providerStates.signedIn)
      .uponReceiving('a logout from the side menu')
      .withRequest('POST', '/api/auth/logout')
      .willRespondWith(200, (b) => b.jsonBody(ok))
      .executeTest(whenRecorded(async (mock) => {
        await withFetchAgainst(mock.url, logout);
      }));
  });
});

describe('account frontend → BFF: notifications', () => {
  it('reads the notifications with the badge counts', async () => {
    await pact
      .addInteraction()
      .given(providerStates.withUnreadNotification, { id: ids.notification })
      .uponReceiving('a request for the notifications')
      .withRequest('GET', '/api/notifications')
      .willRespondWith(200, (b) =>
        b.jsonBody({
          items: eachLike({
            id: uuid(ids.notification),
            type: regex(/^(ride_request|booking|payment|system)$/, 'system'),
            title: like('Welcome to Krom'),
            message: like('Hi Ama, your account is ready. Find a ride or post one from your dashboard.'),
            // The welcome notice links to the dashboard; the list shows notices without reading it.
            data: { link: like('/dashboard') },
            isRead: boolean(false),
            actionRequired: boolean(false),
            createdAt: isoDate,
          }),
          unreadCount: integer(1),
          actionRequiredCount: integer(0),
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const list = await withFetchAgainst(mock.url, getNotifications);
        expect(list.items[0]?.id).toBe(ids.notification);
        expect(list.unreadCount).toBe(1);
      }));
  });

  it('marks one notification read', async () => {
    await pact
      .addInteraction()
      .given(providerStates.withUnreadNotification, { id: ids.notification })
      .uponReceiving('a notification marked read')
      .withRequest('POST', `/api/notifications/${ids.notification}/read`)
      .willRespondWith(200, (b) => b.jsonBody(ok))
      .executeTest(whenRecorded(async (mock) => {
        await withFetchAgainst(mock.url, () => markNotificationRead(ids.notification));
      }));
  });

  it('marks every notification read', async () => {
    await pact
      .addInteraction()
      .given(providerStates.withUnreadNotification, { id: ids.notification })
      .uponReceiving('all notifications marked read')
      .withRequest('POST', '/api/notifications/read-all')
      .willRespondWith(200, (b) => b.jsonBody(ok))
      .executeTest(whenRecorded(async (mock) => {
        await withFetchAgainst(mock.url, markAllNotificationsRead);
      }));
  });
});

describe('account frontend → BFF: payments', () => {
  it("reads the user's payments and this month's totals", async () => {
    await pact
      .addInteraction()
      .given(providerStates.withPaymentThisMonth, { id: ids.payment })
      .uponReceiving('a request for the payments')
      .withRequest('GET', '/api/payments')
      .willRespondWith(200, (b) =>
        b.jsonBody({
          payments: eachLike({
            id: uuid(ids.payment),
            kind: regex(/^(payment|refund|payout)$/, 'payment'),
            receiptId: uuid(ids.payment),
            status: regex(/^(completed|pending|failed|refunded)$/, 'completed'),
            amount: regex(/^\d+\.\d{2}$/, '65.00'),
            currency: 'GHS',
            createdAt: isoDate,
            paymentMethod: like('mobile_money'),
            transactionId: like('MP2611220930'),
            direction: regex(/^(spent|earned)$/, 'spent'),
            booking: { ride: { from: like('Accra'), to: like('Kumasi') } },
          }),
          totals: { totalSpent: regex(/^\d+\.\d{2}$/, '65.00'), totalEarned: regex(/^\d+\.\d{2}$/, '0.00'), currency: 'GHS' },
          page: 1,
          hasMore: boolean(false),
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const answer = await withFetchAgainst(mock.url, () => getPayments());
        expect(answer.totals.totalSpent).toBe('65.00');
        expect(answer.payments[0]?.receiptId).toBe(ids.payment);
      }));
  });

  it("reads a payment's receipt", async () => {
    const money = (example: string) => regex(/^\d+\.\d{2}$/, example);
    await pact
      .addInteraction()
      .given(providerStates.withPaymentThisMonth, { id: ids.payment })
      .uponReceiving("a request for a payment's receipt")
      .withRequest('GET', `/api/payments/${ids.payment}/receipt`)
      .willRespondWith(200, (b) =>
        b.jsonBody({
          paymentId: uuid(ids.payment),
          bookingId: uuid(),
          bookingReference: regex(/^KR-[0-9A-F]{8}$/, 'KR-1A2B3C4D'),
          status: regex(/^(completed|pending|failed|refunded)$/, 'completed'),
          route: { from: like('Accra'), to: like('Kumasi') },
          createdAt: isoDate,
          fare: money('60.00'),
          fee: money('5.00'),
          total: money('65.00'),
          currency: 'GHS',
          paymentMethod: 'mobile_money',
          wallet: { provider: regex(/^(mtn|vodafone|airteltigo)$/, 'mtn'), number: like('024 *** **67') },
          gatewayReference: like('MP2611220930'),
          refunds: [],
          refundedTotal: money('0.00'),
        }),
      )
      .executeTest(whenRecorded(async (mock) => {
        const answer = await withFetchAgainst(mock.url, () => getPaymentReceipt(ids.payment));
        expect(answer.total).toBe('65.00');
      }));
  });

  it('lists the saved mobile money numbers, masked', async () => {
    await pact
      .addInteraction()
      .given(providerStates.withPaymentMethod, mtnState)
      .uponReceiving('a request for the payment methods')
      .withRequest('GET', '/api/payment-methods')
      .willRespondWith(200, (b) => b.jsonBody(eachLike(methodBody(ids.mtnMethod, 'mtn', '024 *** 4567', true))))
      .executeTest(whenRecorded(async (mock) => {
        const methods = await withFetchAgainst(mock.url, getPaymentMethods);
        expect(methods[0]?.number).toBe('024 *** 4567');
      }));
  });

  it('adds a number, and hears that a saved one cannot be added twice', async () => {
    await pact
      .addInteraction()
      .given(providerStates.signedIn)
      .uponReceiving('a new mobile money number')
      .withRequest('POST', '/api/payment-methods', (b) => b.headers(json).jsonBody({ provider: 'mtn', number: '0241234567' }))
      .willRespondWith(201, (b) => b.jsonBody(methodBody(ids.mtnMethod, 'mtn', '024 *** 4567', true)))
      .executeTest(whenRecorded(async (mock) => {
        const added = await withFetchAgainst(mock.url, () => createPaymentMethod({ provider: 'mtn', number: '0241234567' }));
        expect(added.isDefault).toBe(true);
      }));
    await pact
      .addInteraction()
      .given(providerStates.withPaymentMethod, mtnState)
      .uponReceiving('a mobile money number that is already saved')
      .withRequest('POST', '/api/payment-methods', (b) => b.headers(json).jsonBody({ provider: 'mtn', number: '0241234567' }))
      .willRespondWith(409, (b) => b.jsonBody({ message: 'This number is already saved.' }))
      .executeTest(whenRecorded(async (mock) => {
        await expect(withFetchAgainst(mock.url, () => createPaymentMethod({ provider: 'mtn', number: '0241234567' }))).rejects.toThrow(
          'This number is already saved.',
        );
      }));
  });

  it('edits a saved number', async () => {
    await pact
      .addInteraction()
      .given(providerStates.withPaymentMethod, mtnState)
      .uponReceiving('a saved mobile money number edited')
      .withRequest('PUT', `/api/payment-methods/${ids.mtnMethod}`, (b) =>
        b.headers(json).jsonBody({ provider: 'airteltigo', number: '0571112222' }),
      )
      .willRespondWith(200, (b) => b.jsonBody(methodBody(ids.mtnMethod, 'airteltigo', '057 *** 2222', true)))
      .executeTest(whenRecorded(async (mock) => {
        const edited = await withFetchAgainst(mock.url, () =>
          updatePaymentMethod({ id: ids.mtnMethod, provider: 'airteltigo', number: '0571112222' }),
        );
        expect(edited.number).toBe('057 *** 2222');
      }));
  });

  it('makes another number the default', async () => {
    await pact
      .addInteraction()
      .given(providerStates.withTwoPaymentMethods, { ...mtnState, otherId: ids.telecelMethod, otherProvider: 'vodafone', otherNumber: '0501112222' })
      .uponReceiving('a mobile money number made the default')
      .withRequest('POST', `/api/payment-methods/${ids.telecelMethod}/default`)
      .willRespondWith(200, (b) => b.jsonBody(methodBody(ids.telecelMethod, 'vodafone', '050 *** 2222', true)))
      .executeTest(whenRecorded(async (mock) => {
        const made = await withFetchAgainst(mock.url, () => setDefaultPaymentMethod(ids.telecelMethod));
        expect(made.isDefault).toBe(true);
      }));
  });

  it('texts a code to confirm a number, and confirms it with the code', async () => {
    await pact
      .addInteraction()
      .given(providerStates.withPaymentMethod, mtnState)
      .uponReceiving('a confirmation code asked for a saved number')
      .withRequest('POST', `/api/payment-methods/${ids.mtnMethod}/confirmation`)
      .willRespondWith(201, (b) => b.jsonBody({ resendAfterSeconds: integer(150) }))
      .executeTest(whenRecorded(async (mock) => {
        const sent = await withFetchAgainst(mock.url, () => sendPaymentMethodCode(ids.mtnMethod));
        expect(sent.resendAfterSeconds).toBe(150);
      }));
    await pact
      .addInteraction()
      .given(providerStates.withMethodCodeTexted, mtnState)
      .uponReceiving('the confirmation code texted to a saved number')
      .withRequest('POST', `/api/payment-methods/${ids.mtnMethod}/confirm`, (b) => b.headers(json).jsonBody({ code: issuedCode }))
      .willRespondWith(200, (b) => b.jsonBody({ ...methodBody(ids.mtnMethod, 'mtn', '024 *** 4567', true), verified: true }))
      .executeTest(whenRecorded(async (mock) => {
        const confirmed = await withFetchAgainst(mock.url, () => confirmPaymentMethod({ id: ids.mtnMethod, code: '4821' }));
        expect(confirmed.verified).toBe(true);
      }));
    await pact
      .addInteraction()
      .given(providerStates.withMethodCodeTexted, mtnState)
      .uponReceiving('a wrong confirmation code for a saved number')
      .withRequest('POST', `/api/payment-methods/${ids.mtnMethod}/confirm`, (b) => b.headers(json).jsonBody({ code: wrongCode }))
      .willRespondWith(400, (b) => b.jsonBody({ message: string('That code is not right.') }))
      .executeTest(whenRecorded(async (mock) => {
        await expect(withFetchAgainst(mock.url, () => confirmPaymentMethod({ id: ids.mtnMethod, code: '1111' }))).rejects.toThrow('400');
      }));
  });

  it('removes a number', async () => {
    await pact
      .addInteraction()
      .given(providerStates.withPaymentMethod, mtnState)
      .uponReceiving('a mobile money number removed')
      .withRequest('DELETE', `/api/payment-methods/${ids.mtnMethod}`)
      .willRespondWith(200, (b) => b.jsonBody(ok))
      .executeTest(whenRecorded(async (mock) => {
        await withFetchAgainst(mock.url, () => deletePaymentMethod(ids.mtnMethod));
      }));
  });
});
