import type { PlaceDetails } from '@krom/contracts/http/places';
import { maxWizardStops } from '@krom/contracts/http/ride-values';
import { Button, IconButton } from '@krom/ui-kit/button.tsx';
import { LocationField } from '@krom/ui-kit/location-picker.tsx';
import { FormField } from '@krom/ui-kit/text-field.tsx';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Stack } from '@krom/ui-kit/layout.tsx';
import styled from 'styled-components';
import { type RouteDraft, toDraftPlace, useDraft } from '../ride-draft.ts';
import { wizardTexts } from '../wizard-texts.ts';
import { MeetingPointField } from './meeting-point-field.tsx';
import { StepAlert } from './step-alert.tsx';
import { StepForm, StepNavigation, WizardScreen } from './wizard-screen.tsx';

/** /create-ride, step 1: departure, destination, up to 5 stops, where passengers meet the driver at each, and a description. */
export function RouteStepPage() {
  return (
    <WizardScreen step={1} title={wizardTexts.routeTitle} lead={wizardTexts.routeLead}>
      {(user) => <RouteStep userId={user.id} />}
    </WizardScreen>
  );
}

let stopSequence = 0;
const newStopId = () => {
  stopSequence += 1;
  return `stop-${Date.now().toString(36)}-${stopSequence}`;
};

function RouteStep({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const [route, setRoute] = useDraft(userId, 'route');
  const [problem, setProblem] = useState<string | null>(null);
  const addStopButton = useRef<HTMLButtonElement>(null);
  // Where focus goes once the stops have changed: the new stop's field, or Add Stop after a removal.
  const focusNext = useRef<string | null>(null);

  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    if (target === 'add-stop') addStopButton.current?.focus();
    else document.getElementById(target)?.focus();
  });

  const edit = (next: RouteDraft) => {
    setRoute(next);
    setProblem(null);
  };

  const addStop = () => {
    if (route.stops.length >= maxWizardStops) return;
    const id = newStopId();
    focusNext.current = id;
    edit({ ...route, stops: [...route.stops, { id, location: '', locationData: null }] });
  };

  const setStop = (id: string, place: PlaceDetails | null) =>
    edit({
      ...route,
      // Another place: the meeting point set for the last one no longer holds.
      stops: route.stops.map((stop) => (stop.id === id ? { id, location: place?.name ?? '', locationData: toDraftPlace(place) } : stop)),
    });

  const setStopMeetingPoint = (id: string, meetingPoint: string) =>
    edit({ ...route, stops: route.stops.map((stop) => (stop.id === id ? { ...stop, meetingPoint } : stop)) });

  const removeStop = (id: string) => {
    focusNext.current = 'add-stop';
    edit({ ...route, stops: route.stops.filter((stop) => stop.id !== id) });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!route.departure || !route.destination) {
      setProblem(wizardTexts.routeMissing);
      return;
    }
    // A stop row left without a place is not a stop.
    setRoute({ ...route, stops: route.stops.filter((stop) => stop.locationData) });
    navigate('/create-ride-datetime');
  };

  return (
    <StepForm noValidate onSubmit={onSubmit} aria-label={wizardTexts.routeTitle}>
      <LocationField
        id="departure"
        label={wizardTexts.departure}
        placeholder={wizardTexts.departurePlaceholder}
        value={route.departure}
        onChange={(place) => edit({ ...route, departure: toDraftPlace(place), meetingPoint: undefined })}
      />
      {route.departure ? (
        <MeetingPointField
          label={wizardTexts.meetingPoint}
          place={route.departure}
          value={route.meetingPoint ?? ''}
          onChange={(meetingPoint) => edit({ ...route, meetingPoint })}
        />
      ) : null}
      <Stops aria-labelledby="stops-title">
        <legend id="stops-title">{wizardTexts.stops}</legend>
        <Hint>{wizardTexts.stopsHint}</Hint>
        {route.stops.map((stop, index) => (
          <Stack $gap={8} key={stop.id}>
            <StopRow>
              <LocationField
                id={stop.id}
                label={wizardTexts.stop(index + 1)}
                value={stop.locationData}
                onChange={(place) => setStop(stop.id, place)}
              />
              <RemoveButton aria-label={wizardTexts.removeStop(index + 1)} onClick={() => removeStop(stop.id)}>
                <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M5 7h14M10 7V5h4v2M7 7l1 12h8l1-12" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </RemoveButton>
            </StopRow>
            {stop.locationData ? (
              <MeetingPointField
                label={wizardTexts.stopMeetingPoint(index + 1)}
                place={stop.locationData}
                value={stop.meetingPoint ?? ''}
                onChange={(meetingPoint) => setStopMeetingPoint(stop.id, meetingPoint)}
              />
            ) : null}
          </Stack>
        ))}
        <div>
          <Button ref={addStopButton} $variant="secondary" onClick={addStop} disabled={route.stops.length >= maxWizardStops}>
            {wizardTexts.addStop(route.stops.length)}
          </Button>
        </div>
      </Stops>
      <LocationField
        id="destination"
        label={wizardTexts.destination}
        placeholder={wizardTexts.destinationPlaceholder}
        value={route.destination}
        onChange={(place) => edit({ ...route, destination: toDraftPlace(place) })}
      />
      <FormField label={wizardTexts.description}>
        {(control) => (
          <TextArea
            {...control}
            rows={3}
            maxLength={500}
            placeholder={wizardTexts.descriptionPlaceholder}
            value={route.description}
            onChange={(event) => edit({ ...route, description: event.target.value })}
          />
        )}
      </FormField>
      {problem ? <StepAlert>{problem}</StepAlert> : null}
      <StepNavigation />
    </StepForm>
  );
}

const Stops = styled.fieldset`
  display: grid;
  gap: 12px;
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;

  legend { padding: 0; font-size: 0.9375rem; font-weight: 600; }
`;

const Hint = styled.p`
  margin-top: -6px;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.muted};
`;

const StopRow = styled.div`
  display: grid;
  grid-template-columns: 1fr auto;
  align-items: end;
  gap: 4px;
`;

const RemoveButton = styled(IconButton)`
  margin-bottom: 2px;
  color: ${({ theme }) => theme.color.danger};
  &:hover { background: ${({ theme }) => theme.color.dangerSoft}; }
`;

const TextArea = styled.textarea`
  width: 100%;
  min-height: 88px;
  padding: 10px 14px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.background};
  font: inherit;
  resize: vertical;

  &::placeholder { color: ${({ theme }) => theme.color.muted}; opacity: 0.8; }
  &:focus { border-color: ${({ theme }) => theme.color.primary}; }
`;
