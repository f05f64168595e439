/**
 * How long calls take on a running `npm start`, one after another on a quiet stack: the
 * gateway's own query straight to Firestore (a claimant's claims, `where('userId', '==', uid)`)
 * and `getClaim` through the gateway as a claimant's first page makes it. The start-up figures
 * take them on an empty store and on one of many claims, to see that volume does not slow them.
 */
import { performance } from 'node:perf_hooks';
import { getFirestore } from 'firebase-admin/firestore';
import vehicleClaim from '../../funnels/vehicle-claim.json';
import { EMULATOR_HOST, EMULATOR_PORTS } from '../../src/runtime/constants';
import { adminApp } from '../lib/adminApp';
import { GATEWAY_URL } from '../stack/localStack';
import { documentationAddress } from './loadCalls';

const DIRECT_CALLS = 1000;
const CLAIMANTS = 5;
const GET_CLAIMS_EACH = 40;
/**
 * Calls made first and not counted: the first calls after a start pay once for what volume
 * does not change (the gateway's cold start took 400-600 ms, the first queries 40-70 ms).
 */
const WARM_UP_CALLS = 10;
const SIGN_UP_URL = `http://${EMULATOR_HOST}:${EMULATOR_PORTS.auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`;

export interface VolumeLatency {
  /** Times of the direct Firestore query, sorted (ms). */
  directMs: number[];
  /** Times of getClaim through the gateway, sorted (ms). */
  getClaimMs: number[];
}

async function timed(call: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await call();
  return performance.now() - started;
}

/** `uidOf(i)`: a claimant whose claims the direct query asks for (stored ones, or any). */
export async function measureVolumeLatency(uidOf: (i: number) => string): Promise<VolumeLatency> {
  const claims = getFirestore(adminApp()).collection('claims');
  const directMs: number[] = [];
  for (let i = 0; i < WARM_UP_CALLS + DIRECT_CALLS; i += 1) {
    const uid = uidOf(i);
    const ms = await timed(() => claims.where('userId', '==', uid).get());
    if (i >= WARM_UP_CALLS) directMs.push(ms);
  }
  const getClaimMs: number[] = [];
  for (let c = 0; c < CLAIMANTS; c += 1) {
    const signUp = await fetch(SIGN_UP_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ returnSecureToken: true }),
    });
    const { idToken } = (await signUp.json()) as { idToken: string };
    const headers = {
      'content-type': 'application/json',
      authorization: `Bearer ${idToken}`,
      'x-forwarded-for': documentationAddress(),
    };
    const warmUp = c === 0 ? WARM_UP_CALLS : 0;
    for (let i = 0; i < warmUp + GET_CLAIMS_EACH; i += 1) {
      const body = JSON.stringify({
        data: {
          functionName: 'getClaim',
          data: { funnelId: vehicleClaim.funnelId },
          sentAt: Date.now(),
        },
      });
      const ms = await timed(async () => {
        const response = await fetch(GATEWAY_URL, { method: 'POST', headers, body });
        const text = await response.text();
        if (!response.ok)
          throw new Error(`getClaim answered ${response.status}: ${text.slice(0, 200)}`);
      });
      if (i >= warmUp) getClaimMs.push(ms);
    }
  }
  return {
    directMs: directMs.sort((a, b) => a - b),
    getClaimMs: getClaimMs.sort((a, b) => a - b),
  };
}

export function percentileOf(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}
