import { ticketMessages } from '@krom/contracts/http/support-values';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes.tsx';

// The screens load lazily, as in the browser; compiled once up front to keep that out of the first test's time.
beforeAll(async () => {
  await import('../components/support-form-page.tsx');
  await import('../components/my-tickets-page.tsx');
  await import('../components/ticket-page.tsx');
});
afterEach(() => vi.restoreAllMocks());

const TICKET_ID = '8b0d2f4a-6c8e-4a1b-9d3f-5e7a9c1b3d5f';
const BOOKING_ID = '2c4e6a8b-1d3f-4b5a-9c7e-0f2a4c6e8b1d';
const aTicket = (overrides: object = {}) => ({
  id: TICKET_ID,
  category: 'safety',
  subject: 'Reckless driving',
  status: 'awaiting_member',
  bookingId: null,
  rideId: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  description: 'The driver overtook on blind bends the whole way to Nkawkaw.',
  priority: 'medium',
  attachments: [{ id: '1e3c5a7b-9d2f-4b6a-8c0e-2f4a6c8e0b1d', fileName: 'dashcam.jpg', contentType: 'image/jpeg', size: 2048, url: '/api/support/attachments/1e3c?expires=1&signature=s', expiresAt: '2026-11-20T10:05:00.000Z' }],
  messages: [{ id: '5f7b9d1c-3e5a-4c7b-9d1f-3a5c7e9b1d3f', author: 'staff', body: 'Which pick-up point were you at?', createdAt: '2026-11-20T10:00:00.000Z' }],
  ...overrides,
});

/** The multipart form the page sent (mockApi reads JSON bodies only). */
function sentForm(): { form: FormData; url: URL } {
  const call = vi.mocked(globalThis.fetch).mock.calls.find(([input, init]) => new URL(String(input), 'http://krom.test').pathname === '/api/support/tickets' && init?.method === 'POST');
  if (!call || !(call[1]?.body instanceof FormData)) throw new Error('No ticket form was sent');
  return { form: call[1].body, url: new URL(String(call[0]), 'http://krom.test') };
}

async function fill(user: ReturnType<typeof renderRoutes>['user'], options: { description?: string } = {}) {
  await screen.findByRole('form', { name: 'Report an issue' });
  await user.selectOptions(screen.getByLabelText('Category'), 'booking');
  await user.type(screen.getByLabelText('Subject'), 'Driver never came');
  const description = options.description ?? 'I waited 40 minutes at Circle and the driver never arrived.';
  if (description) await user.type(screen.getByLabelText('Issue description'), description);
}

describe('/support', () => {
  it("refuses an empty description with the spec's words and sends nothing", async () => {
    const api = mockApi({ ...frameAnswers(aUser()) });
    const { user } = renderRoutes(routes, '/support');
    await fill(user, { description: '' });
    await user.type(screen.getByLabelText('Issue description'), '   ');
    await user.click(screen.getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByText(ticketMessages.describe)).toBeTruthy();
    expect(api.callsTo('POST', '/api/support/tickets')).toHaveLength(0);
  });

  it('sends the form with its files, reads Submitting Report... meanwhile, and shows the spec’s success modal', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    mockApi({ ...frameAnswers(aUser()), 'POST /api/support/tickets': () => new Promise((resolve) => (answer = resolve)) });
    const { user } = renderRoutes(routes, '/support');
    await fill(user);
    await user.upload(screen.getByLabelText('Attachments'), [new File([new Uint8Array(64)], 'receipt.pdf', { type: 'application/pdf' })]);
    await user.click(screen.getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByRole('button', { name: ticketMessages.submitting })).toBeTruthy();
    const { form, url } = sentForm();
    expect([form.get('category'), form.get('subject'), (form.get('attachments') as File).name, url.search]).toEqual(['booking', 'Driver never came', 'receipt.pdf', '']);
    answer({ status: 201, body: aTicket({ status: 'open', messages: [] }) });
    expect(await screen.findByRole('dialog', { name: ticketMessages.submitted })).toBeTruthy();
  });

  it("shows the server's refusal in its words, and the spec's failure for anything else", async () => {
    let reply = { status: 400, body: { message: ticketMessages.attachmentType } as unknown };
    mockApi({ ...frameAnswers(aUser()), 'POST /api/support/tickets': () => reply });
    const { user } = renderRoutes(routes, '/support');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByText(ticketMessages.attachmentType)).toBeTruthy();
    reply = { status: 502, body: { message: 'Something went wrong. Please try again.' } };
    await user.click(screen.getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByText(ticketMessages.failed)).toBeTruthy();
  });
});

