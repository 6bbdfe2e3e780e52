import { type MemberReportReason, memberReportReasonLabels, memberReportReasons, memberSafetyMessages } from '@krom/contracts/http/member-safety-values';
import { Button } from '@krom/ui-kit/button.tsx';
import { ModalDialog } from '@krom/ui-kit/modal-dialog.tsx';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { TextArea } from './text-area.tsx';

export type ReportChoice = { reason: MemberReportReason; details?: string };

/**
 * A report to staff (of a member, of a message): a reason from the fixed list, optional details;
 * `onSend` makes the request, and the caller closes the dialog once it is taken.
 */
export function ReportReasonDialog({
  title,
  pending,
  onSend,
  onClose,
}: {
  title: string;
  pending: boolean;
  onSend: (choice: ReportChoice) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const detailsId = useId();
  const [reason, setReason] = useState<MemberReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (reason === null) return setError(memberSafetyMessages.reportReason);
    setError(null);
    onSend({ reason, ...(details.trim() ? { details } : {}) });
  };
  return (
    <ModalDialog labelledBy={titleId} onClose={pending ? undefined : onClose} layout="sheet">
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <h2 id={titleId}>{title}</h2>
        <fieldset>
          <legend>Why are you reporting them?</legend>
          {memberReportReasons.map((value) => (
            <label key={value}>
              <input type="radio" name="reason" value={value} checked={reason === value} onChange={() => setReason(value)} />
              {memberReportReasonLabels[value]}
            </label>
          ))}
        </fieldset>
        {error ? <p role="alert">{error}</p> : null}
        <Details>
          <label htmlFor={detailsId}>Details (optional)</label>
          <TextArea id={detailsId} rows={3} maxLength={1000} value={details} onChange={(event) => setDetails(event.target.value)} />
        </Details>
        <Row>
          <Button type="button" $variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" $variant="danger" disabled={pending}>
            {pending ? 'Sending...' : 'Send report'}
          </Button>
        </Row>
      </Form>
    </ModalDialog>
  );
}

const Form = styled.form`
  display: grid;
  gap: 12px;

  fieldset {
    display: grid;
    gap: 8px;
    border: 0;
    padding: 0;
    margin: 0;
  }

  label {
    display: flex;
    gap: 8px;
    align-items: center;
  }
`;

const Details = styled.div`
  display: grid;
  gap: 4px;
`;

const Row = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 8px;
`;
