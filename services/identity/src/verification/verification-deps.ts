import type { Logger } from '@krom/server-kit/logger';
import type { IdentityDb } from '../db/identity-db.ts';
import type { ObjectStore } from '@krom/server-kit/object-store/port';
import type { DocumentLinks } from './document-links.ts';

/** What the verification rules need: the database, the object store for photos and the link signer. */
export type VerificationDeps = { db: IdentityDb; store: ObjectStore; logger: Logger; links: DocumentLinks };
