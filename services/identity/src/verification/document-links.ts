import { documentLinkSeconds } from '@krom/contracts/http/verification';
import { type SignedLinks, signedLinks } from '@krom/server-kit/signed-links';

/**
 * Short-lived links to verification photos (`@krom/server-kit/signed-links`): a link names the
 * document and its expiry and is signed under a key only identity derives for these links.
 */
export type DocumentLinks = SignedLinks;

export const documentUrl = (documentId: string) => `/api/verification/documents/${documentId}`;

export function documentLinks(internalSecret: string): DocumentLinks {
  return signedLinks({ secret: internalSecret, salt: 'krom-identity', info: 'verification-document-links-v1', seconds: documentLinkSeconds, urlOf: documentUrl });
}
