import { Link } from 'react-router-dom';
import { supportContact } from '../support-contact.ts';
import { LegalLayout } from './legal-layout.tsx';

export function ContactPage() {
  const mail = `mailto:${supportContact.email}`;
  return (
    <LegalLayout title="Contact Us">
      <p>Krom is intercity carpooling for Ghana. We are here to help with bookings, payments, verification and your account.</p>

      <h2>Write to Krom support</h2>
      <p>
        E-mail <a href={mail}>{supportContact.email}</a>. Tell us the e-mail address or phone number of your Krom account and, for a trip, the route and
        date, so we can find it quickly. Never send your password or your mobile money PIN: Krom never asks for them.
      </p>

      <h2>About a booking or a payment</h2>
      <p>
        Most answers are in the app: your bookings are under My Rides, and every payment, refund and payout under Payments. The cancellation and refund
        rules are in our <Link to="/terms">Terms of Use</Link>.
      </p>

      <h2>Your personal data</h2>
      <p>
        To see, correct or erase what Krom keeps about you, write to {supportContact.email} with the subject “{supportContact.privacySubject}”. How
        Krom uses your data is in our <Link to="/privacy">Privacy Policy</Link>.
      </p>

      <h2>In an emergency</h2>
      <p>Call Ghana's emergency number 112, the police on 191, an ambulance on 193 or the fire service on 192. Krom support cannot send help to the road.</p>
    </LegalLayout>
  );
}
