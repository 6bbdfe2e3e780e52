/*
 * Support tickets as the screens need them without a schema (categories, statuses, the rules and
 * the spec's messages), so /support, /report-ride and My tickets load no zod; support.ts builds
 * the schemas from these.
 */

/** The spec's categories, in the order the form offers them. */
export const ticketCategories = ['general', 'booking', 'payment', 'safety', 'technical'] as const;
export type TicketCategory = (typeof ticketCategories)[number];
export const ticketCategoryLabels: Record<TicketCategory, string> = {
  general: 'General question',
  booking: 'A booking',
  payment: 'A payment',
  safety: 'Safety',
  technical: 'Something not working',
};

/**
 * Where a ticket stands: `open` (waiting for staff), `in_review` (staff are on it),
 * `awaiting_member` (staff asked the member something), `resolved` (staff's answer given; the
 * member may still reply, which reopens it), `closed` (nobody writes any more).
 */
export const ticketStatuses = ['open', 'in_review', 'awaiting_member', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];
export const ticketStatusLabels: Record<TicketStatus, string> = {
  open: 'Open',
  in_review: 'In review',
  awaiting_member: 'Awaiting your reply',
  resolved: 'Resolved',
  closed: 'Closed',
};

/** Staff's order of work; every ticket starts `medium` (the spec). */
export const ticketPriorities = ['low', 'medium', 'high', 'urgent'] as const;
export type TicketPriority = (typeof ticketPriorities)[number];

/** Who wrote a message in a ticket's conversation. */
export const ticketAuthors = ['member', 'staff'] as const;
export type TicketAuthor = (typeof ticketAuthors)[number];

/** The spec's rules: subject at least 5 characters, description at least 20. */
export const minTicketSubjectLength = 5;
export const maxTicketSubjectLength = 120;
export const minTicketDescriptionLength = 20;
export const maxTicketDescriptionLength = 5000;
export const maxTicketMessageLength = 5000;
/** A member opens at most this many tickets in any hour (the rest are told to wait). */
export const maxTicketsPerHour = 5;

/** Attachments: the spec's images, pdf, doc and docx, judged from the bytes; at most 5 files of 5 MB. */
export const maxTicketAttachments = 5;
export const maxTicketAttachmentBytes = 5 * 1024 * 1024;
export const ticketAttachmentTypes = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
export type TicketAttachmentType = (typeof ticketAttachmentTypes)[number];
/** What the file picker offers (a hint only: the server reads the bytes). */
export const ticketAttachmentAccept = 'image/*,.pdf,.doc,.docx';
/** How long a link to an attachment works, in seconds. */
export const ticketAttachmentLinkSeconds = 5 * 60;

/** The multipart form's fields (POST /api/support/tickets; the booking or ride go in its query). */
export const ticketFormFields = {
  category: 'category',
  subject: 'subject',
  description: 'description',
  attachments: 'attachments',
} as const;

export const ticketMessages = {
  /** The spec's button while the report is on its way. */
  submitting: 'Submitting Report...',
  /** The spec's success modal. */
  submitted: 'Report successfully submitted for review',
  /** The spec's alert for an empty description. */
  describe: 'Please describe the issue before submitting',
  /** The spec's failure alert. */
  failed: 'Failed to submit report. Please try again.',
  category: 'Please choose a category',
  subject: `Subject must be at least ${minTicketSubjectLength} characters`,
  subjectLength: `Subject must be ${maxTicketSubjectLength} characters or fewer`,
  description: `Description must be at least ${minTicketDescriptionLength} characters`,
  descriptionLength: `Description must be ${maxTicketDescriptionLength} characters or fewer`,
  bookingNotFound: 'Choose one of your own bookings',
  rideNotFound: 'Choose a ride you drove or booked',
  attachmentType: 'Attach images, PDF or Word documents only',
  attachmentSize: 'Each file must be 5 MB or smaller',
  attachmentCount: `Attach at most ${maxTicketAttachments} files`,
  tooMany: 'You have sent several reports in the last hour. Please try again later.',
  message: 'Please write a message',
  messageLength: `Messages must be ${maxTicketMessageLength} characters or fewer`,
  closed: 'This ticket is closed.',
  notFound: 'Ticket not found',
  attachmentNotFound: 'Attachment not found',
  attachmentLinkExpired: 'This link has expired. Open the ticket again for a new one.',
  /** The page's promise (spec: a reply within 24 hours). */
  replyPromise: 'Our support team will reply within 24 hours.',
} as const;

/** What staff are told when a ticket refuses their action. */
export const staffTicketMessages = {
  claimedByOther: 'Another member of staff has claimed this ticket.',
  closed: 'This ticket is closed.',
} as const;

/** A ticket waiting on its member closes itself after this many days without their answer. */
export const awaitingMemberCloseDays = 10;
