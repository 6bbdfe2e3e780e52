import { rideMessages } from '@krom/contracts/http/ride-values';
import { ghanaToday } from '@krom/contracts/ghana-time';
import { DatePicker } from '@krom/ui-kit/date-picker.tsx';
import { TimePicker } from '@krom/ui-kit/time-picker.tsx';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { type DateTimeDraft, readDraft, useDraft } from '../ride-draft.ts';
import { wizardTexts } from '../wizard-texts.ts';
import { StepAlert } from './step-alert.tsx';
import { StepForm, StepNavigation, WizardScreen } from './wizard-screen.tsx';

/** /create-ride-datetime, step 2: the departure's date and time. */
export function DateTimeStepPage() {
  return (
    <WizardScreen step={2} title={wizardTexts.dateTimeTitle} lead={wizardTexts.dateTimeLead}>
      {(user) => <DateTimeStep userId={user.id} />}
    </WizardScreen>
  );
}

/** Whether a date and time (Ghana keeps GMT all year, so UTC) are already past. */
export function isPast({ date, time }: DateTimeDraft, now: Date = new Date()): boolean {
  const today = ghanaToday(now);
  if (date !== today) return date < today;
  return time <= now.toISOString().slice(11, 16);
}

function DateTimeStep({ userId }: { userId: string }) {
  const [hasRoute] = useState(() => {
    const route = readDraft(userId, 'route');
    return Boolean(route?.departure && route.destination);
  });
  // The steps go in order: without a route there is nothing to date yet.
  if (!hasRoute) return <Navigate to="/create-ride" replace />;
  return <DateTimeForm userId={userId} />;
}

function DateTimeForm({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const [dateTime, setDateTime] = useDraft(userId, 'dateTime');
  const [problem, setProblem] = useState<string | null>(null);

  const edit = (next: DateTimeDraft) => {
    setDateTime(next);
    setProblem(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!dateTime.date || !dateTime.time) {
      setProblem(wizardTexts.dateTimeMissing);
      return;
    }
    // A draft kept from another day can hold a date the calendar no longer offers.
    if (isPast(dateTime)) {
      setProblem(rideMessages.pastDeparture);
      return;
    }
    navigate('/create-ride-seats-price');
  };

  return (
    <StepForm noValidate onSubmit={onSubmit} aria-label={wizardTexts.dateTimeTitle}>
      <DatePicker id="departure-date" label={wizardTexts.date} value={dateTime.date} onChange={(date) => edit({ ...dateTime, date })} />
      <TimePicker id="departure-time" label={wizardTexts.time} value={dateTime.time} onChange={(time) => edit({ ...dateTime, time })} />
      {problem ? <StepAlert>{problem}</StepAlert> : null}
      <StepNavigation back="/create-ride" />
    </StepForm>
  );
}
