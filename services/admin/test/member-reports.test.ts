import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { memberReported } from '@krom/contracts/events/admin';
import { type MessageReported, messageReported } from '@krom/contracts/events/messages';
import { memberSafetyMessages } from '@krom/contracts/http/member-safety';
import { dropDatabase } from '@krom/server-kit/db';
import type { Caller } from '@krom/server-kit/internal-auth';
import { administratorCaller, eventually, publishedEvents, staffCaller, testEnvelope } from '@krom/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminService } from '../src/open-admin.ts';
import { adminTestConfig } from './admin-test-env.ts';

/* A member reports another to staff: stored once per reporter and reported member, announced once, the reporter thanked. */

const { config, as } = adminTestConfig();
let service: Awaited<ReturnType<typeof openAdminService>>;

beforeAll(async () => {
  service = await openAdminService(config);
});
afterAll(async () => {
  await service.bus.jsm.streams.delete(service.bus.streamName);
  await service.app.close();
  await dropDatabase(config.DATABASE_URL);
});

const user = () => ({ kind: 'user', userId: randomUUID() }) as const;
const report = async (caller: Caller, memberId: string, body: object) =>
  service.app.inject({ method: 'POST', url: `/members/${memberId}/reports`, headers: await as(caller), payload: body });
const reportsOf = async (reportedId: string) =>
  (await service.db.$client.query('SELECT reporter_id, reason, details, source, source_id, status FROM member_reports WHERE reported_id = $1', [reportedId])).rows;

