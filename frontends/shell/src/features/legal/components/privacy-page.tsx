import { dataExportTexts } from '@krom/contracts/http/data-export-values';
import { formerMemberName } from '@krom/contracts/http/review-values';
import { verificationPhotoRetentionDays } from '@krom/contracts/http/verification';
import { Link } from 'react-router-dom';
import { supportContact } from '../support-contact.ts';
import { LegalLayout } from './legal-layout.tsx';

/**
 * Krom's privacy notice under Ghana's Data Protection Act, 2012 (Act 843). It says what the
 * services keep and for how long as they actually do: a period is stated only where code enforces
 * it (the verification photos' from the constant identity's sweep deletes them by), and names the
 * data download's section and button with the words the settings screen shows.
 */
export function PrivacyPage() {
  return (
    <LegalLayout title="Privacy Policy" updated="28 November 2026">
      <p>
        Krom runs an intercity carpooling marketplace for Ghana and is the data controller of the personal data described here. We process it in line
        with Ghana's Data Protection Act, 2012 (Act 843): only for the purposes below, no more than those purposes need, kept accurate, kept secure,
        and no longer than stated.
      </p>

      <h2>What Krom keeps, and why</h2>
      <ul>
        <li>
          <strong>Your account</strong>: first and last name, e-mail address, phone number, your password (only as a one-way hash, never readable),
          your profile photo if you add one, and the emergency contact you give (name and phone). To run your account, let you sign in and let members
          know who they travel with.
        </li>
        <li>
          <strong>Your gender</strong>, only if you state it: to decide who may post or book a women-only ride. It is shown to nobody.
        </li>
        <li>
          <strong>Verification</strong>: your Ghana card number, the name on it, its expiry date; for drivers also the date of birth and the driver's
          licence number, class and expiry; the photos of your card and licence (and selfie), and staff's decision with its date and reason. To check
          that members are who they say they are and that drivers may drive.
        </li>
        <li>
          <strong>Rides and bookings</strong>: the vehicles you register (make, model, colour, plate), the rides you post, your ride requests, your
          bookings with the name and phone number given on them, boarding and no-show records, and the reviews you write and receive. To run the
          marketplace.
        </li>
        <li>
          <strong>Payments</strong>: the mobile money numbers you save (in full, because payouts are sent to them; shown masked), your payments,
          refunds, payouts and Krom's ledger of them. To move money as the <Link to="/terms">Terms of Use</Link> say, and to keep the accounting
          records the law requires.
        </li>
        <li>
          <strong>Messages Krom sends you</strong>: in-app notifications, and a log of the SMS and e-mails sent (the number or address, the text,
          whether it was delivered). Phone verification and password recovery codes are valid for 10 minutes and used once.
        </li>
        <li>
          <strong>Your settings</strong>: notification choices (e-mail, SMS, ride reminders, promotional e-mails) and privacy choices (show phone to
          drivers, show profile to others).
        </li>
        <li>
          <strong>Security</strong>: failed sign-in attempts, to slow down password guessing, and your signed-in sessions.
        </li>
        <li>
          <strong>The waitlist</strong>: if you joined before launch, your name, e-mail and phone, to tell you when Krom opens.
        </li>
      </ul>

      <h2>Who sees it</h2>
      <ul>
        <li>
          <strong>Other members</strong> see what a trip needs: your name, profile photo, verification badges and reviews; a driver's vehicle and
          plate (a guest, or a member without a confirmed seat on the ride, sees the plate only in part). A driver sees the first name of each
          passenger. Phone numbers pass only between a passenger and the driver of a confirmed booking, from 24 hours before departure until 24
          hours after: the driver sees the number given on the booking, the passenger the driver's, each only while its owner leaves “show phone
          to drivers” on. If you turn off “show profile to others”, others see only your first name, profile photo and verification badges. Your
          e-mail, your gender, your ID
          details and your document photos are never shown to other members.
        </li>
        <li>
          <strong>Krom staff</strong> see what their work needs: verification staff the details and photos of a submission they decide on; support
          staff bookings, payments and accounts to help you and to resolve disputes.
        </li>
        <li>
          <strong>The payment gateway</strong>, Paystack, which collects mobile money payments, refunds them and pays drivers out, receives the
          mobile money number, the amount and the name on a payout.
        </li>
        <li>
          <strong>Our SMS and e-mail providers</strong> (Twilio for SMS) receive the phone number or address and the text of each message to deliver
          it.
        </li>
      </ul>
      <p>Krom does not sell personal data and does not share it for advertising.</p>

      <h2>How long it is kept</h2>
      <ul>
        <li>
          Photos of your Ghana card and driver's licence (and your selfie) are deleted {verificationPhotoRetentionDays} days after Krom staff decide on
          your verification. Only the outcome is kept: approved or rejected, when, and the reason.
        </li>
        <li>Photos you upload but never use (a profile photo you did not keep) are deleted after a day.</li>
        <li>Failed sign-in attempts are forgotten after two days.</li>
        <li>Everything else is kept while your account is open, until you delete it.</li>
      </ul>

      <h2>Deleting your account</h2>
      <p>
        You can delete your account from Account Settings. Then Krom erases your names (shown as “Deleted User”), e-mail, phone number, password,
        emergency contact, gender, verification details and every photo you uploaded; deletes your saved mobile money numbers, your notifications
        and codes; masks the phone numbers and e-mail addresses in the log of messages sent to you; removes your vehicles; cancels your rides,
        ride requests and bookings still to come; and ends your shared-trip links, forgetting the emergency contact they were to be texted to. Past
        rides, bookings and payments stay, under “Deleted User”: they are records of the other members' trips and of money moved. Your payments,
        refunds, payouts and Krom's ledger of them keep their amounts, but each mobile money number on them is erased down to its masked form
        (like 024 *** **56) as soon as the money on it is settled; a payment still being collected, or a refund or payout still to reach you,
        keeps the full number until then. Reviews you wrote and messages you sent stay too, shown as from a “{formerMemberName}”, without your
        name or photo.
      </p>

      <h2>Downloading your data</h2>
      <p>
        You can download a copy of your data yourself: in Account Settings, under “{dataExportTexts.heading}”, press “{dataExportTexts.button}”. You
        get one JSON file with your profile, settings and the outcomes of your verifications, the rides you drove, the bookings you made and those
        made on your rides, your payments, refunds and payouts (mobile money numbers masked), the reviews you gave and received, and your messages.
        It holds nothing of other members beyond what Krom already shows you (their first name, never their phone number or e-mail), and never your
        document photos, your password or any code. You can download it a few times an hour.
      </p>

      <h2>Your rights</h2>
      <p>
        Under Act 843 you may ask what personal data Krom holds about you, have it corrected or erased, and object to its use. Most of it you can
        download, and correct, yourself in your profile and settings. For anything else write to <a href={`mailto:${supportContact.email}`}>{supportContact.email}</a>{' '}
        with the subject “{supportContact.privacySubject}”, from the e-mail address of your account. If you are not satisfied with our answer, you may
        complain to Ghana's Data Protection Commission.
      </p>

      <h2>Security</h2>
      <p>
        Your data travels encrypted, passwords are stored only as hashes, document photos are served only to you and to verification staff through
        links that expire within minutes, and staff reach member data only through their own accounts.
      </p>

      <h2>Changes</h2>
      <p>When this notice changes we update the date above.</p>
    </LegalLayout>
  );
}
