import { Fragment, type ReactNode } from 'react';
import styled from 'styled-components';

/** A licence plate is read whole: on a 360 px phone "AS-2171-21" broke after its second hyphen. */
export const LicencePlate = styled.span`
  white-space: nowrap;
`;

/** A vehicle's short facts on one line (colour, plate, seats), ` · ` between those present; wrap the plate in LicencePlate. */
export function FactsLine({ parts }: { parts: ReactNode[] }) {
  return parts.filter(Boolean).map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts are in a fixed order.
    <Fragment key={index}>
      {index > 0 ? ' · ' : null}
      {part}
    </Fragment>
  ));
}
