import { describe, expect, it } from 'vitest';
import { isShownOnConsole } from '../../../scripts/stack/consoleLines';

describe('what npm start shows on the console', () => {
  it('shows our own progress lines', () => {
    expect(isShownOnConsole('Building the gateway function…')).toBe(true);
    expect(isShownOnConsole('Loaded 12 Firestore documents from .data/local/firestore.json')).toBe(
      true,
    );
  });

  it('hides the emulators’ routine chatter', () => {
    for (const line of [
      '[emulators] i  emulators: Starting emulators: auth, functions',
      '[emulators] ✔  All emulators ready! It is now safe to connect your app.',
      '[web]   VITE v8.3.8  ready in 544 ms',
      '[emulators] i  functions: Finished "europe-west2-gateway" in 29.596467ms',
    ]) {
      expect(isShownOnConsole(line)).toBe(false);
    }
  });

  it('hides the warnings every offline start prints, which need no action', () => {
    expect(
      isShownOnConsole(
        '[emulators] ⚠  Unable to fetch the CLI MOTD and remote config. This is not a fatal error',
      ),
    ).toBe(false);
    expect(
      isShownOnConsole(
        '[emulators] ⚠  functions: Your requested "node" version "22" doesn\'t match your global version "20". Using node@20 from host.',
      ),
    ).toBe(false);
  });

  it('shows real problems', () => {
    for (const line of [
      '[emulators] ⚠  functions: Failed to load function definition from source: FirebaseError',
      '[web] Error: Cannot find module ./missing',
      '[gateway-build] ✖ [ERROR] Could not resolve "./nope"',
      '[emulators] >  {"severity":"ERROR","message":"gateway call failed"}',
    ]) {
      expect(isShownOnConsole(line)).toBe(true);
    }
  });
});