describe('/report-ride', () => {
  it('reports the booking named in the address, as a safety report unless changed', async () => {
    mockApi({ ...frameAnswers(aUser()), 'POST /api/support/tickets': { status: 201, body: aTicket({ bookingId: BOOKING_ID }) } });
    const { user } = renderRoutes(routes, `/report-ride?bookingId=${BOOKING_ID}`);
    await screen.findByRole('form', { name: 'Report an issue' });
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('safety');
    await user.type(screen.getByLabelText('Subject'), 'Reckless driving');
    await user.type(screen.getByLabelText('Issue description'), 'The driver overtook on blind bends the whole way.');
    await user.click(screen.getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByRole('dialog', { name: ticketMessages.submitted })).toBeTruthy();
    const { form, url } = sentForm();
    expect([form.get('category'), url.searchParams.get('bookingId')]).toEqual(['safety', BOOKING_ID]);
  });
});

describe('My tickets', () => {
  it('lists the tickets with their status and opens one with its conversation', async () => {
    mockApi({
      ...frameAnswers(aUser()),
      'GET /api/support/tickets': { status: 200, body: { tickets: [aTicket()] } },
      [`GET /api/support/tickets/${TICKET_ID}`]: { status: 200, body: aTicket() },
    });
    const { user } = renderRoutes(routes, '/support/tickets');
    const list = await screen.findByRole('list', { name: 'My tickets' });
    expect(within(list).getByText('Awaiting your reply')).toBeTruthy();
    await user.click(within(list).getByRole('link', { name: 'Reckless driving' }));
    const conversation = await screen.findByRole('list', { name: 'Conversation' });
    expect(within(conversation).getByText('Which pick-up point were you at?')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'dashcam.jpg' }).getAttribute('href')).toBe(aTicket().attachments[0]?.url);
  });

  it('sends the member’s answer and closes the ticket', async () => {
    let current = aTicket();
    const api = mockApi({
      ...frameAnswers(aUser()),
      [`GET /api/support/tickets/${TICKET_ID}`]: () => ({ status: 200, body: current }),
      'GET /api/support/tickets': () => ({ status: 200, body: { tickets: [current] } }),
      [`POST /api/support/tickets/${TICKET_ID}/messages`]: ({ body }) => {
        const message = { id: '7a9c1e3b-5d7f-4a2c-8e4b-6d8f0a2c4e6b', author: 'member', body: (body as { body: string }).body, createdAt: '2026-11-20T11:00:00.000Z' };
        current = { ...current, status: 'open', messages: [...current.messages, message] };
        return { status: 201, body: message };
      },
      [`POST /api/support/tickets/${TICKET_ID}/close`]: () => {
        current = { ...current, status: 'closed' };
        return { status: 200, body: current };
      },
    });
    const { user } = renderRoutes(routes, `/support/tickets/${TICKET_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText(ticketMessages.message)).toBeTruthy();
    await user.type(screen.getByLabelText('Your reply'), 'The Circle VIP station, gate 2.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    const conversation = await screen.findByRole('list', { name: 'Conversation' });
    await waitFor(() => expect(within(conversation).getByText('The Circle VIP station, gate 2.')).toBeTruthy());
    expect(api.callsTo('POST', `/api/support/tickets/${TICKET_ID}/messages`)[0]?.body).toEqual({ body: 'The Circle VIP station, gate 2.' });

    await user.click(screen.getByRole('button', { name: 'Close ticket' }));
    expect(await screen.findByText(ticketMessages.closed)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send reply' })).toBeNull();
  });
});
