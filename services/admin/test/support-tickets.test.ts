import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ticketOpened } from '@krom/contracts/events/admin';
import { maxTicketAttachmentBytes, maxTicketsPerHour, ticketMessages } from '@krom/contracts/http/support-values';
import { dropDatabase } from '@krom/server-kit/db';
import type { Caller } from '@krom/server-kit/internal-auth';
import { startLocalS3 } from '@krom/server-kit/local-s3';
import { eventually, publishedEvents, staffCaller } from '@krom/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminConfig } from '../src/config.ts';
import { openAdminService } from '../src/open-admin.ts';
import { adminTestConfig } from './admin-test-env.ts';
import { type FormFile, pngOfSize, sampleFiles, ticketForm } from './support-fixtures.ts';

/*
 * Support tickets, member side, on the real PostgreSQL, NATS and an S3-compatible store
 * (s3rver): the form's rules with the spec's messages, attachments judged by their bytes, who
 * may read what, the conversation, closing, and the hourly limit.
 */

let s3: Awaited<ReturnType<typeof startLocalS3>>;
let s3Folder: string;
let config: AdminConfig;
let as: (caller: Caller) => Promise<Record<string, string>>;
let service: Awaited<ReturnType<typeof openAdminService>>;

beforeAll(async () => {
  s3Folder = await mkdtemp(join(tmpdir(), 'krom-admin-s3-'));
  s3 = await startLocalS3({ port: 0, directory: s3Folder, bucket: 'krom-test-tickets' });
  ({ config, as } = adminTestConfig(s3.env));
  service = await openAdminService(config);
});
afterAll(async () => {
  await service.bus.jsm.streams.delete(service.bus.streamName);
  await service.app.close();
  await dropDatabase(config.DATABASE_URL);
  await s3.close();
  await rm(s3Folder, { recursive: true, force: true });
});

const member = () => ({ kind: 'user', userId: randomUUID() }) as const;
const staff = staffCaller(['support']);
const valid = { category: 'booking', subject: 'Driver never came', description: 'I waited 40 minutes at Circle and the driver never arrived.' };
const file = (data: Buffer, filename: string, type = 'application/octet-stream'): FormFile => ({ data, filename, type });

const open = async (caller: Caller, fields: Record<string, string> = valid, files: FormFile[] = [], about: Record<string, string> = {}) => {
  const form = await ticketForm(fields, files);
  const query = new URLSearchParams(about).toString();
  return service.app.inject({ method: 'POST', url: `/support/tickets${query ? `?${query}` : ''}`, headers: { ...(await as(caller)), ...form.headers }, payload: form.payload });
};
const get = async (caller: Caller, url: string) => service.app.inject({ method: 'GET', url, headers: await as(caller) });
const post = async (caller: Caller, url: string, payload?: object) => service.app.inject({ method: 'POST', url, headers: await as(caller), ...(payload ? { payload } : {}) });
const ticketCount = async (memberId: string) =>
  (await service.db.$client.query<{ n: number }>('SELECT count(*)::int AS n FROM support_tickets WHERE member_id = $1', [memberId])).rows[0]?.n;
/** The path of an attachment link as the admin service serves it (the BFF serves it at /api). */
const servedAt = (url: string) => url.replace(/^\/api/, '');

describe('opening a ticket', () => {
  it('refuses guests and staff', async () => {
    expect((await open({ kind: 'public' })).statusCode).toBe(401);
    expect((await open(staff)).statusCode).toBe(401);
  });

  it("checks the category, subject and description with the spec's messages and stores nothing refused", async () => {
    const me = member();
    const cases: [Record<string, string>, string][] = [
      [{ ...valid, category: 'lost_property' }, ticketMessages.category],
      [{ ...valid, subject: 'Late' }, ticketMessages.subject],
      [{ ...valid, description: '   ' }, ticketMessages.describe],
      [{ category: valid.category, subject: valid.subject }, ticketMessages.describe],
      [{ ...valid, description: 'Driver was late.' }, ticketMessages.description],
    ];
    for (const [fields, message] of cases) {
      const response = await open(me, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await open(me, valid, [], { bookingId: 'not-a-booking' })).statusCode).toBe(400);
    expect(await ticketCount(me.userId)).toBe(0);
  });

  it('opens the ticket open and medium, linked to the booking and ride, announces it, and lists it for its member only', async () => {
    const me = member();
    const bookingId = randomUUID();
    const rideId = randomUUID();
    const response = await open(me, { ...valid, subject: '  Driver never came  ' }, [], { bookingId, rideId });
    expect(response.statusCode).toBe(201);
    const ticket = response.json();
    expect(ticket).toMatchObject({ category: 'booking', subject: 'Driver never came', description: valid.description, status: 'open', priority: 'medium', bookingId, rideId, attachments: [], messages: [] });

    const mine = (await get(me, '/support/tickets')).json();
    expect(mine.tickets.map((t: { id: string }) => t.id)).toEqual([ticket.id]);
    expect((await get(member(), '/support/tickets')).json()).toEqual({ tickets: [] });

    const event = await eventually(async () => (await publishedEvents(service.bus, ticketOpened.subject)).find((e) => (e.data as { ticketId: string }).ticketId === ticket.id));
    expect(ticketOpened.schema.parse(event.data)).toMatchObject({ memberId: me.userId, category: 'booking', subject: 'Driver never came', priority: 'medium', bookingId, rideId, attachmentCount: 0 });
  });
});

