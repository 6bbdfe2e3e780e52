/**
 * How members reach Krom, as the Contact page and the privacy notice state it: Krom's support
 * mailbox. The one place to set it (no personal address: a role mailbox Krom runs). `.example`
 * is the reserved placeholder domain until Krom's own domain is configured here.
 */
export const supportContact = {
  email: 'support@krom.example',
  /** What a member should put in the subject for a data protection request (access, correction, erasure). */
  privacySubject: 'Data protection request',
} as const;
