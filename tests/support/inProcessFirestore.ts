import { afterEach } from 'vitest';
import {
  startFirestoreEmulator,
  type RunningFirestoreEmulator,
} from '../../scripts/stack/firestoreEmulator';

/**
 * Node Firestore emulators started in the test's own process, each stopped after its test.
 * Port 0: any free port, so a test never meets a running stack.
 */
export function inProcessFirestore(): () => Promise<RunningFirestoreEmulator> {
  const running: RunningFirestoreEmulator[] = [];
  afterEach(() => {
    for (const emulator of running.splice(0)) emulator.stop();
  });
  return async () => {
    const started = await startFirestoreEmulator('127.0.0.1', 0);
    running.push(started);
    return started;
  };
}
