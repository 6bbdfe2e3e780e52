import { staffActionEvents } from '@krom/contracts/events/staff-actions';
import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@krom/contracts/envelope';
import {
  userNotificationSettings,
  userRegistered,
  userSnapshotOf,
  userSnapshotSubject,
  userSuspended,
  userUnsuspended,
  verificationDecided,
} from '@krom/contracts/events/identity';
import { createLogger } from '@krom/server-kit/logger';
import { and, eq, sql } from 'drizzle-orm';
import { registerUser } from '../src/accounts/register-user.ts';
import { liftSuspension, suspendMember } from '../src/accounts/suspend-member.ts';
import { updateProfile } from '../src/accounts/update-profile.ts';
import { outbox } from '../src/db/schema.ts';
import { saveSettings } from '../src/settings/user-settings.ts';
import { decideVerification } from '../src/verification/decide-verification.ts';
import { documentLinks } from '../src/verification/document-links.ts';
import { submitVerification } from '../src/verification/submit-verification.ts';
import { driverFields, identityFields } from '../test/verification-env.ts';
import { type IdentityService, newPerson } from '../test/identity-test-env.ts';
import { driverVerificationFieldsSchema, identityVerificationFieldsSchema } from '@krom/contracts/http/verification';

/**
 * The envelope of the one `subject` event about `field` = `value` (and each of `also`) in the
 * outbox, as the relay publishes it.
 */
async function outboxEnvelope(service: IdentityService, subject: string, field: string, value: string, also: Record<string, string> = {}): Promise<EventEnvelope> {
  const matches = Object.entries({ [field]: value, ...also }).map(([name, wanted]) => sql`${outbox.envelope}->'data'->>${name} = ${wanted}`);
  const [row] = await service.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.subject, subject), ...matches));
  if (!row) throw new Error(`no ${subject} event in the outbox for ${field} ${value}`);
  return row.envelope;
}

/**
 * Every message identity publishes that a consumer's pact names, made through the real domain
 * functions and read back from their real outbox rows. Each provider test verifies a whole pact
 * file, so every one of them supplies all of these, whichever interactions the file holds.
 */
export function identityMessageProviders(service: IdentityService, internalSecret: string) {
  const deps = { db: service.db, store: service.store, logger: createLogger('identity', 'silent'), links: documentLinks(internalSecret) };
  return {
    stateHandlers: {
      'a person registered an account': async () => undefined,
      'staff decided a verification submission': async () => undefined,
      'a member turned SMS notifications and ride reminders off in settings': async () => undefined,
      'a verified member stated in her profile that she is a woman': async () => undefined,
      'a member turned "show phone to drivers" and "show profile to others" off in settings': async () => undefined,
      'staff suspended a member': async () => undefined,
      'staff lifted a member suspension': async () => undefined,
    },
    messageProviders: {
      [`a ${userRegistered.subject} event`]: async () => {
        const user = await registerUser(service.db, newPerson());
        return outboxEnvelope(service, userRegistered.subject, 'userId', user.id);
      },
      // As in the consumers' example: an approved identity, then a driver licence rejected with a reason.
      [`a ${verificationDecided.subject} event`]: async () => {
        const user = await registerUser(service.db, newPerson());
        const staffId = randomUUID();
        const identity = await submitVerification(deps, user.id, { kind: 'identity', fields: identityVerificationFieldsSchema.parse(identityFields()), photos: [] });
        await decideVerification(deps, staffId, identity.id, { decision: 'approved' });
        const driver = await submitVerification(deps, user.id, { kind: 'driver', fields: driverVerificationFieldsSchema.parse(driverFields()), photos: [] });
        await decideVerification(deps, staffId, driver.id, { decision: 'rejected', reason: 'The licence photo is blurred.' });
        return outboxEnvelope(service, verificationDecided.subject, 'submissionId', driver.id);
      },
      // A driver licence rejected with a reason by trust and safety: the audit log's copy of the decision.
      [`a ${staffActionEvents.identity.subject} event`]: async () => {
        const user = await registerUser(service.db, newPerson());
        const identity = await submitVerification(deps, user.id, { kind: 'identity', fields: identityVerificationFieldsSchema.parse(identityFields()), photos: [] });
        await decideVerification(deps, randomUUID(), identity.id, { decision: 'approved' });
        const driver = await submitVerification(deps, user.id, { kind: 'driver', fields: driverVerificationFieldsSchema.parse(driverFields()), photos: [] });
        await decideVerification(deps, { adminId: randomUUID(), roles: ['trust_safety'] }, driver.id, { decision: 'rejected', reason: 'The licence photo is blurred.' });
        return outboxEnvelope(service, staffActionEvents.identity.subject, 'targetId', driver.id);
      },
      // Registration publishes the account's first snapshot, on the subject its id ends.
      [`a ${userSnapshotSubject} event`]: async () => {
        const user = await registerUser(service.db, newPerson());
        return outboxEnvelope(service, userSnapshotOf(user.id).subject, 'userId', user.id);
      },
      // A member verified by staff, who then states "woman" in her profile: the snapshot of that save.
      [`a ${userSnapshotSubject}.<userId> event`]: async () => {
        const user = await registerUser(service.db, newPerson({ firstName: 'Abena', lastName: 'Owusu' }));
        const identity = await submitVerification(deps, user.id, { kind: 'identity', fields: identityVerificationFieldsSchema.parse(identityFields()), photos: [] });
        await decideVerification(deps, randomUUID(), identity.id, { decision: 'approved' });
        await updateProfile(deps, user.id, { firstName: 'Abena', lastName: 'Owusu', gender: 'woman' });
        return outboxEnvelope(service, userSnapshotOf(user.id).subject, 'statedWoman', 'true');
      },
      // A member who turns both privacy toggles rides applies off: the snapshot of that save, with the account's phone.
      [`a ${userSnapshotSubject}.<userId> event after a privacy save`]: async () => {
        const user = await registerUser(service.db, newPerson());
        await saveSettings(service.db, user.id, { showPhoneToDrivers: false, showProfileToOthers: false });
        return outboxEnvelope(service, userSnapshotOf(user.id).subject, 'userId', user.id, { showPhone: 'false' });
      },
      // Trust and safety suspend a member with a reason, then lift it: the events rides acts on.
      [`a ${userSuspended.subject} event`]: async () => {
        const user = await registerUser(service.db, newPerson());
        await suspendMember(service.db, { adminId: randomUUID(), roles: ['trust_safety'] }, user.id, 'Repeated no-shows reported by drivers');
        return outboxEnvelope(service, userSuspended.subject, 'userId', user.id);
      },
      [`a ${userUnsuspended.subject} event`]: async () => {
        const user = await registerUser(service.db, newPerson());
        const staff = { adminId: randomUUID(), roles: ['trust_safety'] };
        await suspendMember(service.db, staff, user.id, 'Repeated no-shows reported by drivers');
        await liftSuspension(service.db, staff, user.id);
        return outboxEnvelope(service, userUnsuspended.subject, 'userId', user.id);
      },
      // Registration publishes the defaults (version 1); the save that turns both off publishes version 2.
      [`a ${userNotificationSettings.subject} event`]: async () => {
        const user = await registerUser(service.db, newPerson());
        await saveSettings(service.db, user.id, { smsNotifications: false, rideReminders: false });
        return outboxEnvelope(service, userNotificationSettings.subject, 'userId', user.id, { version: '2' });
      },
    },
  };
}
