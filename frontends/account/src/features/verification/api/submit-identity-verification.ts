import { submitIdentityVerification as submitIdentityVerificationEndpoint } from '@krom/contracts/api-routes';
import type { IdentityVerificationFields, identityPhotoFields } from '@krom/contracts/http/verification';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appendPhotos, postVerificationForm, type SubmissionReceipt } from './post-verification-form.ts';
import { refreshAfterSubmission } from './refresh-after-submission.ts';

export type IdentityVerificationRequest = IdentityVerificationFields & Record<keyof typeof identityPhotoFields, File | null>;

/** The passenger's Ghana card details, as multipart: fullName, cardNumber, expiryDate, cardPhoto, selfiePhoto. */
export async function submitIdentityVerification({ cardPhoto, selfiePhoto, ...fields }: IdentityVerificationRequest): Promise<SubmissionReceipt> {
  const form = new FormData();
  form.append('fullName', fields.fullName);
  form.append('cardNumber', fields.cardNumber);
  form.append('expiryDate', fields.expiryDate);
  appendPhotos(form, { cardPhoto, selfiePhoto });
  return postVerificationForm(submitIdentityVerificationEndpoint, form);
}

export function useSubmitIdentityVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitIdentityVerification,
    // Not awaited: the success dialog shows at once while the statuses refresh behind it.
    onSuccess: () => void refreshAfterSubmission(queryClient),
  });
}
