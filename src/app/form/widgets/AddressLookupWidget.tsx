import type { WidgetProps } from '@rjsf/utils';
import type { AddressChoice } from '../../../runtime/contract';
import { gatewayApi } from '../../../store/gatewayApi';
import { claimPagesText } from '../claimPagesText';
import { LookupWidget, lookupOutcome } from './LookupWidget';

/** Which page answer each address part fills, from `ui:options.fill` in the funnel. */
type FillMap = Record<string, keyof AddressChoice>;

/** Postcode with "Find address" (GOV.UK address lookup): pick one, or type the address below. */
export function AddressLookupWidget(props: WidgetProps) {
  // RJSF types ui:options values as any; `fill` maps address parts to sibling fields in our ui schemas.
  const fill = (props.options.fill ?? {}) as FillMap;
  const selectId = `${props.id}__address`;
  const [lookupAddress] = gatewayApi.useLookupAddressMutation();
  const lookupAddresses = (postcode: string) =>
    lookupOutcome(async () => {
      const result = await lookupAddress({ postcode }).unwrap();
      return result.status === 'found'
        ? { status: 'found' as const, value: result.addresses }
        : result;
    }, claimPagesText('address.unavailable'));
  return (
    <LookupWidget
      widget={props}
      buttonLabel={claimPagesText('address.find')}
      busyLabel={claimPagesText('address.finding')}
      lookup={lookupAddresses}
      manualHint={claimPagesText('address.manual')}
      renderFound={(addresses, fillAnswers) => (
        <div className="field lookup__choice">
          <label htmlFor={selectId}>{claimPagesText('address.select')}</label>
          <select
            id={selectId}
            defaultValue=""
            onChange={(event) => {
              const chosen = addresses.find((address) => address.id === event.target.value);
              if (!chosen) return;
              fillAnswers(
                Object.fromEntries(
                  Object.entries(fill)
                    .map(([answer, part]) => [answer, chosen[part] ?? ''] as const)
                    .filter(([, value]) => value !== ''),
                ),
              );
            }}
          >
            <option value="" disabled>
              {claimPagesText('address.found', { count: addresses.length })}
            </option>
            {addresses.map((address) => (
              <option key={address.id} value={address.id}>
                {address.label}
              </option>
            ))}
          </select>
          <p className="field__hint">{claimPagesText('address.filledIn')}</p>
        </div>
      )}
    />
  );
}
