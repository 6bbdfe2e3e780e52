import type { BookingPaymentMethod } from '@krom/contracts/http/booking-values';
import { type MobileMoneyProvider, mobileMoneyProviders, suggestMobileMoneyProvider } from '@krom/contracts/http/mobile-money-values';
import type { PaymentMethod } from '@krom/contracts/http/payments';
import { PhoneField } from '@krom/ui-kit/phone-field.tsx';
import { Select } from '@krom/ui-kit/select.tsx';
import { ChoiceOption, ChoiceSet } from '../../../components/booking-mode-choice.tsx';
import { bookSeatTexts as texts } from '../book-seat-texts.ts';

/**
 * How the passenger pays, as the form holds it: the wallet only matters for mobile money. `savedId`
 * is the saved number chosen to pay from, null for a number typed here, undefined while the
 * passenger has chosen neither (then the saved default, once the list has come, or the typed one).
 */
export type PaymentChoiceValue = { method: BookingPaymentMethod; network: MobileMoneyProvider | ''; number: string; savedId?: string | null };

/** The choice to start from: cash, and the profile's phone as the wallet with the network its prefix suggests. */
export const firstPaymentChoice = (phone: string): PaymentChoiceValue => ({ method: 'cash', network: suggestMobileMoneyProvider(phone) ?? '', number: phone });

/** The saved number the choice pays from, if any: the one chosen, or the default while none was chosen. */
export function savedWalletOf(choice: PaymentChoiceValue, saved: readonly PaymentMethod[]): PaymentMethod | undefined {
  if (choice.savedId === null) return undefined;
  if (choice.savedId === undefined) return saved.find((method) => method.isDefault) ?? saved[0];
  return saved.find((method) => method.id === choice.savedId);
}

/** What the booking is paid from, once complete: a saved number by its id (the server knows its full number) or the number typed. */
export function walletOf(choice: PaymentChoiceValue, saved: readonly PaymentMethod[] = []): { paymentMethodId: string } | { wallet: { phone: string; network: MobileMoneyProvider } } | undefined {
  if (choice.method !== 'mobile_money') return undefined;
  const savedWallet = savedWalletOf(choice, saved);
  if (savedWallet) return { paymentMethodId: savedWallet.id };
  return choice.network !== '' && choice.number.trim() !== '' ? { wallet: { phone: choice.number.trim(), network: choice.network } } : undefined;
}

const explained: Record<BookingPaymentMethod, string> = { cash: texts.cashExplained, mobile_money: texts.mobileMoneyExplained };

/**
 * Cash to the driver, or mobile money: one of the member's saved numbers (shown masked, as the
 * Payments screen lists them, the default chosen first) or "Use another number" to type one with
 * its network. A number typed suggests its network by its prefix, until the passenger picks one.
 */
export function PaymentChoice({ value, saved = [], onChange }: { value: PaymentChoiceValue; saved?: readonly PaymentMethod[]; onChange: (value: PaymentChoiceValue) => void }) {
  const chosenSaved = savedWalletOf(value, saved);
  // Typing a number is choosing it over a saved one.
  const typed = (change: Partial<PaymentChoiceValue>) => onChange({ ...value, ...change, savedId: null });
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
      {value.method === 'mobile_money' && saved.length > 0 ? (
        <ChoiceSet>
          <legend>{texts.payFrom}</legend>
          {saved.map((method) => (
            <ChoiceOption key={method.id}>
              <input type="radio" name="wallet" value={method.id} checked={chosenSaved?.id === method.id} onChange={() => onChange({ ...value, savedId: method.id })} />
              <span>
                <strong>{texts.savedWallet(texts.networkName[method.provider], method.number)}</strong>
                {method.isDefault ? <small>{texts.savedDefault}</small> : null}
              </span>
            </ChoiceOption>
          ))}
          <ChoiceOption>
            <input type="radio" name="wallet" value="" checked={chosenSaved === undefined} onChange={() => onChange({ ...value, savedId: null })} />
            <span>
              <strong>{texts.anotherNumber}</strong>
            </span>
          </ChoiceOption>
        </ChoiceSet>
      ) : null}
      {value.method === 'mobile_money' && chosenSaved === undefined ? (
        <>
          <PhoneField
            label={texts.walletNumber}
            value={value.number}
            onValueChange={(number) => typed({ number, network: suggestMobileMoneyProvider(number) ?? value.network })}
            required
          />
          <Select
            label={texts.walletNetwork}
            placeholder={texts.chooseNetwork}
            options={mobileMoneyProviders.map((network) => ({ value: network, label: texts.networkName[network] }))}
            value={value.network}
            onValueChange={(network) => typed({ network: network as MobileMoneyProvider })}
          />
        </>
      ) : null}
    </>
  );
}
