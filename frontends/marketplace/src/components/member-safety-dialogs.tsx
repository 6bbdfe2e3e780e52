import { type MemberReportReason, memberReportReasonLabels, memberReportReasons, memberSafetyMessages } from '@krom/contracts/http/member-safety';
import { Button } from '@krom/ui-kit/button.tsx';
import { ConfirmDialog } from '@krom/ui-kit/confirm-dialog.tsx';
import { ModalDialog } from '@krom/ui-kit/modal-dialog.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { useBlockMember } from '../lib/api/block-member.ts';
import { useReportMember } from '../lib/api/report-member.ts';
import type { SafetySource } from './member-safety-actions.tsx';
import { TextArea } from './text-area.tsx';

/** Asks before blocking `name`, saying what a block does and that it can be undone. */
export function BlockMemberDialog({ memberId, name, onClose }: { memberId: string; name: string; onClose: () => void }) {
  const block = useBlockMember();
  const { toast, toastFailure } = useToast();
  return (
    <ConfirmDialog
      title={`Block ${name}?`}
      message={`You and ${name} will not see each other’s rides and cannot book each other. Bookings already confirmed between you stay. You can unblock them in Account Settings.`}
      confirmLabel="Block"
      pendingLabel="Blocking..."
      pending={block.isPending}
      onConfirm={() =>
        block.mutate(memberId, {
          onSuccess: () => {
            toast({ title: 'Member blocked', description: `You will no longer see ${name}’s rides.` });
            onClose();
          },
          onError: toastFailure('Error', 'Failed to block. Please try again.'),
        })
      }
      onCancel={onClose}
      closeOnOverlay
    />
  );
}

/** A report to staff: a reason from the list, optional details, then the thanks. */
export function ReportMemberDialog({ memberId, name, from, onClose }: { memberId: string; name: string; from: SafetySource; onClose: () => void }) {
  const titleId = useId();
  const detailsId = useId();
  const [reason, setReason] = useState<MemberReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = useReportMember();
  const { toast, toastFailure } = useToast();
  const submit = () => {
    if (reason === null) return setError(memberSafetyMessages.reportReason);
    setError(null);
    report.mutate(
      { memberId, report: { reason, ...(details.trim() ? { details } : {}), ...from } },
      {
        onSuccess: (thanks) => {
          toast({ title: 'Report sent', description: thanks });
          onClose();
        },
        onError: toastFailure('Error', 'Failed to submit report. Please try again.'),
      },
    );
  };
  return (
    <ModalDialog labelledBy={titleId} onClose={report.isPending ? undefined : onClose} layout="sheet">
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <h2 id={titleId}>Report {name}</h2>
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
          <Button type="button" $variant="secondary" onClick={onClose} disabled={report.isPending}>
            Cancel
          </Button>
          <Button type="submit" $variant="danger" disabled={report.isPending}>
            {report.isPending ? 'Sending...' : 'Send report'}
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
