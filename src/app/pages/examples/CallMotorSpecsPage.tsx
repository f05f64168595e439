import { useState, type FormEvent } from 'react';
import type { MotorSpecsResult } from '../../../runtime/contract';
import { MONTH_NAMES } from '../../../runtime/funnel';
import { gatewayApi, isGatewayQueryError } from '../../../store/gatewayApi';
import { ErrorSummary } from '../../ui/ErrorSummary';
import { usePageTitle } from '../../usePageTitle';
import { examplesText } from './examplesText';

type FoundVehicle = Extract<MotorSpecsResult, { status: 'found' }>['vehicle'];

function monthOf(value: string): string {
  const [year, month] = value.split('-');
  return `${MONTH_NAMES[Number(month) - 1] ?? month} ${year}`;
}

/** Vehicle lookup with the DVLA Vehicle Enquiry Service, for registered users (route guard `auth`). */
export function CallMotorSpecsPage() {
  usePageTitle(examplesText('lookup.title'));
  const [registration, setRegistration] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Each failed lookup moves focus to the summary once.
  const [failures, setFailures] = useState(0);
  const fail = (message: string) => {
    setError(message);
    setFailures((count) => count + 1);
  };
  const [result, setResult] = useState<MotorSpecsResult | null>(null);
  const [getMotorSpecs, { isLoading: busy }] = gatewayApi.useGetMotorSpecsMutation();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setResult(null);
    if (!registration.trim()) {
      fail(examplesText('lookup.enterRegistration'));
      return;
    }
    setError(null);
    try {
      setResult(await getMotorSpecs({ registrationNumber: registration }).unwrap());
    } catch (failure) {
      fail(
        (isGatewayQueryError(failure) ? failure.fields[0]?.message : undefined) ??
          examplesText('lookup.notWorking'),
      );
    }
  }

  return (
    <div className="narrow">
      <ErrorSummary
        errors={error ? [{ fieldId: 'registrationNumber', message: error }] : []}
        focusKey={failures}
      />
      <h1>{examplesText('lookup.title')}</h1>
      <p className="lead">{examplesText('lookup.intro')}</p>
      <form noValidate onSubmit={onSubmit}>
        <RegistrationField value={registration} error={error} onChange={setRegistration} />
        <button type="submit" className="button" disabled={busy}>
          {examplesText(busy ? 'lookup.busy' : 'lookup.submit')}
        </button>
      </form>
      <div aria-live="polite">
        {result?.status === 'found' && <VehicleDetails vehicle={result.vehicle} />}
        {result && result.status !== 'found' && (
          <div className="notice" data-testid="vehicle-message">
            {result.message}
          </div>
        )}
      </div>
    </div>
  );
}

/** The registration number's field, with its hint and the lookup's error when there is one. */
function RegistrationField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor="registrationNumber">{examplesText('lookup.label')}</label>
      <p className="field__hint" id="registrationNumber-hint">
        {examplesText('lookup.hint')}
      </p>
      {error && (
        <p className="field__error" id="registrationNumber-error">
          <span className="visually-hidden">{examplesText('lookup.errorPrefix')}</span> {error}
        </p>
      )}
      <div className="width-10">
        <input
          id="registrationNumber"
          name="registrationNumber"
          className="form-control"
          type="text"
          spellCheck={false}
          autoCapitalize="characters"
          value={value}
          aria-describedby={`registrationNumber-hint${error ? ' registrationNumber-error' : ''}`}
          aria-invalid={error ? true : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
    </div>
  );
}

/** What the lookup found, a row for each detail the vehicle record has. */
function VehicleDetails({ vehicle }: { vehicle: FoundVehicle }) {
  return (
    <dl className="summary-list" data-testid="vehicle">
      {[
        [examplesText('lookup.registration'), vehicle.registrationNumber],
        [examplesText('lookup.make'), vehicle.make],
        [examplesText('lookup.colour'), vehicle.colour],
        [examplesText('lookup.fuelType'), vehicle.fuelType],
        [examplesText('lookup.yearOfManufacture'), vehicle.yearOfManufacture],
        [
          examplesText('lookup.firstRegistered'),
          vehicle.monthOfFirstRegistration && monthOf(vehicle.monthOfFirstRegistration),
        ],
        [
          examplesText('lookup.engineSize'),
          vehicle.engineCapacity &&
            examplesText('lookup.engineCapacity', {
              capacity: vehicle.engineCapacity,
            }),
        ],
      ]
        .filter(([, value]) => value !== undefined && value !== '')
        .map(([label, value]) => (
          <div className="summary-list__row" key={String(label)}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
