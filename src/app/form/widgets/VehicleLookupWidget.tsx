import type { WidgetProps } from '@rjsf/utils';
import type { VehicleSpecs } from '../../../runtime/contract';
import { gatewayApi } from '../../../store/gatewayApi';
import { claimPagesText } from '../claimPagesText';
import { LookupWidget, lookupOutcome } from './LookupWidget';

/** Which page answer each DVLA field fills, from `ui:options.fill` in the funnel. */
type FillMap = Record<string, keyof VehicleSpecs>;

/** Registration number with "Find vehicle": DVLA details fill the page; the model is still asked. */
export function VehicleLookupWidget(props: WidgetProps) {
  // RJSF types ui:options values as any; `fill` maps vehicle details to sibling fields in our ui schemas.
  const fill = (props.options.fill ?? {}) as FillMap;
  const [getMotorSpecs] = gatewayApi.useGetMotorSpecsMutation();
  const lookupVehicle = (registrationNumber: string) =>
    lookupOutcome(async () => {
      const result = await getMotorSpecs({ registrationNumber }).unwrap();
      return result.status === 'found'
        ? { status: 'found' as const, value: result.vehicle }
        : result;
    }, claimPagesText('vehicle.unavailable'));
  return (
    <LookupWidget
      widget={props}
      buttonLabel={claimPagesText('vehicle.find')}
      busyLabel={claimPagesText('vehicle.finding')}
      lookup={lookupVehicle}
      manualHint={claimPagesText('vehicle.manual')}
      renderFound={(vehicle, fillAnswers) => {
        const answers = Object.fromEntries(
          Object.entries(fill)
            .map(([answer, field]) => [answer, vehicle[field]] as const)
            .filter(([, value]) => value !== undefined),
        );
        // DVLA's colour and make, as words in the sentence ("a silver ford").
        const described =
          [vehicle.colour, vehicle.make].filter(Boolean).join(' ').toLowerCase() ||
          claimPagesText('vehicle.anyVehicle');
        return (
          <div className="notice notice--success">
            <p>
              {vehicle.yearOfManufacture
                ? claimPagesText('vehicle.foundMadeIn', {
                    vehicle: described,
                    year: vehicle.yearOfManufacture,
                  })
                : claimPagesText('vehicle.found', { vehicle: described })}
            </p>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => fillAnswers(answers)}
            >
              {claimPagesText('vehicle.useDetails')}
            </button>
          </div>
        );
      }}
    />
  );
}
