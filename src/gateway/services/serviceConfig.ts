/**
 * Which outside services this deployment can use. Configuration is read only from the
 * object passed in (the gateway passes `process.env`, which Firebase fills from its
 * secrets), so tests and the dev stack can describe any situation without touching the
 * real environment.
 */
import { SecretValue } from './secretValue';

export { SecretValue } from './secretValue';

/** Names of the environment variables read by {@link readServiceConfig}. */
const SERVICE_ENV_NAMES = {
  dvlaBaseUrl: 'DVLA_API_BASE_URL',
  dvlaApiKey: 'DVLA_API_KEY',
  addressProvider: 'ADDRESS_PROVIDER',
  addressBaseUrl: 'ADDRESS_API_BASE_URL',
  addressApiKey: 'ADDRESS_API_KEY',
} as const;

/** The address APIs the gateway can speak to. */
export type AddressProvider = 'ideal-postcodes' | 'getaddress';

/** Every accepted value of ADDRESS_PROVIDER. */
const ADDRESS_PROVIDERS: readonly AddressProvider[] = ['ideal-postcodes', 'getaddress'];

/** A service this deployment cannot use, and which settings are missing or wrong. */
export interface UnconfiguredService {
  configured: false;
  /** Variables that are absent or blank. */
  missing: string[];
  /** Variables that are set but unusable (an unknown provider, a base URL that is not http(s)). */
  invalid: string[];
}

/** DVLA Vehicle Enquiry Service settings. */
export type DvlaServiceConfig =
  { configured: true; baseUrl: string; apiKey: SecretValue } | UnconfiguredService;

/** Address lookup settings. */
export type AddressServiceConfig =
  | { configured: true; provider: AddressProvider; baseUrl: string; apiKey: SecretValue }
  | UnconfiguredService;

/** Settings of every outside service. */
interface ServiceConfig {
  dvla: DvlaServiceConfig;
  address: AddressServiceConfig;
}

/** The shape of `process.env`. */
type ServiceEnvironment = Readonly<Record<string, string | undefined>>;

/** Collects one service's problems while its variables are read. */
class SettingsReader {
  readonly missing: string[] = [];
  readonly invalid: string[] = [];

  constructor(private readonly env: ServiceEnvironment) {}

  /** The trimmed value, or undefined (and noted as missing) when absent or blank. */
  text(name: string): string | undefined {
    const value = this.env[name]?.trim();
    if (value) return value;
    this.missing.push(name);
    return undefined;
  }

  /** An http(s) URL without a trailing slash, so paths can be appended with "/". */
  baseUrl(name: string): string | undefined {
    const value = this.text(name);
    if (value === undefined) return undefined;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      this.invalid.push(name);
      return undefined;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      this.invalid.push(name);
      return undefined;
    }
    return value.replace(/\/+$/, '');
  }

  addressProvider(name: string): AddressProvider | undefined {
    const value = this.text(name)?.toLowerCase();
    if (value === undefined) return undefined;
    const provider = ADDRESS_PROVIDERS.find((candidate) => candidate === value);
    if (provider === undefined) this.invalid.push(name);
    return provider;
  }

  /** What went wrong; call only after some setting came back undefined. */
  problems(): UnconfiguredService {
    return { configured: false, missing: this.missing, invalid: this.invalid };
  }
}

function readDvlaConfig(env: ServiceEnvironment): DvlaServiceConfig {
  const reader = new SettingsReader(env);
  const baseUrl = reader.baseUrl(SERVICE_ENV_NAMES.dvlaBaseUrl);
  const apiKey = reader.text(SERVICE_ENV_NAMES.dvlaApiKey);
  // Every undefined setting was recorded as missing or invalid by the reader.
  if (baseUrl === undefined || apiKey === undefined) return reader.problems();
  return { configured: true, baseUrl, apiKey: new SecretValue(apiKey) };
}

function readAddressConfig(env: ServiceEnvironment): AddressServiceConfig {
  const reader = new SettingsReader(env);
  const provider = reader.addressProvider(SERVICE_ENV_NAMES.addressProvider);
  const baseUrl = reader.baseUrl(SERVICE_ENV_NAMES.addressBaseUrl);
  const apiKey = reader.text(SERVICE_ENV_NAMES.addressApiKey);
  if (provider === undefined || baseUrl === undefined || apiKey === undefined) {
    return reader.problems();
  }
  return { configured: true, provider, baseUrl, apiKey: new SecretValue(apiKey) };
}

/**
 * Reads the settings of every outside service from `env` (pass `process.env`). Never
 * throws: a service with missing or invalid settings is reported as not configured, and
 * its client then tells the claimant to enter the details by hand.
 */
export function readServiceConfig(env: ServiceEnvironment): ServiceConfig {
  return { dvla: readDvlaConfig(env), address: readAddressConfig(env) };
}

/**
 * A one-line, log-safe summary (no keys) of the configuration, for the gateway's start-up
 * log, e.g. "dvla: configured (https://…); address: not configured (missing ADDRESS_API_KEY)".
 */
export function describeServiceConfig(config: ServiceConfig): string {
  const describe = (
    name: string,
    service: DvlaServiceConfig | AddressServiceConfig,
    extra = '',
  ): string => {
    if (service.configured) return `${name}: configured (${extra}${service.baseUrl})`;
    const problems = [
      ...(service.missing.length ? [`missing ${service.missing.join(', ')}`] : []),
      ...(service.invalid.length ? [`invalid ${service.invalid.join(', ')}`] : []),
    ];
    return `${name}: not configured (${problems.join('; ')})`;
  };
  const address = config.address;
  return [
    describe('dvla', config.dvla),
    describe('address', address, address.configured ? `${address.provider} at ` : ''),
  ].join('; ');
}
