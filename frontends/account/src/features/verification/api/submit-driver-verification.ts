import { submitDriverVerification as submitDriverVerificationEndpoint } from '@krom/contracts/api-routes';
import type { DriverVerificationFields, driverPhotoFields } from '@krom/contracts/http/verification';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appendPhotos, postVerificationForm, type SubmissionReceipt } from './post-verification-form.ts';
import { refreshAfterSubmission } from './refresh-after-submission.ts';

export type DriverVerificationRequest = DriverVerificationFields & Record<keyof typeof driverPhotoFields, File | null>;

/** The driver's Ghana card and licence details, as multipart, with up to four photos. */
export async function submitDriverVerification({
  ghanaCardFrontPhoto,
  ghanaCardBackPhoto,
  licenseFrontPhoto,
  licenseBackPhoto,
  ...fields
}: DriverVerificationRequest): Promise<SubmissionReceipt> {
  const form = new FormData();
  form.append('cardNumber', fields.cardNumber);
  form.append('fullName', fields.fullName);
  form.append('dateOfBirth', fields.dateOfBirth);
  form.append('licenseNumber', fields.licenseNumber);
  form.append('licenseClass', fields.licenseClass);
  form.append('licenseExpiryDate', fields.licenseExpiryDate);
  appendPhotos(form, { ghanaCardFrontPhoto, ghanaCardBackPhoto, licenseFrontPhoto, licenseBackPhoto });
  return postVerificationForm(submitDriverVerificationEndpoint, form);
}

export function useSubmitDriverVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitDriverVerification,
    // Not awaited: the success dialog shows at once while the statuses refresh behind it.
    onSuccess: () => void refreshAfterSubmission(queryClient),
  });
}