describe('attachments', () => {
  it('keeps images, PDFs and Word documents, each as its bytes say whatever its name, and serves them back through the link', async () => {
    const me = member();
    const response = await open(me, valid, [
      file(sampleFiles.jpeg, 'car.jpg', 'image/jpeg'),
      // A PDF named .png is kept, and served, as the PDF it is.
      file(sampleFiles.pdf, 'receipt.png', 'image/png'),
      file(sampleFiles.docx, 'statement.docx'),
      file(sampleFiles.doc, 'old statement.doc'),
    ]);
    expect(response.statusCode).toBe(201);
    const { attachments } = response.json();
    expect(attachments.map((a: { fileName: string; contentType: string; size: number }) => [a.fileName, a.contentType, a.size])).toEqual([
      ['car.jpg', 'image/jpeg', sampleFiles.jpeg.length],
      ['receipt.png', 'application/pdf', sampleFiles.pdf.length],
      ['statement.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', sampleFiles.docx.length],
      ['old statement.doc', 'application/msword', sampleFiles.doc.length],
    ]);
    const pdf = await get(me, servedAt(attachments[1].url));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment/);
    expect(pdf.rawPayload.equals(sampleFiles.pdf)).toBe(true);
    const photo = await get(me, servedAt(attachments[0].url));
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.rawPayload.equals(sampleFiles.jpeg)).toBe(true);
  });

  it('refuses a program renamed .jpg, a spreadsheet, a zip and text, and opens no ticket', async () => {
    const me = member();
    for (const refused of [
      file(sampleFiles.exe, 'photo.jpg', 'image/jpeg'),
      file(sampleFiles.xls, 'statement.doc', 'application/msword'),
      file(sampleFiles.zip, 'photos.docx'),
      file(sampleFiles.text, 'notes.pdf', 'application/pdf'),
    ]) {
      const response = await open(me, valid, [file(sampleFiles.png, 'ok.png', 'image/png'), refused]);
      expect(response.statusCode, refused.filename).toBe(400);
      expect(response.json().message).toBe(ticketMessages.attachmentType);
    }
    expect(await ticketCount(me.userId)).toBe(0);
  });

  it('takes five files of 5 MB, not a sixth file nor a larger one', async () => {
    const me = member();
    const atLimit = pngOfSize(maxTicketAttachmentBytes);
    const five = Array.from({ length: 5 }, (_, n) => file(n === 0 ? atLimit : sampleFiles.png, `photo-${n}.png`, 'image/png'));
    const kept = await open(me, valid, five);
    expect(kept.statusCode).toBe(201);
    expect(kept.json().attachments).toHaveLength(5);
    expect(kept.json().attachments[0].size).toBe(maxTicketAttachmentBytes);

    const six = await open(me, valid, [...five.slice(1), file(sampleFiles.png, 'a.png'), file(sampleFiles.png, 'b.png')]);
    expect(six.statusCode).toBe(400);
    expect(six.json().message).toBe(ticketMessages.attachmentCount);

    const large = await open(me, valid, [file(pngOfSize(maxTicketAttachmentBytes + 1), 'big.png', 'image/png')]);
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toBe(ticketMessages.attachmentSize);
    expect(await ticketCount(me.userId)).toBe(1);
  });

  it('serves a file to its member and staff only, through an unexpired link the service made', async () => {
    const me = member();
    const ticket = (await open(me, valid, [file(sampleFiles.png, 'proof.png', 'image/png')])).json();
    const url = servedAt(ticket.attachments[0].url);
    expect((await get(me, url)).statusCode).toBe(200);
    expect((await get(staff, url)).statusCode).toBe(200);
    expect((await get(member(), url)).statusCode).toBe(404);
    expect((await get({ kind: 'public' }, url)).statusCode).toBe(401);

    const link = new URL(url, 'http://admin');
    const attachmentPath = link.pathname;
    // No signature, a forged one, a stretched expiry: refused, even to the owner.
    expect((await get(me, attachmentPath)).statusCode).toBe(403);
    expect((await get(me, `${attachmentPath}?expires=${link.searchParams.get('expires')}&signature=forged`)).statusCode).toBe(403);
    const later = Number(link.searchParams.get('expires')) + 3600;
    const stretched = await get(me, `${attachmentPath}?expires=${later}&signature=${link.searchParams.get('signature')}`);
    expect(stretched.statusCode).toBe(403);
    expect(stretched.json().message).toBe(ticketMessages.attachmentLinkExpired);
  });
});

