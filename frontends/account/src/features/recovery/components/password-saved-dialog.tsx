import { SuccessDialog } from '../../../lib/success-dialog.tsx';

/** The spec's success modal after a reset; its one way out is to the login page. */
export function PasswordSavedDialog() {
  return <SuccessDialog title="Password successfully saved and updated" action={{ label: 'Continue to Login', to: '/login' }} />;
}
