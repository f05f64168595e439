/**
 * The contract table is the one list of gateway functions: everything else that lists them
 * is derived from it, and must cover exactly its functions.
 */
import { describe, expect, it } from 'vitest';
import {
  functionsWithRole,
  gatewayFunctionAreas,
  gatewayFunctionNames,
  gatewayFunctionRoles,
  gatewayFunctions,
  gatewayRequestSchemas,
} from '../../../src/runtime/contract';
import { handlers } from '../../../src/gateway/handlers';
import { DEFAULT_QUOTAS, QUOTA_CLASSES } from '../../../src/gateway/call/quotas';
import { gatewayApi } from '../../../src/store/gatewayApi';
import { staffApi } from '../../../src/store/staffApi';

const names = [...gatewayFunctionNames].sort();

describe('the gateway contract table', () => {
  it('has each function in one area only', () => {
    const all = Object.values(gatewayFunctionAreas).flatMap((area) => Object.keys(area));
    expect(all.length).toBe(new Set(all).size);
    expect(all.sort()).toEqual(names);
  });

  it('is what the dispatcher dispatches to, one handler per function', () => {
    expect(Object.keys(handlers).sort()).toEqual(names);
    for (const name of names) expect(typeof handlers[name]).toBe('function');
  });

  it('is what the role check and the payload validation read', () => {
    expect(Object.keys(gatewayFunctionRoles).sort()).toEqual(names);
    expect(Object.keys(gatewayRequestSchemas).sort()).toEqual(names);
    const byRole = ['signed-in', 'registered', 'staff'] as const;
    expect(byRole.flatMap((role) => functionsWithRole(role)).sort()).toEqual(names);
    expect(functionsWithRole('staff')).toEqual(Object.keys(gatewayFunctionAreas.staff));
  });

  it('gives the quotas: every function with a quota class has its limits, and no other', () => {
    const limited = names.filter((name) => gatewayFunctions[name].quota !== 'none');
    expect(Object.keys(DEFAULT_QUOTAS).sort()).toEqual(limited);
    for (const name of limited) {
      expect(DEFAULT_QUOTAS[name]).toBe(QUOTA_CLASSES[gatewayFunctions[name].quota]);
    }
  });

  it('makes the browser’s endpoints: one per function, a query or a mutation as declared', () => {
    const endpoints = { ...gatewayApi.endpoints, ...staffApi.endpoints } as Record<
      string,
      { matchFulfilled: unknown; useQuery?: unknown; useMutation?: unknown }
    >;
    expect(Object.keys(endpoints).sort()).toEqual(names);
    for (const name of names) {
      const kind = gatewayFunctions[name].kind;
      expect(kind === 'query' ? endpoints[name]!.useQuery : endpoints[name]!.useMutation).toEqual(
        expect.any(Function),
      );
    }
  });
});