describe('reading, answering and closing a ticket', () => {
  it('shows the ticket to its member and staff; another member and guests are refused', async () => {
    const me = member();
    const ticket = (await open(me)).json();
    expect((await get(me, `/support/tickets/${ticket.id}`)).json()).toEqual(ticket);
    expect((await get(staff, `/support/tickets/${ticket.id}`)).statusCode).toBe(200);
    const other = await get(member(), `/support/tickets/${ticket.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(ticketMessages.notFound);
    expect((await get({ kind: 'public' }, `/support/tickets/${ticket.id}`)).statusCode).toBe(401);
    expect((await get(me, '/support/tickets/not-a-ticket')).statusCode).toBe(404);
  });

  it('adds the member’s answers to the conversation, hides staff notes, sends a ticket waiting on them back to staff, and closes', async () => {
    const me = member();
    const ticket = (await open(me)).json();
    const url = `/support/tickets/${ticket.id}`;
    // Staff asked the member something and kept a note of their own (the staff queue's writes, until it exists).
    await service.db.$client.query(
      `INSERT INTO support_ticket_messages (ticket_id, author, author_id, body, internal, created_at) VALUES
        ($1, 'staff', $2, 'Which pick-up point were you at?', false, now() - interval '2 minutes'),
        ($1, 'staff', $2, 'Driver has two earlier no-shows.', true, now() - interval '1 minute')`,
      [ticket.id, staff.adminId],
    );
    await service.db.$client.query("UPDATE support_tickets SET status = 'awaiting_member' WHERE id = $1", [ticket.id]);

    expect((await post(member(), `${url}/messages`, { body: 'Not mine' })).statusCode).toBe(404);
    const empty = await post(me, `${url}/messages`, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(ticketMessages.message);

    const answer = await post(me, `${url}/messages`, { body: 'The Circle VIP station, gate 2.' });
    expect(answer.statusCode).toBe(201);
    const read = (await get(me, url)).json();
    expect(read.status).toBe('open');
    expect(read.messages.map((m: { author: string; body: string }) => [m.author, m.body])).toEqual([
      ['staff', 'Which pick-up point were you at?'],
      ['member', 'The Circle VIP station, gate 2.'],
    ]);

    expect((await post(member(), `${url}/close`)).statusCode).toBe(404);
    const closed = await post(me, `${url}/close`);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().status).toBe('closed');
    expect((await post(me, `${url}/close`)).json().status).toBe('closed');
    const late = await post(me, `${url}/messages`, { body: 'One more thing' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(ticketMessages.closed);
    expect((await get(me, '/support/tickets')).json().tickets[0]).toMatchObject({ id: ticket.id, status: 'closed' });
  });
});

describe('the hourly limit', () => {
  it(`takes ${maxTicketsPerHour} tickets from a member in an hour, refuses the next, and takes one again once the first is an hour old`, async () => {
    const me = member();
    const opened = [];
    for (let n = 0; n < maxTicketsPerHour; n++) opened.push((await open(me)).json());
    const refused = await open(me, valid, [file(sampleFiles.png, 'proof.png', 'image/png')]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(ticketMessages.tooMany);
    // Another member is not held back by this one.
    expect((await open(member())).statusCode).toBe(201);

    await service.db.$client.query("UPDATE support_tickets SET created_at = created_at - interval '61 minutes' WHERE id = $1", [opened[0].id]);
    expect((await open(me)).statusCode).toBe(201);
    expect(await ticketCount(me.userId)).toBe(maxTicketsPerHour + 1);
  });

  it('lets no two tickets past the limit at once', async () => {
    const me = member();
    const answers = await Promise.all(Array.from({ length: maxTicketsPerHour + 3 }, () => open(me)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(maxTicketsPerHour);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(3);
    expect(await ticketCount(me.userId)).toBe(maxTicketsPerHour);
  });
});
