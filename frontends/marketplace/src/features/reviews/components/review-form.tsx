import { maxReviewRating, type ReviewInput, reviewInputSchema } from '@krom/contracts/http/reviews';
import { failureText, serverFieldErrors } from '@krom/ui-kit/api-request.ts';
import { Button } from '@krom/ui-kit/button.tsx';
import { FormField, useFieldText } from '@krom/ui-kit/text-field.tsx';
import { firstMessages } from '@krom/ui-kit/use-validated-form.ts';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';
import { TextArea } from '../../../components/text-area.tsx';
import { useSubmitReview } from '../api/reviews.ts';

type Values = { rating: number | null; comment: string };
type Errors = Partial<Record<keyof Values, string>>;
const fields = ['rating', 'comment'] as const;

/** "5 stars" as a star group names its choices. */
const starsText = (count: number) => `${count} star${count === 1 ? '' : 's'}`;

/**
 * Stars 1 to 5 as one radio group (arrow keys move between them), drawn as stars: the chosen one
 * and those before it filled.
 */
export function StarRatingInput({ value, onChange, error }: { value: number | null; onChange: (rating: number) => void; error?: string | undefined }) {
  const name = useId();
  const { control, messages } = useFieldText({ error });
  return (
    <Stars role="radiogroup" aria-invalid={control['aria-invalid']} aria-describedby={control['aria-describedby']}>
      <legend>Rating</legend>
      <div>
        {Array.from({ length: maxReviewRating }, (_, index) => index + 1).map((count) => (
          <label key={count} data-filled={value !== null && count <= value ? '' : undefined}>
            <input type="radio" name={name} value={count} checked={value === count} onChange={() => onChange(count)} />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{starsText(count)}</span>
          </label>
        ))}
      </div>
      {messages}
    </Stars>
  );
}

/**
 * A review of the other side of one booking: stars and a comment, checked by the contract's rules
 * before sending (its messages under each field); the server's refusals (already reviewed, too
 * late) shown above the button. `onDone` hears of the review written.
 */
export function ReviewForm({ bookingId, commentLabel, onDone }: { bookingId: string; commentLabel: string; onDone: () => void }) {
  const [values, setValues] = useState<Values>({ rating: null, comment: '' });
  const [errors, setErrors] = useState<Errors>({});
  const submit = useSubmitReview();
  const failure = submit.isError && Object.keys(serverFieldErrors(submit.error)).length === 0 ? failureText(submit.error, 'Your review could not be sent. Please try again.') : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = reviewInputSchema.safeParse({ rating: values.rating ?? undefined, comment: values.comment });
    if (!checked.success) {
      setErrors(firstMessages<Values>(checked.error.issues, fields));
      return;
    }
    setErrors({});
    submit.mutate(
      { bookingId, review: checked.data satisfies ReviewInput },
      {
        onSuccess: onDone,
        onError: (error) => setErrors(serverFieldErrors(error) as Errors),
      },
    );
  };

  return (
    <Form onSubmit={onSubmit} noValidate>
      <StarRatingInput value={values.rating} onChange={(rating) => setValues((now) => ({ ...now, rating }))} error={errors.rating} />
      <FormField label={commentLabel} error={errors.comment} hint="At least 10 characters">
        {(control) => (
          <TextArea {...control} rows={3} value={values.comment} onChange={(event) => setValues((now) => ({ ...now, comment: event.target.value }))} />
        )}
      </FormField>
      {failure ? <p role="alert">{failure}</p> : null}
      <div>
        <Button type="submit" disabled={submit.isPending}>
          {submit.isPending ? 'Sending...' : 'Submit review'}
        </Button>
      </div>
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  gap: 12px;
`;

const Stars = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 4px;

  legend { font-weight: 600; margin-bottom: 4px; }
  > div { display: flex; gap: 4px; }
  label {
    position: relative;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-width: 44px;
    min-height: 44px;
    font-size: 1.75rem;
    color: ${({ theme }) => theme.color.border};
    cursor: pointer;
  }
  label[data-filled] { color: ${({ theme }) => theme.color.star}; }
  input { position: absolute; opacity: 0; inset: 0; margin: 0; cursor: pointer; }
  label:has(input:focus-visible) { outline: 2px solid ${({ theme }) => theme.color.primary}; border-radius: 8px; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
`;
