import { verificationTexts } from '@krom/contracts/http/verification';
import { SuccessDialog } from '../../../lib/success-dialog.tsx';

/** The spec's success dialog after either verification form; its one way out is the profile. */
export function SubmittedDialog({ reviewNote }: { reviewNote: string }) {
  return <SuccessDialog title={verificationTexts.submitted} note={reviewNote} action={{ label: verificationTexts.continueToProfile, to: '/profile' }} />;
}
