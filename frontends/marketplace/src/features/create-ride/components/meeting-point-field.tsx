import type { RoutePoint } from '@krom/contracts/http/places';
import { Button } from '@krom/ui-kit/button.tsx';
import { TextField } from '@krom/ui-kit/text-field.tsx';
import { Stack } from '@krom/ui-kit/layout.tsx';
import styled from 'styled-components';
import { useNearbyStation } from '../api/get-nearby-station.ts';
import { wizardTexts } from '../wizard-texts.ts';

/**
 * Where passengers meet the driver at a chosen place: the driver's own words, or with one tap the
 * bus station or landmark the server finds near the place (none is chosen for them).
 */
export function MeetingPointField({
  label,
  place,
  value,
  onChange,
}: {
  label: string;
  place: RoutePoint;
  value: string;
  onChange: (text: string) => void;
}) {
  const station = useNearbyStation(place);
  const suggestion = station.data?.station?.name;
  return (
    <Stack $gap={8}>
      <TextField
        label={label}
        hint={wizardTexts.meetingPointHint}
        placeholder={wizardTexts.meetingPointPlaceholder}
        maxLength={200}
        value={value}
        onValueChange={onChange}
      />
      {suggestion && suggestion !== value.trim() ? (
        <Suggestion>
          <Button $variant="secondary" onClick={() => onChange(suggestion)}>
            {wizardTexts.suggestedMeetingPoint(suggestion)}
          </Button>
        </Suggestion>
      ) : null}
    </Stack>
  );
}

const Suggestion = styled.div`
  /* A long station name wraps inside the button on a 360 px phone rather than pushing it off screen. */
  button { max-width: 100%; white-space: normal; text-align: left; }
`;
