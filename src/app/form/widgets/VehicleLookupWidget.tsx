import type { WidgetProps } from '@rjsf/utils';
import type { VehicleSpecs } from '../../../runtime/contract';
import { useGetMotorSpecsMutation } from '../../../store/gatewayApi';
import { LookupWidget, lookupOutcome } from './LookupWidget';

/** Which page answer each DVLA field fills, from `ui:options.fill` in the funnel. */
type FillMap = Record<string, keyof VehicleSpecs>;

/** Registration number with "Find vehicle": DVLA details fill the page; the model is still asked. */
export function VehicleLookupWidget(props: WidgetProps) {
  const fill = (props.options.fill ?? {}) as FillMap;
  const [getMotorSpecs] = useGetMotorSpecsMutation();
  const lookupVehicle = (registrationNumber: string) =>
    lookupOutcome(async () => {
      const result = await getMotorSpecs({ registrationNumber }).unwrap();
      return result.status === 'found'
        ? { status: 'found' as const, value: result.vehicle }
        : result;
    }, 'Sorry, the vehicle lookup is not working at the moment.');
  return (
    <LookupWidget
      widget={props}
      buttonLabel="Find vehicle"
      busyLabel="Finding vehicle…"
      lookup={lookupVehicle}
      manualHint="Enter the vehicle details below yourself."
      renderFound={(vehicle, fillAnswers) => {
        const answers = Object.fromEntries(
          Object.entries(fill)
            .map(([answer, field]) => [answer, vehicle[field]] as const)
            .filter(([, value]) => value !== undefined),
        );
        return (
          <div className="notice notice--success">
            <p>
              We found a{' '}
              {[vehicle.colour, vehicle.make].filter(Boolean).join(' ').toLowerCase() || 'vehicle'}
              {vehicle.yearOfManufacture ? ` made in ${vehicle.yearOfManufacture}` : ''}.
            </p>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => fillAnswers(answers)}
            >
              Use these details
            </button>
          </div>
        );
      }}
    />
  );
}
