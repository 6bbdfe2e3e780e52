import type { User } from '@krom/contracts/http/auth';
import type { MyVerification } from '@krom/contracts/http/verification';
import { ghanaToday, yearsBefore } from '@krom/contracts/http/dates';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';
import { waitFor } from '@testing-library/react';
import { vi } from 'vitest';

type Reply = { status: number; body?: unknown };

/** GET /api/auth/verification for a user who has sent nothing yet, with `overrides`. */
export function aVerification(overrides: Partial<MyVerification> = {}): MyVerification {
  return { verificationStatus: 'not_submitted', driverVerificationStatus: 'not_submitted', identity: null, driver: null, ...overrides };
}

/** A latest submission as GET /api/auth/verification lists it. */
export function aSubmission(kind: 'identity' | 'driver', status: 'pending' | 'rejected' | 'approved', reason: string | null = null) {
  return {
    id: '3b0f7c1e-5d2a-4c6b-9e8f-0a1b2c3d4e5f',
    kind,
    status,
    submittedAt: '2026-11-02T09:00:00.000Z',
    decidedAt: status === 'pending' ? null : '2026-11-03T09:00:00.000Z',
    reason,
    fullName: 'Ama Serwaa Mensah',
    cardNumber: 'GHA-123456789-0',
  };
}

export const receipt = (kind: 'identity' | 'driver') => ({
  status: 201,
  body: { id: '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d', kind, status: 'pending', submittedAt: '2026-11-04T09:00:00.000Z' },
});

/**
 * The API of the verification screens: the signed-in frame, the user's statuses, and the two
 * submissions (answered by `submit`, or a receipt). After a submission the user reads as pending,
 * as the server would answer.
 */
export function verificationApi(user: User, verification: MyVerification, submit?: () => Reply | Promise<Reply>) {
  let current = user;
  const answer = (kind: 'identity' | 'driver') => async () => {
    const reply = submit ? await submit() : receipt(kind);
    if (reply.status < 300) {
      current = kind === 'identity' ? { ...current, verificationStatus: 'pending' } : { ...current, driverVerificationStatus: 'pending' };
    }
    return reply;
  };
  return mockApi({
    ...frameAnswers(user),
    'GET /api/auth/user': () => ({ status: 200, body: current }),
    'GET /api/auth/verification': { status: 200, body: verification },
    'POST /api/auth/verify-identity': answer('identity'),
    'POST /api/auth/verify-driver-identity': answer('driver'),
  });
}

/** The multipart form the screen sent to `path` (mockApi reads JSON bodies only). */
export function sentForm(path: string): FormData {
  const call = vi
    .mocked(globalThis.fetch)
    .mock.calls.find(([input, init]) => new URL(String(input), 'http://krom.test').pathname === path && init?.method === 'POST');
  const body = call?.[1]?.body;
  if (!(body instanceof FormData)) throw new Error(`No multipart form was sent to ${path}`);
  return body;
}

/** A date input's value `years` from today (negative for the past). */
export const yearsFromToday = (years: number) => yearsBefore(ghanaToday(), -years);

export const photo = (name = 'card.jpg', type = 'image/jpeg', bytes = 2048) => new File([new Uint8Array(bytes)], name, { type });

/** Previews of chosen photos: Node's object URLs take only Node's own Blobs, not jsdom's files. */
export function stubObjectUrls() {
  let count = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
    count += 1;
    return `blob:krom.test/preview-${count}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
}

/**
 * The browser's camera at its edge: getUserMedia waits until the test grants or denies access;
 * the stream's one track records whether it was stopped. The video element and canvas jsdom
 * lacks are stood in for (play, getContext, toBlob).
 */
export function stubCamera() {
  const track = { stop: vi.fn() };
  const stream = { getTracks: () => [track] } as unknown as MediaStream;
  let settle: { grant: () => void; deny: () => void } | undefined;
  const getUserMedia = vi.fn(
    () =>
      new Promise<MediaStream>((resolve, reject) => {
        settle = { grant: () => resolve(stream), deny: () => reject(new DOMException('Permission denied', 'NotAllowedError')) };
      }),
  );
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage: vi.fn() } as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback, type) => callback(new Blob(['jpeg bytes'], { type })));
  const settled = () => {
    if (!settle) throw new Error('The camera was not asked for');
    return settle;
  };
  return {
    track,
    getUserMedia,
    grant: () => waitFor(() => settled().grant()),
    deny: () => waitFor(() => settled().deny()),
    remove: () => {
      delete (navigator as { mediaDevices?: unknown }).mediaDevices;
    },
  };
}
