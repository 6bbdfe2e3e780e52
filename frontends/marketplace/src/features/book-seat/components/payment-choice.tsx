import type { BookingPaymentMethod } from '@krom/contracts/http/booking-values';
import { type MobileMoneyProvider, mobileMoneyProviders, suggestMobileMoneyProvider } from '@krom/contracts/http/mobile-money-values';
import { PhoneField } from '@krom/ui-kit/phone-field.tsx';
import { Select } from '@krom/ui-kit/select.tsx';
import { ChoiceOption, ChoiceSet } from '../../../components/booking-mode-choice.tsx';
import { bookSeatTexts as texts } from '../book-seat-texts.ts';

/** How the passenger pays, as the form holds it: the wallet only matters for mobile money. */
export type PaymentChoiceValue = { method: BookingPaymentMethod; network: MobileMoneyProvider | ''; number: string };

/** The choice to start from: cash, and the profile's phone as the wallet with the network its prefix suggests. */
export const firstPaymentChoice = (phone: string): PaymentChoiceValue => ({ method: 'cash', network: suggestMobileMoneyProvider(phone) ?? '', number: phone });

/** The wallet the booking is sent with, once it is complete. */
export const walletOf = (choice: PaymentChoiceValue) =>
  choice.method === 'mobile_money' && choice.network !== '' && choice.number.trim() !== '' ? { phone: choice.number.trim(), network: choice.network } : undefined;

const explained: Record<BookingPaymentMethod, string> = { cash: texts.cashExplained, mobile_money: texts.mobileMoneyExplained };

/**
 * Cash to the driver, or mobile money (the network and the number the prompt goes to). A number
 * typed suggests its network by its prefix, until the passenger picks one themselves.
 */
export function PaymentChoice({ value, onChange }: { value: PaymentChoiceValue; onChange: (value: PaymentChoiceValue) => void }) {
  return (
    <>
      <ChoiceSet>
        <legend>{texts.paymentLegend}</legend>
        {(['cash', 'mobile_money'] as const).map((method) => (
          <ChoiceOption key={method}>
            <input type="radio" name="payment-method" value={method} checked={value.method === method} onChange={() => onChange({ ...value, method })} />
            <span>
              <strong>{texts.paymentMethodName[method]}</strong>
              <small>{explained[method]}</small>
            </span>
          </ChoiceOption>
        ))}
      </ChoiceSet>
      {value.method === 'mobile_money' ? (
        <>
          <PhoneField
            label={texts.walletNumber}
            value={value.number}
            onValueChange={(number) => onChange({ ...value, number, network: suggestMobileMoneyProvider(number) ?? value.network })}
            required
          />
          <Select
            label={texts.walletNetwork}
            placeholder={texts.chooseNetwork}
            options={mobileMoneyProviders.map((network) => ({ value: network, label: texts.networkName[network] }))}
            value={value.network}
            onValueChange={(network) => onChange({ ...value, network: network as MobileMoneyProvider })}
          />
        </>
      ) : null}
    </>
  );
}
