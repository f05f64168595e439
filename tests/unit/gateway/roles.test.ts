import type { DecodedIdToken } from 'firebase-admin/auth';
import { describe, expect, it } from 'vitest';
import {
  functionsWithRole,
  gatewayFunctionRoles,
  gatewayRequestSchemas,
} from '../../../src/runtime/contract';
import { requireRole } from '../../../src/gateway/call/roles';

function tokenOf(provider: string, claims: Record<string, unknown> = {}): DecodedIdToken {
  return { uid: 'u1', firebase: { sign_in_provider: provider }, ...claims } as never;
}

describe('gatewayFunctionRoles', () => {
  it('declares a role for exactly the functions of the contract', () => {
    expect(Object.keys(gatewayFunctionRoles).sort()).toEqual(
      Object.keys(gatewayRequestSchemas).sort(),
    );
  });

  it('splits the functions into the three roles, staff functions by name', () => {
    const all = [
      ...functionsWithRole('signed-in'),
      ...functionsWithRole('registered'),
      ...functionsWithRole('staff'),
    ];
    expect(all.sort()).toEqual(Object.keys(gatewayRequestSchemas).sort());
    for (const name of functionsWithRole('staff')) expect(name).toMatch(/^staff/);
    expect(functionsWithRole('registered')).toContain('mergeAnonymousUser');
  });
});

describe('requireRole', () => {
  it('lets any session call a signed-in function', async () => {
    await expect(requireRole('signed-in', 'u1', tokenOf('anonymous'))).resolves.toBeUndefined();
  });

  it('refuses an anonymous session a registered function, and lets an account through', async () => {
    await expect(requireRole('registered', 'u1', tokenOf('anonymous'))).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await expect(requireRole('registered', 'u1', tokenOf('password'))).resolves.toBeUndefined();
    await expect(requireRole('registered', 'u1', tokenOf('custom'))).resolves.toBeUndefined();
  });

  it('refuses a staff function to a token without the staff claim, before any lookup', async () => {
    await expect(requireRole('staff', 'u1', tokenOf('password'))).rejects.toMatchObject({
      code: 'permission-denied',
    });
  });
});
