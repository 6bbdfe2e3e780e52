import { licenseClasses, type SubmissionStatus, type VerificationKind } from '@krom/contracts/http/verification';

export const kindLabels: Record<VerificationKind, string> = { identity: 'Identity', driver: 'Driver' };

export const statusLabels: Record<SubmissionStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  superseded: 'Superseded',
};

/** "B - Cars and light vehicles" for "B"; an unknown class as sent. */
export function licenseClassLabel(value: string): string {
  return licenseClasses.find((option) => option.value === value)?.label ?? value;
}
