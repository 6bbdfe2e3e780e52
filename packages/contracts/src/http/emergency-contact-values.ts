/* No zod here: the edit view (/my-profile, /edit-profile) checks the pair in the page itself. */
import { ghanaPhoneMessage, ghanaPhonePattern, localGhanaPhone } from './ghana-phone.ts';

/**
 * The emergency contact is a pair: a name with no number reaches nobody, a number with no name
 * leaves the person texted not knowing who is asking (the trip share's first line names them both).
 */
export const emergencyContactErrors = {
  nameMissing: "Please enter your emergency contact's name",
  phoneMissing: "Please enter your emergency contact's phone number",
} as const;
/** Which half of an emergency contact is missing when the other is given, as the field and its message; null when both or neither. */
export function emergencyContactGap(name: string | null | undefined, phone: string | null | undefined) {
  const hasName = Boolean(name?.trim());
  const hasPhone = Boolean(phone?.trim());
  if (hasName && !hasPhone) return { field: 'emergencyContactPhone', message: emergencyContactErrors.phoneMissing } as const;
  if (hasPhone && !hasName) return { field: 'emergencyContactName', message: emergencyContactErrors.nameMissing } as const;
  return null;
}


/**
 * What the edit view sends for a typed contact (phone in Krom's local form, blanks as null), or
 * the first field wrong and its message, by the same rules identity applies.
 */
export function checkedEmergencyContact(name: string, phone: string) {
  const request = { emergencyContactName: name.trim() || null, emergencyContactPhone: phone.trim() ? localGhanaPhone(phone.trim()) : null };
  if (request.emergencyContactPhone && !ghanaPhonePattern.test(request.emergencyContactPhone)) {
    return { error: { field: 'emergencyContactPhone', message: ghanaPhoneMessage } as const };
  }
  const gap = emergencyContactGap(request.emergencyContactName, request.emergencyContactPhone);
  return gap ? { error: gap } : { request };
}
