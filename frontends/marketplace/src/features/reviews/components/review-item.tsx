import type { User } from '@krom/contracts/http/auth';
import { type Review, reviewMessages, reviewReplyInputSchema, reviewReportInputSchema } from '@krom/contracts/http/reviews';
import { failureText } from '@krom/ui-kit/api-request.ts';
import { Avatar } from '@krom/ui-kit/avatar.tsx';
import { Button } from '@krom/ui-kit/button.tsx';
import { FormField } from '@krom/ui-kit/text-field.tsx';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';
import { ListCard } from '../../../components/card.tsx';
import { MemberSafetyActions } from '../../../components/member-safety-actions.tsx';
import { TextArea } from '../../../components/text-area.tsx';
import { useReplyToReview, useReportReview } from '../api/reviews.ts';
import { reviewTexts as texts } from '../review-texts.ts';

const dateText = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Accra' });

/**
 * One review: who wrote it, the stars, the trip, the comment and any reply. The member reviewed
 * may reply once; any other signed-in member may report it with a reason. Any signed-in member
 * but its writer may also block or report the writer (to staff, from this review).
 */
export function ReviewItem({ review, viewer, memberId }: { review: Review; viewer: User | null; memberId: string }) {
  const titleId = useId();
  const [open, setOpen] = useState<'reply' | 'report' | null>(null);
  const [reported, setReported] = useState<string | null>(null);
  const canReply = viewer?.id === review.reviewee.id && review.reply === null;
  const canReport = viewer !== null && viewer.id !== review.reviewer.id && reported === null;
  const canBlock = viewer !== null && viewer.id !== review.reviewer.id;
  // The review's type is the role of the member reviewed: its writer was on the other side of the trip.
  const writerRole = review.reviewType === 'driver' ? 'passenger' : 'driver';
  return (
    <Card aria-labelledby={titleId}>
      <Top>
        <Avatar name={review.reviewer.firstName} photoUrl={review.reviewer.profileImageUrl} />
        <div>
          <h3 id={titleId}>{review.reviewer.firstName}</h3>
          <Muted>
            {review.rideFrom} → {review.rideTo} · {dateText(review.publishedAt ?? review.createdAt)}
          </Muted>
        </div>
      </Top>
      <Stars aria-label={`${review.rating} out of 5 stars`} role="img">
        {'★'.repeat(review.rating)}
        <span>{'★'.repeat(5 - review.rating)}</span>
      </Stars>
      <p>{review.comment}</p>
      {review.reply ? (
        <Reply aria-label={texts.replyFrom(review.reviewee.firstName)}>
          <strong>{texts.replyFrom(review.reviewee.firstName)}</strong>
          <p>{review.reply.text}</p>
        </Reply>
      ) : null}
      {reported ? <p role="status">{reported}</p> : null}
      {open === 'reply' ? <ReplyForm reviewId={review.id} memberId={memberId} onClose={() => setOpen(null)} /> : null}
      {open === 'report' ? (
        <ReportForm
          reviewId={review.id}
          onClose={(thanks) => {
            setOpen(null);
            if (thanks) setReported(thanks);
          }}
        />
      ) : null}
      {open === null && (canReply || canReport) ? (
        <Actions>
          {canReply ? (
            <Button $variant="secondary" onClick={() => setOpen('reply')} aria-describedby={titleId}>
              {texts.reply}
            </Button>
          ) : null}
          {canReport ? (
            <Button $variant="ghost" onClick={() => setOpen('report')} aria-describedby={titleId}>
              {texts.report}
            </Button>
          ) : null}
        </Actions>
      ) : null}
      {canBlock && open === null ? (
        <MemberSafetyActions memberId={review.reviewer.id} name={review.reviewer.firstName} memberRole={writerRole} from={{ source: 'review', sourceId: review.id }} />
      ) : null}
    </Card>
  );
}

/** A text of one field checked by a contract schema before sending; the server's refusal shown when it says no. */
function TextForm({
  label,
  submitLabel,
  check,
  send,
  pending,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  check: (text: string) => { ok: true; text: string } | { ok: false; message: string };
  send: (text: string, fail: (message: string) => void) => void;
  pending: boolean;
  onCancel: () => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = check(text);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(undefined);
    send(checked.text, setError);
  };
  return (
    <Form onSubmit={onSubmit} noValidate>
      <FormField label={label} error={error}>
        {(control) => <TextArea {...control} rows={3} value={text} onChange={(event) => setText(event.target.value)} />}
      </FormField>
      <Actions>
        <Button type="submit" disabled={pending}>
          {submitLabel}
        </Button>
        <Button type="button" $variant="ghost" onClick={onCancel}>
          {texts.cancel}
        </Button>
      </Actions>
    </Form>
  );
}

const checkBy =
  (schema: typeof reviewReplyInputSchema | typeof reviewReportInputSchema, field: 'reply' | 'reason', fallback: string) => (text: string) => {
    const checked = schema.safeParse({ [field]: text });
    if (checked.success) return { ok: true as const, text: (checked.data as Record<string, string>)[field] ?? text };
    return { ok: false as const, message: checked.error.issues[0]?.message ?? fallback };
  };

function ReplyForm({ reviewId, memberId, onClose }: { reviewId: string; memberId: string; onClose: () => void }) {
  const reply = useReplyToReview(memberId);
  return (
    <TextForm
      label={texts.replyLabel}
      submitLabel={texts.sendReply}
      check={checkBy(reviewReplyInputSchema, 'reply', reviewMessages.reply)}
      pending={reply.isPending}
      onCancel={onClose}
      send={(text, fail) =>
        reply.mutate({ reviewId, reply: text }, { onSuccess: onClose, onError: (error) => fail(failureText(error, 'Your reply could not be sent.')) })
      }
    />
  );
}

function ReportForm({ reviewId, onClose }: { reviewId: string; onClose: (thanks?: string) => void }) {
  const report = useReportReview();
  return (
    <TextForm
      label={texts.reportReason}
      submitLabel={texts.sendReport}
      check={checkBy(reviewReportInputSchema, 'reason', reviewMessages.reportReason)}
      pending={report.isPending}
      onCancel={() => onClose()}
      send={(text, fail) =>
        report.mutate(
          { reviewId, reason: text },
          { onSuccess: (answer) => onClose(answer.message), onError: (error) => fail(failureText(error, 'Your report could not be sent.')) },
        )
      }
    />
  );
}

const Card = styled(ListCard)`
  gap: 8px;

  p { overflow-wrap: anywhere; }
`;

const Top = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;

  h3 { font-size: 1rem; }
`;

const Muted = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.muted};
`;

const Stars = styled.p`
  color: ${({ theme }) => theme.color.star};
  letter-spacing: 2px;

  span { color: ${({ theme }) => theme.color.border}; }
`;

const Reply = styled.section`
  display: grid;
  gap: 2px;
  padding: 8px 12px;
  border-left: 3px solid ${({ theme }) => theme.color.border};

  strong { font-size: 0.875rem; }
`;

const Form = styled.form`
  display: grid;
  gap: 8px;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;
