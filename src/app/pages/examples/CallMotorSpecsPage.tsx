import { useState, type FormEvent } from 'react';
import type { MotorSpecsResult } from '../../../runtime/contract';
import { MONTH_NAMES } from '../../../runtime/funnel';
import { gatewayApi, isGatewayQueryError } from '../../../store/gatewayApi';
import { ErrorSummary } from '../../ui/ErrorSummary';
import { usePageTitle } from '../../usePageTitle';
import { examplesText } from './examplesText';

function monthOf(value: string): string {
  const [year, month] = value.split('-');
  return `${MONTH_NAMES[Number(month) - 1] ?? month} ${year}`;
}

/** Vehicle lookup with the DVLA Vehicle Enquiry Service, for registered users (route guard `auth`). */
// eslint-disable-next-line max-lines-per-function -- not yet split: one screen, its state, handlers and markup read together
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
              value={registration}
              aria-describedby={`registrationNumber-hint${error ? ' registrationNumber-error' : ''}`}
              aria-invalid={error ? true : undefined}
              onChange={(e) => setRegistration(e.target.value)}
            />
          </div>
        </div>
        <button type="submit" className="button" disabled={busy}>
          {examplesText(busy ? 'lookup.busy' : 'lookup.submit')}
        </button>
      </form>
      <div aria-live="polite">
        {result?.status === 'found' && (
          <dl className="summary-list" data-testid="vehicle">
            {[
              [examplesText('lookup.registration'), result.vehicle.registrationNumber],
              [examplesText('lookup.make'), result.vehicle.make],
              [examplesText('lookup.colour'), result.vehicle.colour],
              [examplesText('lookup.fuelType'), result.vehicle.fuelType],
              [examplesText('lookup.yearOfManufacture'), result.vehicle.yearOfManufacture],
              [
                examplesText('lookup.firstRegistered'),
                result.vehicle.monthOfFirstRegistration &&
                  monthOf(result.vehicle.monthOfFirstRegistration),
              ],
              [
                examplesText('lookup.engineSize'),
                result.vehicle.engineCapacity &&
                  examplesText('lookup.engineCapacity', {
                    capacity: result.vehicle.engineCapacity,
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
        )}
        {result && result.status !== 'found' && (
          <div className="notice" data-testid="vehicle-message">
            {result.message}
          </div>
        )}
      </div>
    </div>
  );
}
