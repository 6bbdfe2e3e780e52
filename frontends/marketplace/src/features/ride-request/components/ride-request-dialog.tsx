import { searchSeatOptions } from '@krom/contracts/http/rides';
import { IconButton, SubmitButton } from '@krom/ui-kit/button.tsx';
import { DatePicker } from '@krom/ui-kit/date-picker.tsx';
import { LocationField } from '@krom/ui-kit/location-picker.tsx';
import { ModalDialog } from '@krom/ui-kit/modal-dialog.tsx';
import { Select } from '@krom/ui-kit/select.tsx';
import { FormField, TextField } from '@krom/ui-kit/text-field.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import type { RideRequestFormProps } from '../../../components/ride-request-form-slot.tsx';
import { useCreateRideRequest } from '../api/create-ride-request.ts';
import {
  checkRideRequest,
  emptyRideRequestForm,
  type RideRequestField,
  type RideRequestFieldErrors,
  type RideRequestFormValues,
  requestPlaceOf,
  rideRequestFormFor,
  shownPlace,
} from '../ride-request-form.ts';
import { rideRequestTexts as texts } from '../ride-request-texts.ts';
import { TextArea as Notes } from '../../../components/text-area.tsx';

/**
 * The spec's ride request modal: from and to (the location picker), an optional preferred date
 * (past days disabled), passengers 1 to 4, an optional max price per seat, optional notes and
 * how to be told. Both places are needed (a toast says so); the contract's rules check the rest
 * before anything is sent. On success a toast, the form back to its defaults, and the dialog
 * closes; on failure the server's message, and the form stays as filled.
 *
 * A sheet that fills a phone's screen (room for the keyboard), in a portal so it sits over the
 * page like the pickers it opens. Escape and Close leave it, except while the request is on its way.
 */
export function RideRequestDialog({ prefill, onClose }: RideRequestFormProps) {
  const ids = useId();
  const titleId = `${ids}-title`;
  const leadId = `${ids}-lead`;
  const fieldId = (name: string) => `${ids}-${name}`;
  const create = useCreateRideRequest();
  const { toast, toastFailure } = useToast();
  const [values, setValues] = useState<RideRequestFormValues>(() => rideRequestFormFor(prefill));
  const [errors, setErrors] = useState<RideRequestFieldErrors>({});
  // Focus starts on the first field, as the dialog opens.
  const fromButton = useRef<HTMLButtonElement>(null);

  const edit = <Field extends keyof RideRequestFormValues>(field: Field, value: RideRequestFormValues[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    // An edited field's message goes until the next submit.
    if (field in errors) setErrors((current) => ({ ...current, [field as RideRequestField]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkRideRequest(values);
    if (checked.outcome === 'missing-locations') {
      toast({ variant: 'destructive', title: texts.missingTitle, description: texts.missing });
      return;
    }
    if (checked.outcome === 'invalid') {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    create.mutate(checked.request, {
      onSuccess: () => {
        toast({ title: texts.created });
        setValues(emptyRideRequestForm());
        onClose();
      },
      onError: toastFailure(texts.failedTitle, texts.failed),
    });
  };

  const busy = create.isPending;
  return createPortal(
    <ModalDialog layout="sheet" labelledBy={titleId} describedBy={leadId} initialFocus={fromButton} onClose={busy ? undefined : onClose}>
      <Header>
        <div>
          <h2 id={titleId}>{texts.title}</h2>
          <p id={leadId}>{texts.lead}</p>
        </div>
        <IconButton aria-label={texts.close} disabled={busy} onClick={onClose}>
          <svg width="22" height="22" viewBox="0 0 22 22" aria-hidden="true">
            <path d="M5 5l12 12M17 5L5 17" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </IconButton>
      </Header>
      <Form noValidate aria-labelledby={titleId} onSubmit={onSubmit}>
        <Fields>
          <LocationField
            id={fieldId('from')}
            label={texts.from}
            placeholder={texts.fromPlaceholder}
            value={shownPlace(values.from)}
            onChange={(place) => edit('from', place ? requestPlaceOf(place) : null)}
            triggerRef={fromButton}
            {...(errors.from ? { error: errors.from } : {})}
          />
          <LocationField
            id={fieldId('to')}
            label={texts.to}
            placeholder={texts.toPlaceholder}
            value={shownPlace(values.to)}
            onChange={(place) => edit('to', place ? requestPlaceOf(place) : null)}
            {...(errors.to ? { error: errors.to } : {})}
          />
          <DatePicker
            id={fieldId('date')}
            label={texts.preferredDate}
            value={values.preferredDate}
            onChange={(date) => edit('preferredDate', date)}
            {...(errors.preferredDate ? { error: errors.preferredDate } : {})}
          />
          <Select
            label={texts.passengers}
            error={errors.passengers}
            options={searchSeatOptions}
            value={values.passengers}
            onValueChange={(seats) => edit('passengers', Number(seats))}
          />
          <TextField
            label={texts.maxPrice}
            inputMode="decimal"
            autoComplete="off"
            placeholder={texts.maxPricePlaceholder}
            value={values.maxPricePerSeat}
            error={errors.maxPricePerSeat}
            onValueChange={(typed) => edit('maxPricePerSeat', typed)}
          />
          <FormField label={texts.notes} error={errors.notes}>
            {(control) => (
              <Notes
                {...control}
                rows={3}
                maxLength={500}
                placeholder={texts.notesPlaceholder}
                value={values.notes}
                onChange={(event) => edit('notes', event.target.value)}
              />
            )}
          </FormField>
          <Channels>
            <legend>{texts.notifyLegend}</legend>
            <Check>
              <input type="checkbox" checked={values.notifyByEmail} onChange={(event) => edit('notifyByEmail', event.target.checked)} />
              {texts.notifyByEmail}
            </Check>
            <Check>
              <input type="checkbox" checked={values.notifyBySMS} onChange={(event) => edit('notifyBySMS', event.target.checked)} />
              {texts.notifyBySMS}
            </Check>
          </Channels>
        </Fields>
        <Footer>
          <SubmitButton pending={busy} pendingLabel={texts.submitting}>
            {texts.submit}
          </SubmitButton>
        </Footer>
      </Form>
    </ModalDialog>,
    document.body,
  );
}

const Header = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 8px;
  padding: 16px 8px 8px 20px;

  h2 { font-size: 1.25rem; }
  p { margin-top: 4px; font-size: 0.9375rem; color: ${({ theme }) => theme.color.muted}; }
`;

/** The fields scroll between the header and the submit button, which stays in reach of a thumb. */
const Form = styled.form`
  display: flex;
  flex: 1;
  flex-direction: column;
  min-height: 0;
`;

const Fields = styled.div`
  display: grid;
  flex: 1;
  align-content: start;
  gap: 16px;
  padding: 8px 20px 20px;
  overflow-y: auto;
  overscroll-behavior: contain;
`;

const Footer = styled.div`
  padding: 12px 20px 16px;
  border-top: 1px solid ${({ theme }) => theme.color.border};
`;


const Channels = styled.fieldset`
  display: grid;
  gap: 4px;
  margin: 0;
  padding: 0;
  border: 0;

  legend { margin-bottom: 4px; font-size: 0.9375rem; font-weight: 600; }
`;

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: 12px;
  min-height: 44px;

  input { width: 20px; height: 20px; accent-color: ${({ theme }) => theme.color.primary}; }
`;