describe('reporting a member', () => {
  it('refuses guests and staff', async () => {
    expect((await report({ kind: 'public' }, randomUUID(), { reason: 'harassment' })).statusCode).toBe(401);
    expect((await report(administratorCaller(), randomUUID(), { reason: 'harassment' })).statusCode).toBe(401);
  });

  it('refuses a reason off the list, yourself, and details too long, in words', async () => {
    const me = user();
    const other = randomUUID();
    const noReason = await report(me, other, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(memberSafetyMessages.reportReason);
    expect((await report(me, other, { reason: 'rude' })).json().message).toBe(memberSafetyMessages.reportReason);
    const self = await report(me, me.userId, { reason: 'harassment' });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(memberSafetyMessages.reportSelf);
    const long = await report(me, other, { reason: 'other', details: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(memberSafetyMessages.reportDetailsLength);
    expect(await reportsOf(other)).toEqual([]);
  });

  it('stores the report with its reason, thanks the reporter, announces it once, and keeps one per reporter', async () => {
    const reporter = user();
    const reported = randomUUID();
    const bookingId = randomUUID();
    const first = await report(reporter, reported, { reason: 'unsafe_driving', details: '  Drove at 140 on the Nkawkaw road  ', source: 'booking', sourceId: bookingId });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: memberSafetyMessages.reportThanks });

    const again = await report(reporter, reported, { reason: 'harassment' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: memberSafetyMessages.reportThanks });
    // Another member's report of the same person is a case of its own.
    const second = user();
    expect((await report(second, reported, { reason: 'no_show' })).statusCode).toBe(201);

    expect(await reportsOf(reported)).toEqual(
      expect.arrayContaining([
        { reporter_id: reporter.userId, reason: 'unsafe_driving', details: 'Drove at 140 on the Nkawkaw road', source: 'booking', source_id: bookingId, status: 'open' },
        { reporter_id: second.userId, reason: 'no_show', details: null, source: 'profile', source_id: null, status: 'open' },
      ]),
    );
    expect(await reportsOf(reported)).toHaveLength(2);

    // Announced once per case: the repeat wrote no event (the outbox holds every event written).
    const { rows } = await service.db.$client.query("SELECT 1 FROM outbox WHERE subject = $1 AND envelope->'data'->>'reportedId' = $2", [memberReported.subject, reported]);
    expect(rows).toHaveLength(2);
    const about = (data: unknown) => (data as { reportedId: string }).reportedId === reported;
    const events = await eventually(async () => {
      const found = (await publishedEvents(service.bus, memberReported.subject)).filter((event) => about(event.data));
      return found.length === 2 ? found : undefined;
    });
    const mine = events.map((event) => memberReported.schema.parse(event.data)).find((data) => data.reporterId === reporter.userId);
    expect(mine).toMatchObject({ reason: 'unsafe_driving', source: 'booking', sourceId: bookingId, details: 'Drove at 140 on the Nkawkaw road' });
  });
});

describe("a member report as a case in staff's queue", () => {
  const staff = staffCaller(['trust_safety']);
  const get = async (url: string) => service.app.inject({ method: 'GET', url, headers: await as(staff) });

  it('opens exactly one safety case in the queue, with the report and the reported member; the reporter is its member', async () => {
    const reporter = user();
    const reported = randomUUID();
    const bookingId = randomUUID();
    expect((await report(reporter, reported, { reason: 'harassment', details: 'Threatened me at Kejetia', source: 'booking', sourceId: bookingId })).statusCode).toBe(201);
    expect((await report(reporter, reported, { reason: 'other' })).statusCode).toBe(200);

    const queue = (await get('/staff/tickets')).json() as { tickets: { id: string; category: string; memberId: string; subject: string; memberReport: unknown }[] };
    const cases = queue.tickets.filter((ticket) => (ticket.memberReport as { reportedId?: string } | null)?.reportedId === reported);
    expect(cases).toHaveLength(1);
    const [found] = cases;
    expect(found).toMatchObject({
      category: 'safety',
      memberId: reporter.userId,
      subject: 'Member report: Harassment or threats',
      memberReport: { reportedId: reported, reason: 'harassment', details: 'Threatened me at Kejetia', source: 'booking', sourceId: bookingId },
    });

    const page = await get(`/staff/tickets/${found?.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      category: 'safety',
      memberId: reporter.userId,
      description: 'Threatened me at Kejetia',
      memberReport: { reportedId: reported, reason: 'harassment', source: 'booking', sourceId: bookingId },
    });
  });
});

describe('a message reported in a conversation (rides announces it)', () => {
  const staff = staffCaller(['trust_safety']);
  const casesAbout = async (reportedId: string) => {
    const queue = (await service.app.inject({ method: 'GET', url: '/staff/tickets', headers: await as(staff) })).json() as {
      tickets: { id: string; subject: string; memberId: string; memberReport: { reportedId: string } | null }[];
    };
    return queue.tickets.filter((ticket) => ticket.memberReport?.reportedId === reportedId);
  };
  const reported = (data: Partial<MessageReported> = {}): MessageReported => ({
    reportId: randomUUID(),
    messageId: randomUUID(),
    conversationId: randomUUID(),
    rideId: randomUUID(),
    reporterId: randomUUID(),
    reportedId: randomUUID(),
    reason: 'scam_or_fraud',
    details: 'He wants the money before the trip',
    messageText: 'Send GH₵ 100 to [hidden until booked] first',
    messageSentAt: '2026-11-27T08:00:00.000Z',
    reportedAt: '2026-11-27T08:05:00.000Z',
    ...data,
  });
  /** Publishes `envelope` and waits until admin's consumer has acknowledged it. */
  async function delivered(envelope: EventEnvelope<MessageReported>) {
    const bus = service.bus;
    const sent = await bus.js.publish(bus.subjectOf(messageReported.subject), JSON.stringify(envelope), { msgID: randomUUID() });
    await eventually(async () => {
      const info = await bus.jsm.consumers.info(bus.streamName, `admin_${messageReported.subject.replaceAll('.', '_')}`);
      return info.ack_floor.stream_seq >= sent.seq && info.num_ack_pending === 0 ? info : undefined;
    });
  }

  it('opens one safety case with the message as staff must read it, however often the event arrives', async () => {
    const event = reported();
    const envelope = testEnvelope(messageReported, event);
    await delivered(envelope);
    await delivered(envelope);
    const cases = await casesAbout(event.reportedId);
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({ subject: 'Member report: Scam or asked for payment outside Krom', memberId: event.reporterId });

    const page = await service.app.inject({ method: 'GET', url: `/staff/tickets/${cases[0]?.id}`, headers: await as(staff) });
    expect(page.json()).toMatchObject({
      category: 'safety',
      priority: 'high',
      description: 'He wants the money before the trip',
      memberReport: { reason: 'scam_or_fraud', source: 'message', sourceId: event.messageId, reportedText: 'Send GH₵ 100 to [hidden until booked] first', reportedAt: event.reportedAt },
    });
    const announced = await eventually(async () => {
      const found = (await publishedEvents(service.bus, memberReported.subject)).filter((one) => (one.data as { reportedId: string }).reportedId === event.reportedId);
      return found.length > 0 ? found : undefined;
    });
    expect(announced.map((one) => memberReported.schema.parse(one.data))).toMatchObject([{ source: 'message', sourceId: event.messageId }]);
  });

  it('keeps the first case when the reporter had already reported the writer, as a repeated report does', async () => {
    const reporter = user();
    const writer = randomUUID();
    expect((await report(reporter, writer, { reason: 'harassment' })).statusCode).toBe(201);
    await delivered(testEnvelope(messageReported, reported({ reporterId: reporter.userId, reportedId: writer })));
    const cases = await casesAbout(writer);
    expect(cases).toHaveLength(1);
    expect(cases[0]?.subject).toBe('Member report: Harassment or threats');
  });
});
