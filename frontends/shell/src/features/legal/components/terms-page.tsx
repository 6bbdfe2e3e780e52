import { boardingOpensHoursBeforeDeparture, noShowReportHours, requestAnswerHours, requestCutoffHoursBeforeDeparture } from '@krom/contracts/http/booking-values';
import { minimumServiceFeePesewas, paymentHoldMinutes, serviceFeeRatePercent } from '@krom/contracts/http/payment-values';
import { minReviewCommentLength, reviewWindowDays } from '@krom/contracts/http/reviews';
import { Link } from 'react-router-dom';
import { supportContact } from '../support-contact.ts';
import { LegalLayout } from './legal-layout.tsx';

const minimumFeeCedis = (minimumServiceFeePesewas / 100).toFixed(2);

/**
 * Krom's Terms of Use: the rules as the services apply them. The numbers come from the contracts
 * the services enforce (the refund policy is `cancellationRefund`, payouts follow payments'
 * `payoutDelayHours`), so the page cannot promise what the code does not do.
 */
export function TermsPage() {
  return (
    <LegalLayout title="Terms of Use" updated="28 November 2026">
      <p>
        These terms apply to everyone who uses Krom, the intercity carpooling marketplace for Ghana, as a passenger or as a driver. By creating an
        account you accept them. Krom brings drivers who have free seats on a trip they are making anyway together with passengers going the same
        way. Krom is not a transport operator: the driver carries the passenger, and Krom runs the marketplace, the bookings and the mobile money
        payments between them.
      </p>

      <h2>Your account</h2>
      <ul>
        <li>You must give your real name and a phone number and e-mail address you use. One account per person.</li>
        <li>Keep your password to yourself. Krom never asks for it, nor for your mobile money PIN.</li>
        <li>
          To drive, you verify your Ghana card and your driver's licence; Krom staff check them before you can post rides. Passengers may verify their
          Ghana card too; some rides need it.
        </li>
        <li>You may delete your account at any time from Account Settings (see the <Link to="/privacy">Privacy Policy</Link> for what then happens to your data).</li>
      </ul>

      <h2>Posting and booking rides</h2>
      <ul>
        <li>A driver sets the route, the stops, the departure time, the seats and the price of a seat, and must be able to make the trip as posted.</li>
        <li>
          A ride is booked instantly, or the driver approves each request. A request not answered within {requestAnswerHours} hours lapses, and requests
          close {requestCutoffHoursBeforeDeparture} hours before departure.
        </li>
        <li>
          At pickup the passenger gives the driver their boarding code, from {boardingOpensHoursBeforeDeparture} hours before departure. The boarding
          code is how Krom knows the trip happened: do not give it before you are in the car.
        </li>
        <li>
          A driver may report a passenger who did not come, after the departure time and within {noShowReportHours} hours of it. A seat neither
          boarded by its code nor reported as a no-show in that time ends as not boarded.
        </li>
      </ul>

      <h2>Payments</h2>
      <ul>
        <li>A passenger pays the fare in cash to the driver, or by mobile money through Krom, as the ride allows.</li>
        <li>
          With mobile money the passenger also pays Krom's service fee: {serviceFeeRatePercent}% of the fare, at least GH₵{minimumFeeCedis}. The
          booking screen shows the fare, the fee and the total before you pay. Approve the prompt on your phone within {paymentHoldMinutes} minutes,
          or the seats are released.
        </li>
        <li>
          Krom holds the money until the trip: it goes to the driver only once the passenger has boarded (or has been reported as not showing up), and
          is paid out to the driver's confirmed mobile money number 24 hours later, the time to raise a problem with the trip.
        </li>
        <li>Cash is between the passenger and the driver: Krom does not collect it and cannot refund it.</li>
      </ul>

      <h2>Cancellations and refunds</h2>
      <p>For a booking paid by mobile money, Krom gives back:</p>
      <ul>
        <li>when the passenger cancels more than 24 hours before departure: the whole fare (Krom keeps its service fee);</li>
        <li>when the passenger cancels less than 24 hours before departure: half the fare, rounded down to the pesewa; the other half goes to the driver, and Krom keeps its service fee;</li>
        <li>when the passenger cancels after departure: nothing; the fare goes to the driver;</li>
        <li>
          when the driver cancels, when Krom staff cancel, when a request is declined or lapses, or when a seat ends as not boarded: everything, the
          fare and the service fee.
        </li>
      </ul>
      <p>Refunds go back to the mobile money number that paid.</p>

      <h2>Reviews</h2>
      <ul>
        <li>
          After a completed trip (or a no-show) the passenger may review the driver and the driver each passenger, once, within {reviewWindowDays} days
          of arrival: a rating from 1 to 5 and a comment of at least {minReviewCommentLength} characters.
        </li>
        <li>A review stays hidden until both sides have written theirs or the {reviewWindowDays} days are over, so nobody reviews in retaliation.</li>
        <li>The member reviewed may reply once. Reviews must be honest and about the trip; anyone may report a review to Krom staff.</li>
      </ul>

      <h2>Conduct</h2>
      <ul>
        <li>Be on time, be polite, and respect the ride's stated preferences (luggage, smoking, pets).</li>
        <li>Drivers must hold a valid licence, drive a roadworthy, insured vehicle that matches the one on the ride, and obey the road traffic rules.</li>
        <li>No harassment, discrimination, threats, or carrying anything illegal. Keep payment for a Krom booking on Krom.</li>
        <li>Krom may suspend or close an account that breaks these terms, and cancel its bookings and rides (with the refunds above).</li>
      </ul>

      <h2>Women-only rides</h2>
      <p>
        A woman driver may post a ride only women can book. Only verified members whose profile says they are a woman can post or book such a ride.
        Stating your gender is optional, and Krom shows it to nobody.
      </p>

      <h2>Liability</h2>
      <p>
        Drivers and passengers travel at their own responsibility, and the driver is responsible for the vehicle and the driving. Krom checks the
        documents drivers give but cannot guarantee the conduct of any member. As far as Ghana's law allows, Krom is not liable for loss, injury or
        delay on a trip; nothing in these terms limits rights the law gives you that cannot be limited.
      </p>

      <h2>Questions</h2>
      <p>
        Write to <a href={`mailto:${supportContact.email}`}>{supportContact.email}</a> or see <Link to="/contact">Contact Us</Link>. These terms are
        governed by the laws of Ghana.
      </p>
    </LegalLayout>
  );
}
