/**
 * The only reader of process.env in the gateway. Everything configurable is read once here,
 * so a reader can see every setting the function depends on in one place.
 */
export interface GatewayConfig {
  /** True under the Functions emulator: nothing leaves the machine. */
  isEmulator: boolean;
  /** How many confirmUserExists calls one caller may make per window (anti-enumeration). */
  confirmUserExistsLimit: { maxCalls: number; windowMs: number };
  /** The raw environment handed to outside-service configuration (keys are never logged). */
  serviceEnv: Record<string, string | undefined>;
}

function readPositiveInt(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

export function readGatewayConfig(
  env: Record<string, string | undefined> = process.env,
): GatewayConfig {
  return {
    isEmulator: env.FUNCTIONS_EMULATOR === 'true',
    confirmUserExistsLimit: {
      maxCalls: readPositiveInt(env.CONFIRM_USER_EXISTS_MAX_CALLS, 10),
      windowMs: readPositiveInt(env.CONFIRM_USER_EXISTS_WINDOW_MS, 60 * 60 * 1000),
    },
    serviceEnv: env,
  };
}
