import {
  maxTicketAttachments,
  minTicketDescriptionLength,
  minTicketSubjectLength,
  type TicketCategory,
  ticketAttachmentAccept,
  ticketCategories,
  ticketCategoryLabels,
  ticketMessages,
} from '@krom/contracts/http/support-values';
import { serverMessage, statusOf } from '@krom/ui-kit/api-request.ts';
import { SubmitButton } from '@krom/ui-kit/button.tsx';
import { FormField } from '@krom/ui-kit/text-field.tsx';
import { TextField } from '@krom/ui-kit/text-field.tsx';
import { Select } from '@krom/ui-kit/select.tsx';
import { inputStyles } from '@krom/ui-kit/text-field.tsx';
import { RequireSignedIn } from '@krom/ui-kit/require-signed-in.tsx';
import { SignedInFrame } from '@krom/ui-kit/signed-in-frame.tsx';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { SuccessDialog } from '../../../lib/success-dialog.tsx';
import { useOpenTicket } from '../api/support-api.ts';

type Errors = Partial<Record<'category' | 'subject' | 'description' | 'attachments' | 'form', string>>;

/** The form's own checks, with the spec's messages; the server checks the same and the files' bytes. */
function check(category: string, subject: string, description: string, files: File[]): Errors {
  const errors: Errors = {};
  if (!(ticketCategories as readonly string[]).includes(category)) errors.category = ticketMessages.category;
  if (subject.trim().length < minTicketSubjectLength) errors.subject = ticketMessages.subject;
  if (description.trim() === '') errors.description = ticketMessages.describe;
  else if (description.trim().length < minTicketDescriptionLength) errors.description = ticketMessages.description;
  if (files.length > maxTicketAttachments) errors.attachments = ticketMessages.attachmentCount;
  return errors;
}

/**
 * /support and /report-ride: the spec's report form (an issue description and attachments:
 * images, pdf, doc, docx), with the support ticket's category and subject. /report-ride is about
 * a ride (its booking or ride in the address, `?bookingId=` or `?rideId=`) and starts at Safety.
 * The button reads Submitting Report... while it is sent; success shows the spec's modal.
 */
export function SupportFormPage({ variant }: { variant: 'support' | 'report-ride' }) {
  const [search] = useSearchParams();
  const about = { bookingId: search.get('bookingId') ?? undefined, rideId: search.get('rideId') ?? undefined };
  const [category, setCategory] = useState<TicketCategory | ''>(variant === 'report-ride' ? 'safety' : '');
  const [subject, setSubject] = useState('');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const sending = useOpenTicket();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(category, subject, description, files);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    sending.mutate(
      { category, subject: subject.trim(), description: description.trim(), files, about },
      {
        onError: (error) => {
          // A refusal in words (a file's type, the hourly limit) says what to change; anything else is the spec's failure.
          const status = statusOf(error);
          const message = status !== undefined && status < 500 ? serverMessage(error) : undefined;
          setErrors({ form: message ?? ticketMessages.failed });
        },
      },
    );
  };

  const title = variant === 'report-ride' ? 'Report a Ride' : 'Support';
  return (
    <RequireSignedIn>
      {(user) => (
        <SignedInFrame user={user}>
          <Column>
            <h1>{title}</h1>
            <p>Tell us what happened. {ticketMessages.replyPromise}</p>
            <p>
              <Link to="/support/tickets">My tickets</Link>
            </p>
            <form aria-label="Report an issue" onSubmit={submit} noValidate>
              <Select
                label="Category"
                value={category}
                placeholder="Choose a category"
                options={ticketCategories.map((value) => ({ value, label: ticketCategoryLabels[value] }))}
                onValueChange={(value) => setCategory(value as TicketCategory)}
                error={errors.category}
              />
              <TextField label="Subject" value={subject} onValueChange={setSubject} error={errors.subject} maxLength={120} />
              <FormField label="Issue description" error={errors.description}>
                {(control) => <TextArea {...control} rows={6} value={description} onChange={(event) => setDescription(event.target.value)} />}
              </FormField>
              <FormField label="Attachments" error={errors.attachments} hint="Images, PDF or Word documents, up to 5 files of 5 MB each">
                {(control) => (
                  <input
                    {...control}
                    type="file"
                    multiple
                    accept={ticketAttachmentAccept}
                    onChange={(event) => setFiles(Array.from(event.target.files ?? []))}
                  />
                )}
              </FormField>
              {errors.form ? <p role="alert">{errors.form}</p> : null}
              <SubmitButton pending={sending.isPending} pendingLabel={ticketMessages.submitting}>
                Submit Report
              </SubmitButton>
            </form>
            {sending.isSuccess ? (
              <SuccessDialog title={ticketMessages.submitted} note={ticketMessages.replyPromise} action={{ label: 'View my tickets', to: '/support/tickets' }} />
            ) : null}
          </Column>
        </SignedInFrame>
      )}
    </RequireSignedIn>
  );
}

export const SupportPage = () => <SupportFormPage variant="support" />;
export const ReportRidePage = () => <SupportFormPage variant="report-ride" />;

const TextArea = styled.textarea`
  ${inputStyles}
  resize: vertical;
  font-family: inherit;
`;

export const Column = styled.div`
  display: grid;
  gap: 16px;
  max-width: 720px;
  margin: 0 auto;

  h1 { font-size: 1.75rem; }
  form { display: grid; gap: 16px; }
`;
